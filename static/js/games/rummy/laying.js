// Laying new melds down at the Rummy table (docs/rules/rummy.md §5.2, §5.3; docs/decisions-rummy.md "Table", T-2,
// T-4): "Lay down" lays the picked cards, or with nothing picked the hinted melds, and never a joker; cards dragged
// onto the table (or picked and sent with Enter, the keyboard's drag) may take jokers with them. The server
// decides either way. Mixed into the game module (`Object.assign`), which supplies `shell`, `send`, `step`,
// `melds` and `pickedCodes`.
import { t, interpolate } from "../../i18n.js";
import { JOKER } from "../../cards/rummy.js";
import { handCode } from "./melds.js";

export const meldLaying = {
  // The melds `cards` (hand codes) make up: the hinted melds they cover exactly, else the cards as one meld.
  groupsOf(frame, cards) {
    const left = {};
    for (const c of cards) left[c] = (left[c] || 0) + 1;
    const chosen = [];
    for (const group of this.melds(frame)?.groups || []) {
      const need = {};
      for (const e of group) need[handCode(e)] = (need[handCode(e)] || 0) + 1;
      if (Object.entries(need).every(([c, n]) => (left[c] || 0) >= n)) {
        for (const [c, n] of Object.entries(need)) left[c] -= n;
        chosen.push(group);
      }
    }
    return Object.values(left).every((n) => n === 0) && chosen.length ? chosen : [cards];
  },

  // The hinted melds of the hand without its jokers ({groups, values, total, opens}, the server's
  // `natural_melds`; the `melds` hint itself when the hand holds no joker), or null.
  naturalMelds(frame) {
    return (frame.view.hand || []).includes(JOKER) ? frame.hints?.natural_melds || null : this.melds(frame);
  },

  // What "Lay down" sends now: {groups}, or {why} it is off ("" when the picked cards say it themselves).
  layDownPlan(frame) {
    const picked = this.pickedCodes(frame);
    if (picked.includes(JOKER)) return { why: t("Lay down lays no joker: drag the picked cards onto the table.") };
    if (picked.length) return picked.length >= 3 ? { groups: this.groupsOf(frame, picked) } : { why: "" };
    const melds = this.melds(frame);
    if (!melds) return { why: t("Your hand holds no set or run yet.") };
    const natural = this.naturalMelds(frame);
    if (natural?.opens) return { groups: natural.groups };
    if (melds.opens) return { why: t("Your melds need a joker: drag the joker onto the table.") };
    return { why: interpolate(t("Your melds are worth %(value)s; the first ones need %(minimum)s."),
      { value: melds.total, minimum: frame.view.options.opening_min }) };
  },

  // "Lay down" (and Enter in the hand with nothing picked).
  layDown(frame) {
    if (this.step(frame) !== "main") return;
    const plan = this.layDownPlan(frame);
    if (plan.groups) this.send({ meld: plan.groups });
    else if (plan.why) this.shell.showNotice(plan.why, "info");
  },

  // Cards dragged onto the table, or picked and sent with Enter: laid with their jokers as the melds they make up.
  // One card alone lays the hinted meld that holds it (a joker dragged onto the table takes its meld along), or
  // the whole hinted opening while the seat has not opened (the opening is one action, rules §5.3).
  layDownCards(frame, cards) {
    if (this.step(frame) !== "main") return;
    if (cards.length >= 3) { this.send({ meld: this.groupsOf(frame, cards) }); return; }
    const groups = this.melds(frame)?.groups || [];
    const group = cards.length === 1 ? groups.find((g) => g.some((e) => handCode(e) === cards[0])) : null;
    if (!group) { this.shell.showNotice(t("Pick the cards of a meld, then drag them onto the table."), "info"); return; }
    const opened = frame.view.opened?.[this.shell.mySeat];
    this.send({ meld: opened ? [group] : groups });
  },
};
