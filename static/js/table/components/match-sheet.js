// The match sheet: every finished deal of the match so far, with each seat's match total after it and the change
// that deal made (the frame's `table.match_rounds`, computed by the server from the engine's standings).
import { html } from "../../view.js";
import { t } from "../../i18n.js";

// The place of each seat from the match's standings ranking (the engines give it per seat, or as [{seat, place}]),
// or null when there is none.
export function placesOf(ranking, count) {
  if (!Array.isArray(ranking) || !ranking.length) return null;
  if (typeof ranking[0] === "number") return ranking;
  const places = Array(count).fill(null);
  for (const r of ranking) if (r && typeof r.seat === "number") places[r.seat] = r.place;
  return places;
}

// rounds: [{number, scores: [per seat]}] in deal order; columns: [{label, seat}], one per seat, or one per team
// (the score of its first seat, which its partners share); places: each seat's place in the match now (a row
// under the deals), or null.
export function MatchSheet({ rounds, columns, places = null }) {
  const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
  return html`<section id="match-sheet" class="score-sheet">
    <h2>${t("Match sheet")}</h2>
    ${rounds.length ? html`<table class="match-table">
      <thead><tr><th scope="col">${t("Deal")}</th>${columns.map((c) => html`<th scope="col" key=${c.seat}>${c.label}</th>`)}</tr></thead>
      <tbody>${rounds.map((r, i) => html`<tr key=${r.number} data-round=${r.number}><th scope="row">${r.number}</th>
        ${columns.map(({ seat }) => {
          const score = r.scores[seat];
          const change = score - (i ? rounds[i - 1].scores[seat] : 0);
          return html`<td key=${seat}>${score} <small class="change">(${signed(change)})</small></td>`;
        })}</tr>`)}</tbody>
      ${places ? html`<tfoot><tr class="places"><th scope="row">${t("Place")}</th>${columns.map(({ seat }) => html`<td key=${seat}
        data-seat=${seat}>${places[seat] ?? ""}</td>`)}</tr></tfoot>` : null}
    </table>` : html`<p class="empty">${t("No deal of this match is finished yet.")}</p>`}
  </section>`;
}
