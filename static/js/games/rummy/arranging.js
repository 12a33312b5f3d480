// Arranging the Rummy hand (docs/rules/rummy.md: display only, at any time, also off turn): a card dragged onto
// another takes its place (dragging.js), Shift + Left / Right moves the focused card; the order is kept per table
// and deal (table/hand-order.js). Mixed into the game module (`Object.assign`), which supplies `shell`, `cards`,
// `selected`, `round` and `order`.
import { storeOrder } from "../../table/hand-order.js";

export const handArranging = {
  // Move the card `from` (a key) to where the card `to` is.
  moveCard(from, to) {
    const frame = this.shell.frame;
    const cards = this.cards(frame);
    const a = cards.findIndex((c) => c.key === from);
    const b = cards.findIndex((c) => c.key === to);
    if (a < 0 || b < 0) return;
    const [moved] = cards.splice(a, 1);
    cards.splice(b, 0, moved);
    this.setOrder(frame, cards.map((c) => c.code), moved.code, b);
  },

  // Keep the new order and the key of the moved card (its copy number may change with its place).
  setOrder(frame, codes, code, at) {
    this.order = codes;
    storeOrder(frame.table.id, this.round, codes);
    const copy = codes.slice(0, at + 1).filter((c) => c === code).length;
    this.selected.clear();
    this.movedKey = `${code}:${copy}`;
    this.shell.render();
    this.shell.mount.querySelector(`#hand .card[data-key="${this.movedKey}"]`)?.focus();
  },

  // Shift + Left / Right on a hand card moves it (the keyboard's rearranging; docs/decisions-rummy.md "Keys").
  key(event, target) {
    const card = target?.closest?.("#hand .card");
    if (!card || !event.shiftKey || !["ArrowLeft", "ArrowRight"].includes(event.key)) return false;
    const frame = this.shell.frame;
    const cards = this.cards(frame);
    const at = cards.findIndex((c) => c.key === card.dataset.key);
    const to = at + (event.key === "ArrowLeft" ? -1 : 1);
    if (at < 0 || to < 0 || to >= cards.length) return true;
    const [moved] = cards.splice(at, 1);
    cards.splice(to, 0, moved);
    this.setOrder(frame, cards.map((c) => c.code), moved.code, to);
    return true;
  },
};
