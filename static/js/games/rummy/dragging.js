// Dragging hand cards at the Rummy table with the mouse, a finger or a pen (static/js/table/pointer-drag.js;
// docs/decisions-rummy.md "Table", T-3, T-4, T-5): onto another hand card to rearrange, onto a meld to lay off (a
// blue arrow at the end the cards would join), onto a meld's joker to swap it, onto the pile to discard, onto the
// free table to lay the cards down as new melds. A drag is the way a joker reaches the table or the pile (the
// seed: "Jokers kunnen enkel en alleen worden gesleept"). Mixed into the game module (`Object.assign`), which
// supplies `shell`, `cards`, `selected`, `step`, `melds`, `send`, `discard`, `layOff`, `swapJoker`, `layOffEnd`,
// `layDownCards` and `moveCard`.
import { JOKER } from "../../cards/rummy.js";
import { PointerDrag } from "../../table/pointer-drag.js";

export const cardDragging = {
  // The drag gesture of the hand's cards (one per table page).
  pointerDrag() {
    this.drag ||= new PointerDrag({
      onStart: (data) => this.dragStart(data),
      onMove: (element) => this.dragOver(element),
      onDrop: (element) => this.dropOn(this.dropAt(element)),
      onCancel: () => this.dragEnd(),
    });
    return this.drag;
  },

  // A hand card pressed: it may become a drag (pointerdown on the card's button).
  pressCard(event, code, key) { this.pointerDrag().start(event, event.currentTarget, { code, key }); },

  // A drag carries its card, and the picked cards with it when it is one of them; only while the deal is played.
  dragStart({ code, key }) {
    const frame = this.shell.frame;
    if (frame?.view?.phase !== "play") return false;
    const picked = this.selected.has(key) ? this.cards(frame).filter((c) => this.selected.has(c.key)) : [];
    this.dragging = { key, code, cards: picked.length > 1 ? picked.map((c) => c.code) : [code] };
    this.target = null;
    this.shell.render();
    return true;
  },

  dragOver(element) {
    const target = this.dropAt(element);
    if (JSON.stringify(target) === JSON.stringify(this.target)) return;
    this.target = target;
    this.shell.render();
  },

  dragEnd() {
    this.dragging = null;
    this.target = null;
    this.shell.render();
  },

  // What a drop on `element` would do: {hand: key} (rearrange), {pile}, {meld, end, joker} (a lay-off, or the swap
  // of the joker at index `joker`), {field} (new melds; `withPile`: the draw step's opening with the pile card,
  // rules §5.7), or null (nothing: a drop there puts the card back).
  dropAt(element) {
    const drag = this.dragging;
    const frame = this.shell.frame;
    if (!element || !drag || !frame?.view) return null;
    const card = element.closest("#hand .card");
    if (card) return card.dataset.key === drag.key ? null : { hand: card.dataset.key };
    const step = this.step(frame);
    if (element.closest("#rummy-pile")) return step === "main" && drag.cards.length === 1 ? { pile: true } : null;
    const meld = element.closest(".meld[data-meld]");
    if (meld) {
      if (step !== "main") return null;
      const i = Number(meld.dataset.meld);
      const joker = element.closest(".meld-joker");
      if (joker && drag.cards.length === 1 && drag.code !== JOKER) return { meld: i, end: null, joker: Number(joker.dataset.at) };
      return { meld: i, end: this.layOffEnd(frame.view.melds[i], drag.cards), joker: null };
    }
    if (!element.closest(".rummy-middle") || element.closest(".rummy-piles")) return null;
    if (step === "main") return { field: true };
    return step === "draw" && frame.hints?.open_with_pile?.length ? { field: true, withPile: true } : null;
  },

  dropOn(target) {
    const drag = this.dragging;
    const frame = this.shell.frame;
    this.dragEnd();
    if (!target || !drag) return;
    if (target.hand) this.moveCard(drag.key, target.hand);
    else if (target.pile) this.discard(frame, drag.code);
    else if (target.withPile) this.send({ draw: "discard", meld: frame.hints.open_with_pile });
    else if (target.field) this.layDownCards(frame, drag.cards);
    else if (target.joker !== null) this.swapJoker(frame, target.meld, drag.code);
    else this.layOff(frame, target.meld, drag.cards);
  },
};
