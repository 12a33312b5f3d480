// A seat's label on the felt: name, bot badge, score, whose turn, dealer and forehand marks, the seat's own turn
// clock, and what the game shows under it (cards in hand, a bid, tricks won).
import { html } from "../../view.js";
import { t, interpolate, pgettext } from "../../i18n.js";

// The won-cards badge's picture: two cards, one over the other (its name is the button's aria-label).
const WonIcon = () => html`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
  <rect x="1.5" y="3.5" width="8" height="11" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.4"/>
  <rect x="6.5" y="1.5" width="8" height="11" rx="1.5" fill="currentColor"/></svg>`;

// seat: the frame's seat ({number, name, bot, open, bot_reason, replaced}: a person stood up for want of funds, or
// away from the table while a bot plays for them, is named under the bot that took the seat); pos: where it sits; name: the name to show; score;
// toAct: its move is due; mine: it is the viewer's seat; deadline: ISO time of its own turn clock (or null; the
// shell's tick writes the seconds left); extra: the game's vnode under the label; onName(): the name is a button
// that opens the player card; won: {open} when the game shows this seat's won cards (a button that calls onWon()),
// else null. "Won cards" is a small badge on the seat plate's corner (table-company.css): it takes no room, so
// nothing on the table moves under the pointer when it appears after a trick. mark: the game's sign above the
// name (Rummy's red X of a player out of the match), or null.
export function SeatBox({ seat, pos, name, score, toAct, mine, yourTurn, dealer, forehand, deadline, extra, mark, onName, won, onWon }) {
  const classes = ["seat-box", toAct && "to-act", mine && "mine"].filter(Boolean).join(" ");
  return html`<div class=${classes} data-pos=${pos} data-seat=${seat.number}>
    ${mark ? html`<span class="seat-mark">${mark}</span>` : null}
    <span class="seat-head">
      <span class="turn-arrow" hidden=${!toAct}>➜</span>
      <span class="seat-name">${seat.open ? t("free seat") : onName ? html`<button type="button" class="seat-name-button"
        data-seat=${seat.number} aria-haspopup="dialog" title=${t("Player card")} onClick=${onName}><span class="seat-name-text">${name}</span></button>` : name}${
        seat.bot ? html` <small class="bot-badge">${pgettext("seat badge: a bot plays this seat", "bot")}</small>` : null}</span>
      <span class="seat-score" title=${t("score")}>${score}</span>
      ${forehand ? html`<span class="forehand-flag" title=${t("forehand")}>⚑</span>` : null}
      ${dealer ? html`<span class="dealer-chip" title=${t("dealer")}>${pgettext("the dealer's chip: the first letter of dealer", "D")}</span>` : null}
      ${yourTurn ? html`<span class="your-turn" title=${t("your turn")}>!</span>` : null}
      ${deadline ? html`<span class="seat-clock" data-deadline=${deadline}></span>` : null}
      ${won ? html`<button type="button" class="won-cards-button" data-seat=${seat.number} aria-haspopup="dialog"
        aria-expanded=${String(!!won.open)} aria-label=${t("Won cards")} title=${t("Won cards")} onClick=${onWon}><${WonIcon}/></button>` : null}
    </span>
    ${seat.bot_reason === "cannot_cover" ? html`<span class="seat-reason">${interpolate(
      t("%(name)s could not cover the next deal and was stood up; a bot plays this seat."),
      { name: seat.replaced || t("A player") })}</span>` : null}
    ${seat.bot_reason === "absent" ? html`<span class="seat-reason seat-away">${interpolate(
      t("%(name)s is away; a bot plays this seat until they come back."),
      { name: seat.replaced || t("A player") })}</span>` : null}
    <span class="seat-extra">${extra}</span>
  </div>`;
}
