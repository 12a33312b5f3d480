// The replay viewer of a finished deal on its hand-history page (docs/decisions-tables.md "Replay viewer"): the table shell (static/js/table/shell.js)
// without a socket draws each step the server replayed with the engine (games/replay_steps.py) through the game's
// own table module, in the viewer's deck; a slider, step buttons and the keys ←/→, Home/End move through the steps;
// every action is read out as a sentence (static/js/replay/sentences.js). Nothing here applies a rule.
import { html, render } from "./view.js";
import { t, interpolate } from "./i18n.js";
import { Shell } from "./table/shell.js";
import { MiniCards } from "./table/components/cards.js";
import { ScoreSheet } from "./table/components/score-sheet.js";
import { SheetDialog } from "./table/components/sheet-dialog.js";
import { sentence } from "./replay/sentences.js";

const KEYS = { ArrowLeft: -1, ArrowRight: 1 };

class ReplayShell extends Shell {
  // root: #replay-root; data: {table, steps: [{seat, action, view, hands}], bottom} (games.replay_steps).
  constructor(root, data) {
    super(root);
    this.data = data;
    this.index = -1;
    this.names = data.table.round.players.map((name, seat) => name || data.table.seats[seat]?.name || "?");
  }

  async start() {
    const module = await import(this.root.dataset.module);
    this.game = module.createGame(this);
    this.el.lastTrick.hidden = true;
    this.sentences = this.data.steps.map((step, i) => (i === 0
      ? interpolate(t("%(name)s deals"), { name: this.names[this.data.table.round.dealer] })
      : sentence(this.game, module, this.names[step.seat], step.action)));
    this.controls();
    this.show(0);
    performance.mark("replay-drawn");
  }

  // The table never moves by itself here: no socket, no clocks, no sounds, no actions.
  connect() {}

  send() {}

  act() {}

  myTurn() { return false; }

  nextOrNewGame() { return false; }

  canStartNewGame() { return false; }

  // The finished deal's score sheet at the last step, without the next deal's buttons.
  scoreSheet(frame) {
    const rows = this.game.scoreRows?.(frame);
    if (!rows || this.ui.sheetClosed === frame.table.round.number) return null;
    return html`<${SheetDialog} id="score-dialog" label=${t("Score sheet")} onClose=${() => this.setUi({ sheetClosed: frame.table.round.number })}>
      <${ScoreSheet} rows=${rows} money=${null} name=${(seat) => this.seatName(seat)} historyUrl=${location.pathname} next="watching"/>
    <//>`;
  }

  // The frame of step `i`: the table once, the step's spectator view with the bottom seat's hand in it.
  frameAt(i) {
    const step = this.data.steps[i];
    const bottom = this.mySeat ?? 0;
    return { type: "state", version: i + 1, read_only: true, table: { ...this.data.table, you: bottom },
      view: { ...step.view, hand: step.hands[bottom] ?? step.view.hand ?? null }, legal: null, refusals: null, hints: null, events: [] };
  }

  // Draw step `i` (clamped): a trick the step completed stays on the felt with its winner marked (the table's
  // held trick), the next step gathers it.
  show(i) {
    const index = Math.max(0, Math.min(this.data.steps.length - 1, i));
    const frame = this.frameAt(index);
    this.index = index;
    this.frame = frame;
    this.ui.held = null;
    this.ui.sheetClosed = null;
    const last = this.game.lastTrick?.(frame);
    const before = index > 0 ? this.game.lastTrick?.(this.frameAt(index - 1)) : null;
    if (last && JSON.stringify(last) !== JSON.stringify(before) && !(this.game.trick?.(frame) || []).length) {
      this.ui.held = { plays: last, winner: this.game.trickWinner?.(frame) ?? null, gathering: false };
    }
    this.render();
    this.drawControls();
  }

  step(delta) { this.show(this.index + delta); }

  controls() {
    const $ = (id) => document.getElementById(id);
    this.slider = $("replay-slider");
    $("replay-first").addEventListener("click", () => this.show(0));
    $("replay-prev").addEventListener("click", () => this.step(-1));
    $("replay-next").addEventListener("click", () => this.step(1));
    $("replay-last").addEventListener("click", () => this.show(this.data.steps.length - 1));
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    // Before the table's own keys (capture): ←/→ step, Home/End jump, unless one types or a sheet has the focus.
    window.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest?.("input:not([type=range]), textarea, select, [contenteditable], .chat-box")) return;
      let target = null;
      if (event.key in KEYS) target = this.index + KEYS[event.key];
      else if (event.key === "Home") target = 0;
      else if (event.key === "End") target = this.data.steps.length - 1;
      if (target === null) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.show(target);
    }, true);
    const log = $("replay-log");
    render(this.sentences.map((text, i) => html`<li key=${i}><button type="button" class="link-button"
      data-step=${i} onClick=${() => this.show(i)}>${text}</button></li>`), log);
  }

  drawControls() {
    const count = this.data.steps.length;
    this.slider.value = String(this.index);
    document.getElementById("replay-count").textContent = interpolate(t("Step %(number)s of %(count)s"),
      { number: this.index, count: count - 1 });
    document.getElementById("replay-sentence").textContent = this.sentences[this.index];
    document.getElementById("replay-first").disabled = document.getElementById("replay-prev").disabled = this.index === 0;
    document.getElementById("replay-next").disabled = document.getElementById("replay-last").disabled = this.index === count - 1;
    for (const li of document.querySelectorAll("#replay-log li")) li.classList.toggle("current", Number(li.firstChild?.dataset.step) === this.index);
    const step = this.data.steps[this.index];
    const Card = this.game.Card;
    render(html`<h2>${t("Every hand")}</h2><ul class="replay-hand-list">${step.hands.map((hand, seat) => html`<li key=${seat}
      data-seat=${seat} class=${seat === this.mySeat ? "bottom" : ""}>
      <button type="button" class="link-button replay-seat" aria-pressed=${String(seat === this.mySeat)}
        title=${t("Draw this seat at the bottom")} onClick=${() => { this.mySeat = seat; this.show(this.index); }}>${this.names[seat]}</button>
      ${hand ? html`<${MiniCards} cards=${hand} Card=${Card}/>` : html`<small>—</small>`}</li>`)}</ul>`,
    document.getElementById("replay-hands"));
  }
}

const root = document.getElementById("replay-root");
if (root) {
  window.kibitzReplay = new ReplayShell(root, JSON.parse(document.getElementById("replay-data").textContent));
  window.kibitzReplay.start();
}
