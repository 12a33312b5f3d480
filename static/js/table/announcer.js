// The table's spoken line for screen readers: one polite aria-live region (#table-announcer, in the table page)
// that gets one short sentence per event, drawn from consecutive state frames: whose turn it is, who won the
// trick just finished, the deal's result and the match's end. A frame with several events says them in one line.
import { t, interpolate } from "../i18n.js";

export class Announcer {
  // shell: the table shell (its root, game, seat names and myTurn()).
  constructor(shell) {
    this.shell = shell;
    this.region = shell.root.querySelector("#table-announcer") || this.createRegion();
    this.seen = null;  // {round, trick, turn, result} of the last frame announced; null before the first
  }

  createRegion() {
    const region = document.createElement("p");
    region.id = "table-announcer";
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    this.shell.root.append(region);
    return region;
  }

  // Read a new state frame; say what changed since the last one (for the first frame of the page only that it
  // is this person's turn, if it is).
  frame(frame) {
    const shell = this.shell;
    const game = shell.game;
    const view = frame.view;
    const now = {
      round: frame.table.round?.number ?? null,
      trick: view ? JSON.stringify(game.lastTrick?.(frame) || null) : "null",
      turn: view && view.phase !== "done" ? shell.dueSeats(frame).join(",") : "",
      result: !!(view && game.scoreRows?.(frame)),
      over: !!frame.table.match_over,
    };
    const before = this.seen;
    this.seen = now;
    if (!before) {  // the page's first frame is what it shows, not news; but a turn waiting for this person is
      if (now.turn && shell.myTurn()) this.say(t("It is your turn."));  // (a table opened at one's own turn)
      return;
    }
    const lines = [];
    const sameRound = before.round === now.round;
    if (sameRound && now.trick !== before.trick && now.trick !== "null") {
      const winner = game.trickWinner?.(frame);
      if (winner !== null && winner !== undefined) {
        lines.push(interpolate(t("%(name)s wins the trick"), { name: shell.seatName(winner) }) + ".");
      }
    }
    if (now.result && !(sameRound && before.result)) {
      lines.push(game.resultLine?.(frame) || t("The deal is over."));
      if (now.over) lines.push(t("The match is over."));
    }
    if (now.turn && (now.turn !== before.turn || !sameRound)) {
      const seats = shell.dueSeats(frame);
      if (shell.myTurn()) lines.push(t("It is your turn."));
      else if (seats.length === 1) lines.push(interpolate(t("It is %(name)s's turn."), { name: shell.seatName(seats[0]) }));
    }
    if (lines.length) this.say(lines.join(" "));
  }

  say(text) { this.region.textContent = text; }
}
