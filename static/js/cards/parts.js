// What every French-suited deck the site draws shares (docs/decisions-tables.md "The look", cards): the 60 x 96 frame,
// the four suit shapes, the corner index (drawn top left and upside down bottom right), the pips of 1-10 and the
// framed court face. A deck module (`tarot.js`, `french.js`, …) builds its faces from these and adds what is its own
// (trumps, the Excuse, jokers, its index letters). Fonts and shadows come from the page (tables.css "Cards").
import { html } from "../view.js";
import { backName, suitCardName } from "./names.js";

const SUIT_PATHS = {
  S: "M0,-10 C6,-4 10,0 10,4 C10,8 6,10 2,7 L3,12 L-3,12 L-2,7 C-6,10 -10,8 -10,4 C-10,0 -6,-4 0,-10 Z",
  H: "M0,10 C-7,4 -10,0 -10,-4 C-10,-8 -6,-10 -3,-9 C-1,-8 0,-6 0,-5 C0,-6 1,-8 3,-9 C6,-10 10,-8 10,-4 C10,0 7,4 0,10 Z",
  D: "M0,-11 L8,0 L0,11 L-8,0 Z",
};
export const RED_SUITS = { H: true, D: true };
export const INK = { red: "#c0262d", black: "#1e221f", trump: "#3d2a06", excuse: "#24467a" };
export const SANS = "'Source Sans 3 Variable', 'Source Sans 3', sans-serif";
export const SERIF = "'Source Serif 4 Variable', 'Source Serif 4', serif";

// Where the pips of 1-10 sit (x, y) in the 60 x 96 face, inside the corners' columns; "A" is the ace's one large pip.
const L = 23, C = 30, R = 37, TOP = 31, BOTTOM = 65;
const row = (y) => [[L, y], [R, y]];
export const PIPS = {
  A: [[C, 48]],
  2: [[C, TOP], [C, BOTTOM]],
  3: [[C, TOP], [C, 48], [C, BOTTOM]],
  4: [...row(TOP), ...row(BOTTOM)],
  5: [...row(TOP), [C, 48], ...row(BOTTOM)],
  6: [...row(TOP), ...row(48), ...row(BOTTOM)],
  7: [...row(TOP), [C, 39.5], ...row(48), ...row(BOTTOM)],
  8: [...row(TOP), [C, 39.5], ...row(48), [C, 56.5], ...row(BOTTOM)],
  9: [...row(27), ...row(41), [C, 48], ...row(55), ...row(69)],
  10: [...row(27), [C, 34], ...row(41), ...row(55), [C, 62], ...row(69)],
};

function Club() {
  return html`<circle cx="0" cy="-5.5" r="4.3"/><circle cx="-5" cy="1" r="4.3"/><circle cx="5" cy="1" r="4.3"/>
    <path d="M-1.6,0 L1.6,0 L3.2,11 L-3.2,11 Z"/>`;
}

// One suit sign (S H D C) centred on (x, y), in the enclosing group's fill.
export function SuitShape({ suit, x, y, scale, flip = false }) {
  return html`<g transform=${`translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`}>
    ${suit === "C" ? html`<${Club}/>` : html`<path d=${SUIT_PATHS[suit]}/>`}</g>`;
}

// The card itself: a 60 x 96 SVG with its rounded edge; `label` is its accessible name, in the page's language
// (static/js/cards/names.js).
export function Frame({ fill, label, edge = "#9a8f78", children }) {
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 96" class="card-svg" role="img" aria-label=${label}>
    <rect x="0.5" y="0.5" width="59" height="95" rx="5" fill=${fill} stroke=${edge} stroke-width="1"/>${children}</svg>`;
}

// The index in the top-left corner, repeated upside down in the bottom-right one (drawn twice: a view node is
// never mounted in two places).
export function Corners({ draw }) {
  return html`${draw()}<g transform="rotate(180 30 48)">${draw()}</g>`;
}

// A corner's text: narrowed to `width` when it is wider (a "10", a "21"), so it stays in its corner column.
export function IndexText({ text, y, size, fill, family = SANS, width = 13 }) {
  const wide = String(text).length > 1;
  return html`<text class="card-index" x="3" y=${y} font-size=${size} font-weight="800" font-family=${family} fill=${fill}
    textLength=${wide ? width : undefined} lengthAdjust=${wide ? "spacingAndGlyphs" : undefined}>${text}</text>`;
}

// A court card: its letter large in a framed panel, with a crown for the King and the Queen.
function CourtFace({ letter, rank, suit, color }) {
  const crown = rank === "K" ? "M21,30 l3,-6 3,4 3,-6 3,6 3,-4 3,6 z" : rank === "Q" ? "M23,30 l2,-5 5,3 5,-3 2,5 z" : null;
  return html`<rect x="15" y="19" width="30" height="58" rx="3" fill="#fbf3df" stroke=${color} stroke-width="1"/>
    ${crown ? html`<path d=${crown} fill="#c9a227" stroke=${color} stroke-width=".6"/>` : null}
    <text class="card-court" x="30" y="52" text-anchor="middle" font-size="22" font-weight="700" font-family=${SERIF}>${letter}</text>
    <${SuitShape} suit=${suit} x="30" y="65" scale="0.7"/>`;
}

// A French-suited suit card: rank "A", "2"…"10" or a court rank; suit S H D C. courtIndex: {rank: () => letter} for
// the deck's court cards (a court face), rankIndex: {rank: printed index} where the index is not the rank itself;
// label: the card's spoken name, when the deck names its cards otherwise than names.js.
export function SuitCard({ rank, suit, courtIndex, rankIndex = {}, label = suitCardName(rank, suit) }) {
  const color = RED_SUITS[suit] ? INK.red : INK.black;
  const court = courtIndex[rank];
  const index = court ? court() : rankIndex[rank] || rank;
  const corner = () => html`<${IndexText} text=${index} y="17" size="17" fill=${color} width="14"/>
    <${SuitShape} suit=${suit} x="9.5" y="25.5" scale="0.5"/>`;
  const centre = court ? html`<${CourtFace} letter=${index} rank=${rank} suit=${suit} color=${color}/>`
    : (PIPS[rank] || PIPS.A).map(([x, y]) => html`<${SuitShape} suit=${suit} x=${x} y=${y} scale=${rank === "A" ? 1.5 : 0.5}
        flip=${y > 50 && rank !== "A"}/>`);
  return html`<${Frame} fill="#fffefa" label=${label}><g fill=${color}><${Corners} draw=${corner}/>${centre}</g><//>`;
}

// The site's card back (every deck's, unless a deck draws its own).
export function CardBack() {
  return html`<${Frame} fill="#fff" label=${backName()}>
    <rect x="4" y="4" width="52" height="88" rx="3" fill="#7d1a28"/>
    <path d="M4,4 L56,92 M56,4 L4,92 M30,4 L30,92 M4,48 L56,48" stroke="#c9a227" stroke-width="1.6"/>
    <circle cx="30" cy="48" r="9" fill="#7d1a28" stroke="#c9a227" stroke-width="1.6"/>
  <//>`;
}
