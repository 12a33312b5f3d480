// Keyboard play at the table, for every game (docs/decisions-tables.md "Game modules", keyboard): the hand is one
// Tab stop whose cards the arrows move among (a roving tabindex), as are the question dialog's buttons; Space
// presses the focused card (it picks a card in a choice, plays it otherwise), Enter plays it, or in a choice of
// several cards confirms the choice through the game's `confirm(frame)`; Escape closes the open sheet, cancels a
// question that has a cancel button (value "") and leaves "Last trick"; N starts the next deal, or a new game once
// the match is over; a game's own `key(event, target)` is asked first. When something new waits for the player (a question, their turn in the hand, the score
// sheet) and the focus is not elsewhere on the page, it moves there.

const CARDS = "#hand .card:not(:disabled)";
const TYPING = "input:not([type=checkbox]):not([type=radio]):not([type=button]), textarea, select, [contenteditable]";
// Where the focus may be taken from when a new prompt comes: the table's own flow, not the chat or the bar.
const FLOW = "#hand, #dialog, .sheet-dialog, #actions";

export class TableKeys {
  // shell: the table shell (its mount, frame, game, ui and actions).
  constructor(shell) {
    this.shell = shell;
    this.card = null;  // the data-card of the hand's roving card (the one Tab reaches)
    this.prompt = null;  // what waited for the player at the last redraw (its focus was given once)
    this.sheet = null;  // the id of the sheet open at the last redraw
    document.addEventListener("keydown", (event) => this.onKey(event));
    shell.mount.addEventListener("focusin", (event) => {
      const card = event.target.closest?.("#hand .card");
      if (!card) return;
      this.card = card.dataset.card;
      for (const other of this.cards()) other.tabIndex = other === card ? 0 : -1;
    });
  }

  cards() { return [...this.shell.mount.querySelectorAll(CARDS)]; }

  // The hand's card Tab reaches: the last focused one while it is in hand, else the first legal, else the first.
  rovingCard(cards = this.cards()) {
    return cards.find((c) => c.dataset.card === this.card) || cards.find((c) => c.classList.contains("legal")) || cards[0] || null;
  }

  // After every redraw: one hand card in the Tab order, and the focus to what newly waits for the player.
  afterRender() {
    const cards = this.cards();
    const roving = this.rovingCard(cards);
    for (const card of cards) card.tabIndex = card === roving ? 0 : -1;
    const sheet = this.shell.mount.querySelector(".sheet-dialog[open]")?.id || null;
    if (this.sheet && !sheet && this.focusIsFree()) {  // a sheet just closed: back to the button that reopens it
      this.shell.mount.querySelector(this.sheet === "match-dialog" ? "#match-sheet-button" : "#score-sheet-button")?.focus();
    }
    this.sheet = sheet;
    const [prompt, target] = this.waiting(roving);
    if (prompt === this.prompt) return;
    this.prompt = prompt;
    if (target && this.focusIsFree()) target.focus();
  }

  // [key, element] of what waits for the player now: the question dialog, the score sheet, or their turn in the
  // hand ([null, null]: nothing).
  waiting(roving) {
    const mount = this.shell.mount;
    const dialog = mount.querySelector("#dialog[open]");
    if (dialog) {
      // the first control, never the primary one: Enter at once must not bid or announce a slam by surprise
      const first = dialog.querySelector("input, button");
      return [`dialog:${this.shell.version}:${dialog.dataset.kind}`, first || null];
    }
    const sheet = mount.querySelector(".sheet-dialog[open]");
    if (sheet) {
      const next = ["#next-deal", "#rematch-button", ".sheet-close"].map((s) => sheet.querySelector(s)).find(Boolean);
      return [`sheet:${sheet.id}:${this.shell.frame?.table.round?.number}`, next];
    }
    if (roving && this.shell.myTurn()) return [`hand:${this.shell.frame?.table.round?.number}:${this.shell.frame?.view?.phase}`, roving];
    return [null, null];
  }

  focusIsFree() {
    const active = document.activeElement;
    return !active || active === document.body || !active.isConnected || !!active.closest?.(FLOW);
  }

  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(TYPING)) return;  // typing in the chat or a form: no table keys
    // a game whose actions are not cards of the hand or buttons takes its own keys first ("Game modules")
    const handled = this.shell.game?.key?.(event, target) || this.key(event.key, target);
    if (handled) event.preventDefault();
  }

  // What one key does; returns whether it did something (the browser's own action is then prevented).
  key(key, target) {
    const shell = this.shell;
    const card = target?.closest("#hand .card");
    const button = target?.closest("#dialog .buttons button");
    const arrow = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[key];
    if (arrow) {
      if (card) return this.move(this.cards(), card, arrow);
      if (button) return this.move([...button.parentElement.querySelectorAll("button:not(:disabled)")], button, arrow);
      if (!target || target === document.body) {
        const roving = this.rovingCard();
        roving?.focus();
        return !!roving;
      }
      return false;
    }
    if (key === "Enter" && card?.hasAttribute("aria-pressed")) {  // a choice of several cards: confirm it
      shell.game.confirm?.(shell.frame);
      return true;
    }
    if (key === "Escape") return this.escape();
    if (key === "n" || key === "N") return shell.nextOrNewGame();
    return false;
  }

  // Move the focus by `step` among `items` (wrapping), from `from`.
  move(items, from, step) {
    if (!items.length) return false;
    const at = items.indexOf(from);
    const next = items[(at + step + items.length) % items.length];
    next.focus();
    return true;
  }

  escape() {
    const shell = this.shell;
    if (shell.ui.matchOpen) { shell.setUi({ matchOpen: false }); return true; }
    const frame = shell.frame;
    if (frame?.view && shell.mount.querySelector("#score-dialog")) {
      shell.setUi({ sheetClosed: frame.table.round.number });
      return true;
    }
    const question = frame?.view ? shell.game.question?.(frame) : null;
    if (question && question.key !== shell.ui.answered && question.buttons.some((b) => b.value === "")) {
      shell.answer(question, "");
      return true;
    }
    if (shell.ui.showLast) { shell.setUi({ showLast: false }); return true; }
    return false;
  }
}
