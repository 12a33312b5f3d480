// The melds on the Rummy table (docs/rules/rummy.md §5.3-§5.5; docs/decisions-rummy.md "Table"): each drawn with
// who laid it; a lay-off by dragging cards onto it (a blue arrow at the end they would go) or by picking cards and
// then the meld; a joker swap by dropping the card the joker stands for on it. Mixed into the game module
// (`Object.assign`), which supplies `shell`, `send`, `step`, `pickedCodes`, `dragging`, `dragEnd` and `target`.
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

  meldDragOver(event, i, joker = null) {
    const frame = this.shell.frame;
    if (!this.dragging || this.step(frame) !== "main") return;
    event.preventDefault();
    event.stopPropagation();
    const meld = frame.view.melds[i];
    const swap = joker !== null && this.dragging.cards.length === 1 && this.dragging.code !== JOKER;
    const end = swap ? null : this.layOffEnd(meld, this.dragging.cards);
    if (this.target && this.target.meld === i && this.target.end === end && this.target.joker === joker) return;
    this.target = { meld: i, end, joker: swap ? joker : null };
    this.shell.render();
  },

  meldDragLeave(event, i) {
    if (this.target?.meld !== i || event.currentTarget.contains(event.relatedTarget)) return;
    this.target = null;
    this.shell.render();
  },

  meldDrop(event, i, joker = null) {
    event.preventDefault();
    event.stopPropagation();
    const dragging = this.dragging;
    this.dragEnd();
    if (!dragging) return;
    const frame = this.shell.frame;
    if (joker !== null && dragging.cards.length === 1 && dragging.code !== JOKER) this.swapJoker(frame, i, dragging.code);
    else this.layOff(frame, i, dragging.cards);
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

  // A picked card and a meld button (the keyboard's target): lay the picked cards off onto it.
  clickMeld(i) {
    const frame = this.shell.frame;
    if (this.step(frame) !== "main") return;
    const picked = this.pickedCodes(frame);
    if (!picked.length) { this.shell.showNotice(t("Pick the cards to lay off, then the meld."), "info"); return; }
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
    return html`<div class=${target ? "meld drop-over" : "meld"} key=${i} data-meld=${i} data-by=${meld.by}
      onDragOver=${(e) => this.meldDragOver(e, i)} onDragLeave=${(e) => this.meldDragLeave(e, i)} onDrop=${(e) => this.meldDrop(e, i)}>
      <button type="button" class="meld-button" data-meld=${i} onClick=${() => this.clickMeld(i)}>
        <span class="visually-hidden">${`${label}: ${meld.cards.map((e) => (standIn(e) ? `${cardIndex(JOKER)} (${cardIndex(standIn(e))})` : cardIndex(e))).join(" ")}`}</span>
        ${arrow("start")}
        ${meld.cards.map((entry, j) => {
          const joker = entry.startsWith(JOKER);
          const swapHere = target?.joker === j;
          return html`<span class=${["meld-card", joker ? "meld-joker" : "", swapHere ? "swap-here" : ""].filter(Boolean).join(" ")}
            key=${j} aria-hidden="true" data-card=${entry} data-at=${j}
            onDragOver=${joker ? (e) => this.meldDragOver(e, i, j) : undefined}
            onDrop=${joker ? (e) => this.meldDrop(e, i, j) : undefined}><${RummyCard} code=${handCode(entry)}/>${
              joker && standIn(entry) ? html`<small class="stands-for">${cardIndex(standIn(entry))}</small>` : null}</span>`;
        })}
        ${arrow("end")}
      </button>
      <span class="meld-by">${seatName(frame, meld.by)}</span>
    </div>`;
  },
};
