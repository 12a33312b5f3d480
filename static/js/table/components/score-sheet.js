// The score sheet of a finished deal: the game's rows, at a stakes table each seat's money as the ledger booked
// it, then one line with what comes next (its button and countdown) and the link to the deal's hand history.
import { html } from "../../view.js";
import { t, interpolate } from "../../i18n.js";
import { formatMoney, formatSignedMoney } from "../../money.js";

// One row of a game's score sheet: a label and its value (`cls`: the row's class, for tests and styles).
export const sheetRow = (label, value, cls) => html`<tr class=${cls}><th>${label}</th><td>${value}</td></tr>`;

// Points with their sign: +5, -3, 0.
export const signed = (n) => `${n > 0 ? "+" : ""}${n}`;

// rows: the game's <tr> vnodes; money: the frame's `table.round.money` (the booked settlement unit by seat, or
// null: a free table, or not booked yet); name(seat): the name to show; historyUrl; next: "over" (the match is
// over), "waiting" (a seat is free), "watching" (a spectator: the players start the next deal) or "deal" (the
// Next deal button, onNext); nextAt: ISO time of the automatic next deal (the frame's `table.next_deal_at`, or
// null), counted down by the shell's tick; onNewGame: once the match is over, the seated player's "New game"
// (a new table with the same terms), or null.
export function ScoreSheet({ rows, money, name, historyUrl, next, onNext, nextAt = null, onNewGame = null }) {
  return html`<section id="score-sheet" class="score-sheet">
    <h2>${t("Score sheet")}</h2>
    <table><tbody>${rows}</tbody></table>
    ${money ? html`<${MoneySheet} money=${money} name=${name}/>` : null}
    <div class="sheet-foot">
      ${next === "over" ? html`<p class="match-over">${t("The match is over.")}</p>${onNewGame ? html`<button type="button"
        class="primary" id="rematch-button" aria-keyshortcuts="N" onClick=${onNewGame}>${t("New game")}</button>` : null}`
        : next === "waiting" ? html`<p class="waiting-for-players">${t("A seat is free: the next deal starts when a player takes it.")}</p>`
        : next === "watching" ? null
        : html`<button type="button" class="primary" id="next-deal" aria-keyshortcuts="N" onClick=${onNext}>${t("Next deal")}</button>`}
      ${nextAt && (next === "deal" || next === "watching") ? html`<p class="next-deal-countdown">${t("The next deal starts in")} <span
        id="next-deal-clock" data-deadline=${nextAt}></span></p>` : null}
      <a id="history-link" href=${historyUrl}>${t("Hand history")}</a>
    </div>
  </section>`;
}

// Each seat's result, its share of the commission and the net its wallet got: the figures of the wallet's line.
function MoneySheet({ money, name }) {
  return html`<table class="money-sheet" id="money-sheet">
    <caption>${interpolate(t("Money (%(currency)s)"), { currency: money.currency })}</caption>
    <thead><tr><th>${t("Player")}</th><th>${t("Result")}</th><th>${t("Commission")}</th><th>${t("Net")}</th></tr></thead>
    <tbody>${money.seats.map((s) => html`<tr data-seat=${s.seat}>
      <th>${name(s.seat)}</th><td class="money-result">${formatSignedMoney(s.result)}</td>
      <td class="money-commission">${s.commission ? formatMoney(-s.commission) : formatMoney(0)}</td>
      <td class="money-net">${formatSignedMoney(s.net)}</td></tr>`)}</tbody>
    <tfoot><tr><th colspan="3">${t("House commission")}</th><td class="money-house">${formatMoney(money.commission)}</td></tr></tfoot>
  </table>`;
}
