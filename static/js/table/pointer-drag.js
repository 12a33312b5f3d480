// Dragging a card with any pointer: a mouse, a finger or a pen (Pointer Events; docs/decisions-rummy.md "Dragging").
// The HTML drag and drop API follows a mouse only (a phone's finger scrolls the page or starts nothing), so a card
// that must move by drag on a phone too is carried here: a press that travels past a few pixels becomes a drag, a
// copy of the card follows the pointer, and the game asks what lies under the pointer at each move and at the drop.
// A press that stays put is left to the card's click (a pick); the click that a browser sends after a drag is
// swallowed, so a drag never also picks.

const MOUSE_SLOP = 5;  // px a mouse travels before a press is a drag
const TOUCH_SLOP = 8;  // a finger trembles more

export class PointerDrag {
  // onStart(data) -> bool: a drag begins (false refuses it); onMove(element, data): the element under the pointer
  // (or null) as it moves; onDrop(element, data): released over element; onCancel(data): the drag ends without a
  // drop (Escape, the browser took the pointer over).
  constructor({ onStart, onMove, onDrop, onCancel }) {
    Object.assign(this, { onStart, onMove, onDrop, onCancel });
    this.press = null;  // {id, x, y, source, data, ghost}: the pointer held on a card, ghost once it drags
    window.addEventListener("pointermove", (e) => this.move(e), { passive: false });
    window.addEventListener("pointerup", (e) => this.release(e));
    window.addEventListener("pointercancel", (e) => { if (e.pointerId === this.press?.id) this.cancel(); });
    window.addEventListener("keydown", (e) => { if (e.key === "Escape" && this.press?.ghost) { e.preventDefault(); this.cancel(); } });
  }

  // From the card's pointerdown: `source` is the card's element, `data` what the game gets back.
  start(event, source, data) {
    if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0) || this.press) return;
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, source, data, ghost: null,
      slop: event.pointerType === "mouse" ? MOUSE_SLOP : TOUCH_SLOP };
  }

  dragging() { return !!this.press?.ghost; }

  move(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < press.slop) return;
      if (!this.onStart(press.data)) { this.press = null; return; }
      press.ghost = ghostOf(press.source);
    }
    event.preventDefault();
    const ghost = press.ghost;
    ghost.style.translate = `${event.clientX - ghost.offsetWidth / 2}px ${event.clientY - ghost.offsetHeight * 0.35}px`;
    this.onMove(under(event), press.data);
  }

  release(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    this.press = null;
    if (!press.ghost) return;  // a press that stayed put: the click that follows picks the card
    press.ghost.remove();
    swallowNextClick();
    this.onDrop(under(event), press.data);
  }

  cancel() {
    const press = this.press;
    this.press = null;
    if (!press?.ghost) return;
    press.ghost.remove();
    swallowNextClick();
    this.onCancel(press.data);
  }
}

// What lies under the pointer (the ghost takes no pointer events).
function under(event) { return document.elementFromPoint(event.clientX, event.clientY); }

// The copy of the card that follows the pointer, as wide as the card.
function ghostOf(source) {
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.setAttribute("aria-hidden", "true");
  ghost.style.width = `${source.getBoundingClientRect().width}px`;
  ghost.innerHTML = source.innerHTML;
  document.body.append(ghost);
  return ghost;
}

// The click a browser dispatches after a mouse drag that ends over the card it started on.
function swallowNextClick() {
  const stop = (e) => { e.stopPropagation(); e.preventDefault(); };
  window.addEventListener("click", stop, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", stop, { capture: true }), 0);
}
