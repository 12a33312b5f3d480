// The standard French-suited 52-card pack and its joker, drawn as SVG from code on the shared parts
// (static/js/cards/parts.js): FrenchCard({code}) for "AS" … "KC" and "JK", JokerCard, CardBack. Every face carries a
// large index in its top-left corner (repeated upside down bottom right), so a fanned card is known by the strip it
// shows; the court letters are the page language's (docs/decisions-i18n.md "Card indices"). A deck module
// (`rummy.js`, …) lists which of these cards it holds.
import { html } from "../view.js";
import { pgettext } from "../i18n.js";
import { CardBack, Corners, Frame, SERIF, SuitCard } from "./parts.js";

export { CardBack };

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const JOKER = "JK";

// The court cards' index letters in the page's language: K Q J in English, R D V in French (Roi, Dame, Valet).
const COURT_INDEX = {
  K: () => pgettext("index of the King of a French-suited pack", "K"),
  Q: () => pgettext("index of the Queen of a French-suited pack", "Q"),
  J: () => pgettext("index of the Jack of a French-suited pack", "J"),
};

// A suit card of the pack: the shared French-suited face with the K Q J court.
export function FrenchSuitCard({ rank, suit }) {
  return html`<${SuitCard} rank=${rank} suit=${suit} courtIndex=${COURT_INDEX}/>`;
}

const JOKER_INK = "#5b2a86";
const STAR = "M0,-10 l2.9,6 6.6,.9 -4.8,4.6 1.2,6.5 -5.9,-3.1 -5.9,3.1 1.2,-6.5 -4.8,-4.6 6.6,-.9z";

// The joker: a star in both corners, a jester's cap with three bells in a violet medallion and its name across
// the foot, so it is told from every suit card by its corner strip alone.
export function JokerCard() {
  const star = (x, y, s, fill = JOKER_INK) => html`<path transform=${`translate(${x} ${y}) scale(${s})`} d=${STAR} fill=${fill}/>`;
  return html`<${Frame} fill="#f6f0fb" label=${pgettext("playing card", "Joker")} edge="#8a6fb0">
    <rect x="14" y="12" width="32" height="72" rx="4" fill="#ece0f6" stroke="#8a6fb0" stroke-width=".8"/>
    <path d="M18,50 C20,38 24,32 30,28 C36,32 40,38 42,50 Z" fill="#c0262d"/>
    <path d="M18,50 C16,40 12,36 8,36" stroke=${JOKER_INK} stroke-width="2" fill="none"/>
    <path d="M42,50 C44,40 48,36 52,36" stroke=${JOKER_INK} stroke-width="2" fill="none"/>
    <circle cx="30" cy="26" r="3" fill="#c9a227"/><circle cx="9" cy="36" r="2.6" fill="#c9a227"/>
    <circle cx="51" cy="36" r="2.6" fill="#c9a227"/>
    <rect x="17" y="50" width="26" height="5" rx="1.5" fill=${JOKER_INK}/>
    <circle cx="30" cy="63" r="6" fill="#fffaf0" stroke=${JOKER_INK} stroke-width="1"/>
    ${star(30, 63, 0.45, "#c0262d")}
    <text class="card-court" x="30" y="80" text-anchor="middle" font-size="9" font-weight="700" font-family=${SERIF}
      fill=${JOKER_INK} textLength="28" lengthAdjust="spacingAndGlyphs">${pgettext("playing card", "Joker")}</text>
    <${Corners} draw=${() => star(9, 12, 0.75)}/>
  <//>`;
}

const SUIT_SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };

// A suit card's index as the page prints it, for text beside or instead of a drawing: "10♥", "V♠" in French; the
// joker's name for "JK".
export function cardIndex(code) {
  if (code === JOKER) return pgettext("playing card", "Joker");
  const rank = code.slice(0, -1);
  return `${COURT_INDEX[rank]?.() ?? rank}${SUIT_SIGN[code.slice(-1)] ?? ""}`;
}

export function FrenchCard({ code }) {
  if (code === JOKER) return html`<${JokerCard}/>`;
  return html`<${FrenchSuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)}/>`;
}

// The 52 suit cards in the canonical order of docs/rules/rummy.md §2 (suits S H D C, A 2 … 10 J Q K in each).
export const FRENCH_DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));
