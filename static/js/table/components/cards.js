// Cards on the felt that several games show: a trick in the middle, a row of small cards (a dog, a handful, a meld).
import { html } from "../../view.js";

// plays: [{seat, card}] in order; Card: the deck's card component; position(seat) -> "bottom" | "right" | …;
// winner: the seat that took the trick (its card is marked), or null while the trick runs.
export function Trick({ plays, Card, position, winner = null }) {
  return plays.map((p) => html`<div key=${p.seat}
    class=${`trick-card pos-${position(p.seat)}${p.seat === winner ? " winner" : ""}`} data-card=${p.card}
    data-seat=${p.seat}><${Card} code=${p.card}/></div>`);
}

export function MiniCards({ cards, Card }) {
  return html`<span class="mini-cards">${cards.map((c, i) => html`<span key=${i} class="mini" data-card=${c}><${Card} code=${c}/></span>`)}</span>`;
}
