// Arranging the Rummy hand (docs/rules/rummy.md: display only, at any time, also off turn): a card dragged onto
// another takes its place, Shift + Left / Right moves the focused card; the order is kept per table and deal
// (table/hand-order.js). A drag also carries the picked cards to a meld or the pile (melds.js). Mixed into the game
// module (`Object.assign`), which supplies `shell`, `cards`, `selected`, `round` and `order`.
import { DRAG_TYPE } from "../../table/components/hand.js";
import { storeOrder } from "../../table/hand-order.js";

export const handArranging = {
  // A drag from the hand carries its card, and the picked cards with it when it is one of them.
  dragStart(event, code, key) {
    const picked = this.selected.has(key) ? this.cards(this.shell.frame).filter((c) => this.selected.has(c.key)) : [];
    this.dragging = { key, code, cards: picked.length > 1 ? picked.map((c) => c.code) : [code] };
    event.dataTransfer.setData(DRAG_TYPE, code);
    event.dataTransfer.effectAllowed = "move";
    setTimeout(() => this.shell.render(), 0);  // dim the card being carried (not while the browser takes its picture)
  },

  dragEnd() {
    this.dragging = null;
    this.target = null;
    this.shell.render();
  },

  handDragOver(event) {
    if (!this.dragging) return;
    event.preventDefault();
  },

  // Rearranging (rules: display only, any time, also off turn): the dragged card takes the place of the one it is
  // dropped on, the others close up.
  handDrop(event, key) {
    event.preventDefault();
    event.stopPropagation();
    const dragged = this.dragging?.key;
    if (!dragged || dragged === key) return this.dragEnd();
    this.moveCard(dragged, key);
    this.dragEnd();
  },

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
