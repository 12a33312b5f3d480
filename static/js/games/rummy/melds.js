// The melds on the Rummy table (docs/rules/rummy.md §5.3-§5.5; docs/decisions-rummy.md "Table"): each drawn with
// who laid it; a lay-off by dragging cards onto it (dragging.js; a blue arrow at the end they would go) or by
// picking cards and then the meld; a joker swap by dropping the card the joker stands for on it. Mixed into the
// game module (`Object.assign`), which supplies `shell`, `send`, `step`, `pickedCodes` and `target`.
import { html } from "../../view.js";
import { t, interpolate } from "../../i18n.js";
import { RummyCard, JOKER, cardIndex } from "../../cards/rummy.js";
import { seatName } from "../../table/frame.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

// "JK=9H" (a joker standing for 9H) -> "JK"; a natural code stays as it is: the card the entry takes from a hand.
export const handCode = (entry) => (entry.startsWith(JOKER) ? JOKER : entry);
// The card a meld entry shows: the joker for "JK=9H", the code itself otherwise.
const standIn = (entry) => (entry.startsWith(`${JOKER}=`) ? entry.slice(3) : null);
const rankOf = (code) => code.slice(0, -1);
// Many melds on the table are drawn smaller, so that the felt keeps its height and the piles stay in sight.
// The notice for a joker sent by a click or a tap (the seed: "Jokers kunnen enkel en alleen worden gesleept").
export const JOKER_BY_DRAG = () => t("Jokers move by drag: drag it onto the pile or the table.");
export const meldDensity = (count) => (count > 8 ? "dense" : count > 4 ? "compact" : "");

export const meldPlay = {
  // Where a lay-off of `cards` onto meld `i` would go: "start" or "end" of the meld (a run grows at either end).
  layOffEnd(meld, cards) {
    if (meld.type !== "run") return "end";
    const first = meld.cards.map((e) => standIn(e) || e)[0];
    const firstRank = RANKS.indexOf(rankOf(first));
    const natural = cards.find((c) => c !== JOKER);
    if (!natural) return "end";
    const rank = RANKS.indexOf(rankOf(natural));
    if (rank === 0) return firstRank === 1 ? "start" : "end";  // an ace goes low before a 2, else high after the K
    return rank < firstRank ? "start" : "end";
  },

  // Lay `cards` off onto meld i; a joker whose place is open either way goes where the listed lay-off puts it.
  layOff(frame, i, cards) {
    if (this.step(frame) !== "main") return;
    if (cards.length === 1 && cards[0] === JOKER) {
      const listed = (frame.legal || []).filter((a) => a.lay_off?.meld === i).map((a) => a.lay_off.cards[0])
        .filter((e) => handCode(e) === JOKER);
      this.send({ lay_off: { meld: i, cards: [listed[0] || JOKER] } });
      return;
    }
    this.send({ lay_off: { meld: i, cards } });
  },

  swapJoker(frame, i, card) {
    if (this.step(frame) !== "main") return;
    this.send({ swap_joker: { meld: i, card } });
  },

  // Picked cards and then a meld (its button, the keyboard's target): lay the picked cards off onto it. A joker
  // goes only by drag or by the keyboard's Enter (a pointer's click has `detail` > 0; rules file T-4).
  clickMeld(i, event) {
    const frame = this.shell.frame;
    if (this.step(frame) !== "main") return;
    const picked = this.pickedCodes(frame);
    if (!picked.length) { this.shell.showNotice(t("Pick the cards to lay off, then the meld."), "info"); return; }
    if (picked.includes(JOKER) && event.detail > 0) { this.shell.showNotice(JOKER_BY_DRAG(), "info"); return; }
    this.layOff(frame, i, picked);
  },

  // The swaps the picked card makes (legal `swap_joker`), as [{meld, card}].
  swaps(frame) {
    const picked = this.pickedCodes(frame);
    if (picked.length !== 1) return [];
    return (frame.legal || []).filter((a) => a.swap_joker && a.swap_joker.card === picked[0]).map((a) => a.swap_joker);
  },

  meld(frame, meld, i) {
    const target = this.target?.meld === i ? this.target : null;
    const arrow = (end) => (target && target.end === end ? html`<span class="meld-arrow" data-end=${end} aria-hidden="true">${end === "start" ? "➜" : "⬅"}</span>` : null);
    const label = interpolate(t("Meld %(number)s by %(name)s"), { number: i + 1, name: seatName(frame, meld.by) });
    return html`<div class=${target ? "meld drop-over" : "meld"} key=${i} data-meld=${i} data-by=${meld.by}>
      <button type="button" class="meld-button" data-meld=${i} onClick=${(e) => this.clickMeld(i, e)}>
        <span class="visually-hidden">${`${label}: ${meld.cards.map((e) => (standIn(e) ? `${cardIndex(JOKER)} (${cardIndex(standIn(e))})` : cardIndex(e))).join(" ")}`}</span>
        ${arrow("start")}
        ${meld.cards.map((entry, j) => {
          const joker = entry.startsWith(JOKER);
          const swapHere = target?.joker === j;
          return html`<span class=${["meld-card", joker ? "meld-joker" : "", swapHere ? "swap-here" : ""].filter(Boolean).join(" ")}
            key=${j} aria-hidden="true" data-card=${entry} data-at=${j}><${RummyCard} code=${handCode(entry)}/>${
              joker && standIn(entry) ? html`<small class="stands-for">${cardIndex(standIn(entry))}</small>` : null}</span>`;
        })}
        ${arrow("end")}
      </button>
      <span class="meld-by">${seatName(frame, meld.by)}</span>
    </div>`;
  },
};
