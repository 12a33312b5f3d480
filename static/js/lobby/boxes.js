// The lobby's table boxes, drawn with the site's view library from the boxes of games.lobby_boxes (the page's
// embedded ones at load, then every lobby socket frame): game, status, seats, bots' level, stakes with the worst
// case per settlement unit, access, the seats on a small picture of the table (a free seat meant for a person is a
// "Sit here" button), a rated table's line (its rating range, and why that range keeps the viewer out) and the
// Play / Watch buttons (Play takes the seat the server picks).
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { formatMoney } from "../money.js";
import { stakeLine, worstCaseLine } from "../stakes.js";

const playerPage = (username) => `/players/${encodeURIComponent(username)}/`;

// Where each seat sits on the picture (a 3 × 3 grid around the felt, static/css/lobby.css), by the table's seat count:
// seat 0 at the bottom and the next seat on its right, counter-clockwise, as at the table itself.
const PLACES = {
  2: ["b", "t"],
  3: ["b", "r", "l"],
  4: ["b", "r", "t", "l"],
  5: ["b", "r", "tr", "tl", "l"],
  6: ["b", "br", "tr", "t", "tl", "bl"],
};

/** The grid area of seat `number` of `count`. */
function seatPlace(number, count) {
  return `grid-area: ${(PLACES[count] || PLACES[6])[number] || "b"}`;
}

/** What a free seat meant for a person says: whose partner it is (Schieber), else "free seat". */
function freeSeatText(seat, seats) {
  const partner = seat.partner === null || seat.partner === undefined ? null : seats[seat.partner];
  return partner && partner.name && !partner.bot
    ? interpolate(t("free seat, partner of %(name)s"), { name: partner.name }) : t("free seat");
}

/** One seat `{number, name, username, bot, bot_level_display, away, for_human, open}` on the table's picture: a
 * person's name links to their player page (marked away while a bot plays for them); a bot shows its level; a free
 * seat meant for a person is a "Sit here" button when the viewer may sit (`canSit`). */
function Seat({ seat, seats, canSit, csrf, tableId }) {
  const place = seatPlace(seat.number, seats.length);
  const label = interpolate(t("Seat %(seat)s"), { seat: seat.number + 1 });
  if (seat.open) {
    const text = freeSeatText(seat, seats);
    return html`<li class="seat open" style=${place} data-seat=${seat.number}>
      <span class="seat-free-text">${text}</span>
      ${canSit && seat.for_human ? html`<form method="post" class="seat-pick" action=${`/tables/${tableId}/play/`}>
        <input type="hidden" name="csrfmiddlewaretoken" value=${csrf} />
        <button type="submit" name="seat" value=${seat.number} aria-label=${`${t("Sit here")}: ${label}, ${text}`}>${t("Sit here")}</button>
      </form>` : null}
    </li>`;
  }
  const name = seat.username ? html`<a href=${playerPage(seat.username)}>${seat.name}</a>` : seat.name;
  if (seat.away) return html`<li class="seat person away" style=${place} data-seat=${seat.number}>${name} <span class="tag tag-away">${t("away")}</span></li>`;
  if (seat.bot) return html`<li class="seat bot" style=${place} data-seat=${seat.number}>${seat.name} <span class="tag tag-bot">${interpolate(t("bot · %(level)s"), { level: seat.bot_level_display })}</span></li>`;
  return html`<li class="seat person" style=${place} data-seat=${seat.number}>${name}</li>`;
}

/** The chip in a box's corner: the stake per game unit, or "Free" at a table without stakes. */
function StakeChip({ money }) {
  return money
    ? html`<span class="box-chip chip-stakes">${formatMoney(money.stake)}</span>`
    : html`<span class="box-chip chip-free">${t("Free")}</span>`;
}

/** One table box `{id, title, options, status, money, bot_level_display, access_display, seats, ...}`. */
export function TableBox({ table, csrf }) {
  const free = table.seats.filter((s) => s.open).length;
  const titleId = `table-box-${table.id}`;
  const seatsLine = free
    ? interpolate(t("%(free)s of %(seats)s seats free"), { free, seats: table.seats.length })
    : interpolate(t("%(seats)s seats, all taken"), { seats: table.seats.length });
  return html`<li class="box-cell">
    <article class=${`table-box status-${table.status} ${table.money ? "has-stakes" : "no-stakes"}`}
      data-table=${table.id} data-game=${table.game} aria-labelledby=${titleId}>
      <header class="box-head">
        <h3 class="box-title" id=${titleId}>${table.title}</h3>
        <${StakeChip} money=${table.money} />
      </header>
      <p class="box-status-line">
        <span class="box-status">${table.status === "open" ? t("waiting for players") : t("playing")}</span>
        <span class="box-table-number">${interpolate(t("table #%(table)s"), { table: table.id })}</span>
      </p>
      ${table.rated_display ? html`<p class="box-rated">${table.rated_display}</p>` : null}
      ${table.range_refusal ? html`<p class="box-range-refusal">${table.range_refusal}</p>` : null}
      ${table.options && table.options.length ? html`<p class="box-options">${table.options.join(" · ")}</p>` : null}
      <p class="box-seat-count">${seatsLine}</p>
      <div class=${`seat-picture seats-${table.seats.length}`}>
        <div class="seat-picture-felt" aria-hidden="true"></div>
        <ul class="box-seats" role="list" aria-label=${t("Seats")}>
          ${table.seats.map((seat) => html`<${Seat} key=${seat.number} seat=${seat} seats=${table.seats}
            canSit=${table.can_sit} csrf=${csrf} tableId=${table.id} />`)}
        </ul>
      </div>
      <dl class="box-facts">
        <div><dt>${t("Bots' level")}</dt><dd class="box-bots">${table.bot_level_display}</dd></div>
        <div><dt>${t("Access")}</dt><dd class="box-access">${table.access_display}</dd></div>
        <div><dt>${t("Turn time")}</dt><dd class="box-turn">${interpolate(t("%(seconds)s s"), { seconds: table.turn_seconds })}</dd></div>
        ${table.suggestions ? html`<div><dt>${t("Move suggestions")}</dt><dd class="box-suggestions">${t("allowed")}</dd></div>` : null}
      </dl>
      <div class="box-money">
        <p class="box-stake">${table.money ? stakeLine(table.money) : t("no stakes")}</p>
        ${table.money ? html`<p class="box-worst-case">${worstCaseLine(table.money)}</p>` : null}
      </div>
      <div class="box-actions">
        ${table.can_sit ? html`<form method="post" class="box-play" action=${`/tables/${table.id}/play/`}>
          <input type="hidden" name="csrfmiddlewaretoken" value=${csrf} />
          <button type="submit" class="primary">${t("Play")}</button>
        </form>` : null}
        <a class="box-watch button-link" href=${`/tables/${table.id}/`}>${table.seated ? t("Back to my seat") : t("Watch")}</a>
      </div>
    </article>
  </li>`;
}
