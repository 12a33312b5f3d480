// The score sheet of a finished deal: the game's rows, the link to the deal's hand history, and what comes next.
import { html } from "../../view.js";
import { t } from "../../i18n.js";

// rows: the game's <tr> vnodes; historyUrl; next: "over" (the match is over), "waiting" (a seat is free),
// "watching" (a spectator: the players start the next deal) or "deal" (the Next deal button, onNext); nextAt: ISO
// time of the automatic next deal (the frame's `table.next_deal_at`, or null), counted down by the shell's tick.
export function ScoreSheet({ rows, historyUrl, next, onNext, nextAt = null }) {
  return html`<section id="score-sheet" class="score-sheet">
    <h2>${t("Score sheet")}</h2>
    <table><tbody>${rows}</tbody></table>
    <p><a id="history-link" href=${historyUrl}>${t("Hand history")}</a></p>
    ${next === "over" ? html`<p class="match-over">${t("The match is over.")}</p>`
      : next === "waiting" ? html`<p class="waiting-for-players">${t("A seat is free: the next deal starts when a player takes it.")}</p>`
      : next === "watching" ? null
      : html`<button type="button" class="primary" id="next-deal" onClick=${onNext}>${t("Next deal")}</button>`}
    ${nextAt && (next === "deal" || next === "watching") ? html`<p class="next-deal-countdown">${t("The next deal starts in")} <span
      id="next-deal-clock" data-deadline=${nextAt}></span></p>` : null}
  </section>`;
}
