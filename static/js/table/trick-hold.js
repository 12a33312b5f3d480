// A finished trick held on the felt with its winner, then gathered to the winner's seat. Mixed into the Shell
// (static/js/table/shell.js), whose `this` it uses (its ui.held, game, render and playSound).

const HOLD_MS = 1500;  // how long a finished trick stays on the felt (docs/decisions-tables.md "Game modules")
const GATHER_MS = 300;  // the gathering animation to the winner's seat (tables.css .finished-trick.gathering)

function reducedMotion() {
  return !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

export class TrickHold {
  // A trick completed by this frame stays on the felt with its winner for HOLD_MS, then is gathered to the
  // winner's seat; the next lead ends the hold at once. Only what the view already shows (its last trick) is used.
  holdFinishedTrick(frame) {
    const last = frame.view ? this.game.lastTrick?.(frame) : null;
    const key = last ? `${frame.table.round?.number}:${JSON.stringify(last)}` : null;
    const seen = this.ui.lastKey;
    this.ui.lastKey = key;
    const current = frame.view ? this.game.trick?.(frame) || [] : [];
    const played = this.ui.trickSize || 0;
    this.ui.trickSize = current.length;
    if (this.ui.held && current.length) this.releaseTrick();
    const finished = !!key && seen !== undefined && key !== seen;
    if (finished) this.playSound("trick");
    else if (seen !== undefined && current.length > played) this.playSound("card");
    if (!finished || current.length) return;
    clearTimeout(this.holdTimer);
    this.ui.held = { plays: last, winner: this.game.trickWinner?.(frame) ?? null, gathering: false };
    this.holdTimer = setTimeout(() => this.gatherTrick(), HOLD_MS);
  }

  gatherTrick() {
    if (!this.ui.held) return;
    if (reducedMotion()) { this.releaseTrick(); this.render(); return; }
    this.ui.held.gathering = true;
    this.render();
    this.holdTimer = setTimeout(() => { this.releaseTrick(); this.render(); }, GATHER_MS);
  }

  releaseTrick() {
    clearTimeout(this.holdTimer);
    this.ui.held = null;
  }
}
