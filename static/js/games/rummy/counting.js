// The end of a Rummy deal (docs/rules/rummy.md §6, §8): the result line, the score sheet's rows with each seat's
// penalty and total, and "Leave game" for a player above the limit or "Continue" for the others. Mixed into the
// game module (`Object.assign`), which supplies `shell`.
import { html } from "../../view.js";
import { t, interpolate } from "../../i18n.js";
import { seatName } from "../../table/frame.js";
import { sheetRow as row } from "../../table/components/score-sheet.js";

export const counting = {
  // At the deal's end (rules §8): a player above the limit gets "Leave game" (back to the lobby), the others
  // "Continue" while the match goes on.
  endButtons(frame) {
    const me = this.shell.mySeat;
    if (me === null || this.shell.readOnly) return null;
    if (frame.view.eliminated?.[me]) {
      return html`<div class="rummy-bar end-bar"><span class="out-mark big" aria-hidden="true">✗</span>
        <span>${t("You are above the limit and out of the match.")}</span>
        <button type="button" class="primary" id="leave-game-button" onClick=${() => this.leaveGame()}>${t("Leave game")}</button></div>`;
    }
    if (frame.table.match_over || frame.table.status === "open") return null;
    return html`<div class="rummy-bar end-bar"><button type="button" class="primary" id="continue-button"
      onClick=${() => this.shell.nextDeal()}>${t("Continue")}</button></div>`;
  },

  // Leave the table (the page's leave form, which returns to the lobby).
  leaveGame() {
    const form = this.shell.root.querySelector("#leave-form");
    if (form) form.requestSubmit();
    else location.assign("/");
  },

  resultLine(frame) {
    const r = frame.view.result;
    if (!r) return null;
    if (r.void) return t("The stock ran out twice: the deal is void, nobody pays.");
    const paid = r.penalties.reduce((sum, p) => sum + (p || 0), 0);
    return interpolate(r.hand_jolly ? t("%(name)s went out by Hand-Jolly; the others pay %(points)s penalty points.")
      : t("%(name)s went out; the others pay %(points)s penalty points."), { name: seatName(frame, r.winner), points: paid });
  },

  scoreRows(frame) {
    const view = frame.view;
    if (view.phase !== "done" || !view.result) return null;
    const r = view.result;
    if (r.void) return [row(t("Void deal"), t("The stock ran out twice: nobody pays."), "void")];
    const rows = [row(t("Went out"), seatName(frame, r.winner), "winner")];
    if (r.hand_jolly) rows.push(row(t("Hand-Jolly"), view.options.hand_jolly ? t("penalties doubled") : t("not doubled at this table"), "hand-jolly"));
    r.penalties.forEach((p, seat) => {
      if (p === null) return;
      const total = view.totals?.[seat];
      rows.push(html`<tr class="penalty-row" data-seat=${seat} key=${seat}><th>${seatName(frame, seat)}${view.eliminated?.[seat]
        ? html` <span class="out-mark" title=${t("out of the match")}>✗</span>` : null}</th>
        <td><span class="penalty">${p}</span><small class="total"> · ${interpolate(t("total %(points)s"), { points: total ?? "" })}</small></td></tr>`);
    });
    return rows;
  },
};
