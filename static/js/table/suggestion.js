// "Suggest a move" (docs/decisions-tables.md "Suggest a move") on the table: at a table whose host switched it on, the person whose turn it is may
// ask which move the standard bot would make with their cards. The server answers this socket alone
// ({"type": "suggestion", "version", "action"}, games/consumers/suggestions.py); the page says it in a sentence
// (static/js/replay/sentences.js, the replay viewer's words) and marks what to press: the cards of the hand the
// action names, the dialog's button of its value, or the game's own control for it. Nothing is played for the
// person; the suggestion is forgotten as soon as the table moves.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { sentence } from "../replay/sentences.js";

// The game controls of actions without a card or a dialog button (the ids of static/js/games/*.js).
const CONTROLS = {
  draw: (value) => (value === "stock" ? "#rummy-stock" : "#rummy-pile"),
  thanks: () => "#thanks-button",
  predict: () => "#prediction-input",
  discard: (value) => (Array.isArray(value) ? "#discard-button" : null),
  handful: () => "#handful-button",
};

// The values a question dialog's button may carry for an action: "kind:value" (Tarock's calls, "contract:rufer",
// "pass:true"), the bare value (a Jass trump, "S"), or the kind alone for a yes (Schieber's {"push": true} is the
// "push" button); a Weis is the dialog's "Declare", or its "No Weis" for no group (static/js/games/*.js).
function dialogValues(kind, value) {
  if (kind === "weis") return [Array.isArray(value) && value.length ? "declare" : ""];
  if (value !== null && typeof value === "object") return [];
  return [`${kind}:${value}`, String(value), ...(value === true ? [kind] : [])];
}

// The card codes an action names (a meld's stand-in "JK=QH" is the joker), in order, repeats kept.
function cardsOf(value) {
  if (typeof value === "string") return [value.split("=")[0]];
  if (Array.isArray(value)) return value.flatMap(cardsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(cardsOf);
  return [];
}

export class Suggestion {
  constructor(shell) {
    this.shell = shell;
    this.asked = null;  // the version asked at, until the answer (or a refusal) comes
    this.answer = null;  // {version, action} of the last suggestion
  }

  // Whether the frame's table gives suggestions (the host's "Suggest a move", shown to every seat and watcher).
  on(frame) { return !!frame?.table.suggestions; }

  // The table's terms line: every seat and watcher sees that suggestions are on.
  badge(frame) {
    if (!this.on(frame)) return null;
    return html`<p class="table-suggestions" id="table-suggestions">${t("Suggestions are on at this table: on your turn you may ask which move the standard bot would make.")}</p>`;
  }

  // The current suggestion, if it is of the version shown.
  current() {
    const answer = this.answer;
    return answer && answer.version === this.shell.version ? answer : null;
  }

  // The "Suggest a move" button of the seat whose turn it is, in the action bar.
  bar(frame) {
    if (!this.on(frame) || !this.shell.myTurn()) return null;
    const waiting = this.asked === this.shell.version;
    return html`<div class="suggestion-bar">
      <button type="button" id="suggest-button" disabled=${waiting} onClick=${() => this.ask()}>${t("Suggest a move")}</button>
    </div>`;
  }

  // The suggestion's sentence, once it came, on its own line above the hand: in the action bar, which stays at the
  // bottom of the window, a long one (a discard of six cards) would lie over the hand.
  line(frame) {
    const answer = this.on(frame) && this.shell.myTurn() ? this.current() : null;
    if (!answer) return null;
    return html`<p class="suggestion-line" id="suggestion-line" role="status">${this.text(frame, answer.action)}</p>`;
  }

  text(frame, action) {
    const shell = this.shell;
    const move = sentence(shell.game, shell.labels || {}, shell.seatName(shell.mySeat), action);
    return interpolate(t("Suggested move: %(move)s"), { move });
  }

  ask() {
    this.asked = this.shell.version;
    this.shell.send({ type: "suggest", version: this.shell.version });
    this.shell.render();
  }

  // The server's answer: kept for the version it was made at (a later frame makes it stale).
  received(frame) {
    this.asked = null;
    if (frame.version !== this.shell.version) return;
    this.answer = { version: frame.version, action: frame.action };
    this.shell.render();
  }

  // A refusal of this socket's last frame: a pending question is asked no more.
  refused() {
    if (this.asked === null) return;
    this.asked = null;
    this.shell.render();
  }

  // After each drawing: mark what the current suggestion names (class "suggested"), unmark the rest.
  mark(mount) {
    for (const el of mount.querySelectorAll(".suggested")) el.classList.remove("suggested");
    const answer = this.current();
    if (!answer || !this.shell.myTurn()) return;
    const [kind] = Object.keys(answer.action);
    const value = answer.action[kind];
    const marked = [];
    for (const code of cardsOf(value)) {
      const card = [...mount.querySelectorAll(`#hand [data-card="${CSS.escape(code)}"]`)].find((c) => !marked.includes(c));
      if (card) marked.push(card);
    }
    const button = dialogValues(kind, value).map((v) => mount.querySelector(`#dialog button[data-value="${CSS.escape(v)}"]`)).find(Boolean);
    if (button) marked.push(button);
    const control = CONTROLS[kind]?.(value);
    const element = control ? mount.querySelector(control) : null;
    if (element) marked.push(element);
    for (const el of marked) el.classList.add("suggested");
  }
}
