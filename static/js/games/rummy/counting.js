// The end of a Rummy deal (docs/rules/rummy.md §6, §8): the result line, the score sheet's rows with each seat's
// penalty and total (the player who went out in the colours of a win), at the match's end the final ranking of
// every player of the match with places (also those out in earlier deals), the red X above the name of a player
// out of the match, and "Leave game" for a player above the limit or "Continue" for the others. Mixed into the
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

  // The red X above the name of a player out of the match (the seed: "boven zijn nickname een rode X").
  seatMark(frame, seat) {
    if (!frame.view.eliminated?.[seat]) return null;
    return html`<span class="out-mark" data-seat=${seat} role="img" aria-label=${t("out of the match")} title=${t("out of the match")}>✗</span>`;
  },

  scoreRows(frame) {
    const view = frame.view;
    if (view.phase !== "done" || !view.result) return null;
    const r = view.result;
    const ranking = this.rankingRows(frame);
    if (r.void) return [...ranking, row(t("Void deal"), t("The stock ran out twice: nobody pays."), "void")];
    const rows = [...ranking, row(t("Went out"), seatName(frame, r.winner), "winner")];
    if (r.hand_jolly) rows.push(row(t("Hand-Jolly"), view.options.hand_jolly ? t("penalties doubled") : t("not doubled at this table"), "hand-jolly"));
    r.penalties.forEach((p, seat) => {
      if (p === null) return;
      const total = view.totals?.[seat];
      rows.push(html`<tr class=${seat === r.winner ? "penalty-row went-out" : "penalty-row"} data-seat=${seat} key=${seat}><th>${
        markedName(frame, seat, view.eliminated?.[seat])}</th>
        <td><span class="penalty">${p}</span><small class="total"> · ${interpolate(t("total %(points)s"), { points: total ?? "" })}</small></td></tr>`);
    });
    return rows;
  },

  // Once the match is over (rules §8): every seat of the match by place (the standings' ranking: the last one left
  // first, then those out, the later out the better), with its total and the deal that put it out; the winner's
  // row in the colours of a win. [] while the match goes on.
  rankingRows(frame) {
    const table = frame.table;
    const standings = table.standings;
    if (!table.match_over || !Array.isArray(standings?.ranking)) return [];
    const limit = frame.view.options.limit;
    const rounds = table.match_rounds || [];
    const outIn = (seat) => rounds.find((r) => r.scores[seat] > limit)?.number;
    const seats = table.seats.map((s) => s.number).sort((a, b) => standings.ranking[a] - standings.ranking[b] || a - b);
    return [html`<tr class="ranking-head" key="ranking"><th colspan="2" scope="colgroup">${t("Final ranking")}</th></tr>`,
      ...seats.map((seat) => {
        const place = standings.ranking[seat];
        const out = standings.eliminated?.[seat];
        const deal = out ? outIn(seat) : null;
        return html`<tr class=${place === 1 ? "rank-row match-winner" : out ? "rank-row out" : "rank-row"} key=${`rank-${seat}`}
          data-seat=${seat} data-place=${place}>
          <th scope="row"><span class="place">${interpolate(t("%(place)s."), { place })}</span> ${markedName(frame, seat, out)}${
            place === 1 ? html` <span class="win-badge">${t("Winner")}</span>` : null}</th>
          <td><span class="rank-total">${interpolate(t("%(points)s penalty points"), { points: standings.scores?.[seat] ?? "" })}</span>${
            out ? html`<small class="rank-out">${deal ? interpolate(t("out after deal %(number)s"), { number: deal }) : t("out of the match")}</small>` : null}</td>
        </tr>`;
      })];
  },
};

// A seat's name on the sheet, the red X of a player out of the match above it (as on the felt).
function markedName(frame, seat, out) {
  return html`<span class="marked-name">${out ? html`<span class="out-mark" title=${t("out of the match")}>✗</span>` : null}<span
    class="name">${seatName(frame, seat)}</span></span>`;
}
