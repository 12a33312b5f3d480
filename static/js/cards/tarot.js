// Tarot cards drawn as SVG from code: 56 suit cards, trumps T1-T21 (numbered) and the Excuse (EX).
// TarotCard({code}) and CardBack() are view components (static/js/view.js); the viewBox is 60 x 96, so cards scale
// cleanly on a phone. Every face carries a large index in its top-left corner (repeated upside down bottom right), so a
// fanned card is known by the strip it shows; the court cards' letters are the page language's
// (docs/decisions-i18n.md "Card indices"). Fonts and shadows come from the page (tables.css "Cards").
import { html } from "../view.js";
import { interpolate, pgettext } from "../i18n.js";
import { CardBack, Corners, Frame, INK, IndexText, SERIF, SuitCard } from "./parts.js";

export { CardBack };

// The court cards' index letters, in the page's language: R D C V in French (Roi, Dame, Cavalier, Valet).
const COURT_INDEX = {
  K: () => pgettext("index of the tarot King", "K"),
  Q: () => pgettext("index of the tarot Queen", "Q"),
  N: () => pgettext("index of the tarot Cavalier (knight)", "C"),
  J: () => pgettext("index of the tarot Jack (valet)", "J"),
};
const RANK_INDEX = { A: "1" };  // the tarot "1" of a suit is its lowest card (rules §2), printed 1 as on French packs

// A tarot suit card (rules §2): the shared French-suited face with the tarot's court (with the Cavalier) and its 1.
// The Tarock deck draws the same faces with its own court letters (`courtIndex`, static/js/cards/tarock.js).
export function TarotSuitCard({ rank, suit, courtIndex = COURT_INDEX }) {
  return html`<${SuitCard} rank=${rank} suit=${suit} courtIndex=${courtIndex} rankIndex=${RANK_INDEX}/>`;
}

// A trump: its number in both corners and large in a medallion; the bouts T1 and T21 in a gold frame.
function TrumpCard({ n }) {
  const bout = n === 1 || n === 21;
  return html`<${Frame} fill="#fdf6e3" label=${interpolate(pgettext("tarot card", "Trump %(number)s"), { number: n })} edge=${bout ? "#a8811a" : "#9a8f78"}>
    <rect x="14" y="6" width="32" height="84" rx="3" fill="#f3e3b3" stroke="#b99a4a" stroke-width=".8"/>
    ${bout ? html`<rect x="2.5" y="2.5" width="55" height="91" rx="3.5" fill="none" stroke="#c9a227" stroke-width="1.6"/>` : null}
    <ellipse cx="30" cy="48" rx="13.5" ry="17" fill="#fffaf0" stroke="#8a6d1d" stroke-width="1"/>
    <text class="card-court" x="30" y="56" text-anchor="middle" font-size=${n > 9 ? 20 : 23} font-weight="700" font-family=${SERIF}
      fill=${INK.trump}>${n}</text>
    <path d="M30,18 l1.6,3.6 3.9,.3 -3,2.5 .9,3.8 -3.4,-2.1 -3.4,2.1 .9,-3.8 -3,-2.5 3.9,-.3z" fill="#8a6d1d"/>
    <path d="M30,70 l1.6,3.6 3.9,.3 -3,2.5 .9,3.8 -3.4,-2.1 -3.4,2.1 .9,-3.8 -3,-2.5 3.9,-.3z" fill="#8a6d1d"/>
    <${Corners} draw=${() => html`<${IndexText} text=${n} y="18" size="18" fill=${INK.trump} width="14"/>`}/>
  <//>`;
}

// The Excuse: the fool's star in both corners, a star in a blue medallion and its name.
function ExcuseCard() {
  const ink = INK.excuse;
  const star = (x, y, s) => html`<path transform=${`translate(${x} ${y}) scale(${s})`}
    d="M0,-10 l2.9,6 6.6,.9 -4.8,4.6 1.2,6.5 -5.9,-3.1 -5.9,3.1 1.2,-6.5 -4.8,-4.6 6.6,-.9z" fill=${ink}/>`;
  return html`<${Frame} fill="#eef3fb" label=${pgettext("tarot card", "Excuse")} edge="#7d93b8">
    <circle cx="30" cy="44" r="16" fill="#dbe6f7" stroke=${ink} stroke-width="1"/>
    ${star(30, 45, 1.35)}
    <text class="card-court" x="30" y="80" text-anchor="middle" font-size="10" font-weight="700" font-family=${SERIF} fill=${ink}
      textLength="40" lengthAdjust="spacingAndGlyphs">${pgettext("tarot card", "Excuse")}</text>
    <${Corners} draw=${() => star(9, 13, 0.8)}/>
  <//>`;
}

export function TarotCard({ code }) {
  if (code === "EX") return html`<${ExcuseCard}/>`;
  if (code[0] === "T") return html`<${TrumpCard} n=${Number(code.slice(1))}/>`;
  return html`<${TarotSuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)}/>`;
}

// The whole deck, in the canonical order of docs/rules/french_tarot.md §2.
export const TAROT_DECK = [
  ..."SHDC".split("").flatMap((s) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"].map((r) => r + s)),
  ...Array.from({ length: 21 }, (_, i) => "T" + (i + 1)),
  "EX",
];

/** The deck's card component for a page that knows only the deck's name (static/js/how-to-play.js); the tarot
 * deck has one design, whatever the preferences. */
export function deckCard() {
  return TarotCard;
}
