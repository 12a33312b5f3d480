// The lobby's table boxes, drawn with the site's view library from the boxes of games.lobby_boxes (the page's
// embedded ones at load, then every lobby socket frame): game, status, seats, bots' level, stakes with the worst
// case per settlement unit, access and the Play / Watch buttons.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { formatMoney } from "../money.js";
import { stakeLine, worstCaseLine } from "../stakes.js";

const playerPage = (username) => `/players/${encodeURIComponent(username)}/`;

/** One seat `{name, username, bot, open}`: a person's name links to their player page; a bot is marked. */
function Seat({ seat }) {
  if (seat.open) return html`<li class="seat open">${t("free seat")}</li>`;
  if (seat.bot) return html`<li class="seat bot">${seat.name} <span class="tag tag-bot">${t("bot")}</span></li>`;
  return html`<li class="seat person">${seat.username ? html`<a href=${playerPage(seat.username)}>${seat.name}</a>` : seat.name}</li>`;
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
      ${table.options && table.options.length ? html`<p class="box-options">${table.options.join(" · ")}</p>` : null}
      <p class="box-seat-count">${seatsLine}</p>
      <ul class="box-seats" aria-label=${t("Seats")}>
        ${table.seats.map((seat) => html`<${Seat} key=${seat.number} seat=${seat} />`)}
      </ul>
      <dl class="box-facts">
        <div><dt>${t("Bots' level")}</dt><dd class="box-bots">${table.bot_level_display}</dd></div>
        <div><dt>${t("Access")}</dt><dd class="box-access">${table.access_display}</dd></div>
        <div><dt>${t("Turn time")}</dt><dd class="box-turn">${interpolate(t("%(seconds)s s"), { seconds: table.turn_seconds })}</dd></div>
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
