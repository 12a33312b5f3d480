// Tarot cards drawn as SVG from code: 56 suit cards, trumps T1-T21 (numbered) and the Excuse (EX).
// TarotCard({code}) and CardBack() are view components (static/js/view.js); the viewBox is 60 x 96, so cards scale
// cleanly on a phone. Every face carries a large index in its top-left corner (repeated upside down bottom right), so a
// fanned card is known by the strip it shows; the court cards' letters are the page language's
// (docs/decisions-i18n.md "Card indices"). Fonts and shadows come from the page (tables.css "Cards").
import { html } from "../view.js";
import { pgettext } from "../i18n.js";

const SUIT_PATHS = {
  S: "M0,-10 C6,-4 10,0 10,4 C10,8 6,10 2,7 L3,12 L-3,12 L-2,7 C-6,10 -10,8 -10,4 C-10,0 -6,-4 0,-10 Z",
  H: "M0,10 C-7,4 -10,0 -10,-4 C-10,-8 -6,-10 -3,-9 C-1,-8 0,-6 0,-5 C0,-6 1,-8 3,-9 C6,-10 10,-8 10,-4 C10,0 7,4 0,10 Z",
  D: "M0,-11 L8,0 L0,11 L-8,0 Z",
};
const RED = { H: true, D: true };
const INK = { red: "#c0262d", black: "#1e221f", trump: "#3d2a06", excuse: "#24467a" };
const SANS = "'Source Sans 3 Variable', 'Source Sans 3', sans-serif";
const SERIF = "'Source Serif 4 Variable', 'Source Serif 4', serif";

// The court cards' index letters, in the page's language: R D C V in French (Roi, Dame, Cavalier, Valet).
const COURT_INDEX = {
  K: () => pgettext("index of the tarot King", "K"),
  Q: () => pgettext("index of the tarot Queen", "Q"),
  N: () => pgettext("index of the tarot Cavalier (knight)", "C"),
  J: () => pgettext("index of the tarot Jack (valet)", "J"),
};
const RANK_INDEX = { A: "1" };  // the tarot "1" of a suit is its lowest card (rules §2), printed 1 as on French packs

// Where the pips of 1-10 sit (x, y) in the 60 x 96 face, inside the corners' columns.
const L = 23, C = 30, R = 37, TOP = 31, BOTTOM = 65;
const row = (y) => [[L, y], [R, y]];
const PIPS = {
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

function SuitShape({ suit, x, y, scale, flip = false }) {
  return html`<g transform=${`translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`}>
    ${suit === "C" ? html`<${Club}/>` : html`<path d=${SUIT_PATHS[suit]}/>`}</g>`;
}

function Frame({ fill, label, edge = "#9a8f78", children }) {
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 96" class="card-svg" role="img" aria-label=${label}>
    <rect x="0.5" y="0.5" width="59" height="95" rx="5" fill=${fill} stroke=${edge} stroke-width="1"/>${children}</svg>`;
}

// The index in the top-left corner, repeated upside down in the bottom-right one (drawn twice: a view node is
// never mounted in two places).
function Corners({ draw }) {
  return html`${draw()}<g transform="rotate(180 30 48)">${draw()}</g>`;
}

// A corner's text: narrowed to `width` when it is wider (a "10", a "21"), so it stays in its corner column.
function IndexText({ text, y, size, fill, family = SANS, width = 13 }) {
  const wide = String(text).length > 1;
  return html`<text class="card-index" x="3" y=${y} font-size=${size} font-weight="800" font-family=${family} fill=${fill}
    textLength=${wide ? width : undefined} lengthAdjust=${wide ? "spacingAndGlyphs" : undefined}>${text}</text>`;
}

function SuitCard({ rank, suit }) {
  const color = RED[suit] ? INK.red : INK.black;
  const court = COURT_INDEX[rank];
  const index = court ? court() : RANK_INDEX[rank] || rank;
  const corner = () => html`<${IndexText} text=${index} y="17" size="17" fill=${color} width="14"/>
    <${SuitShape} suit=${suit} x="9.5" y="25.5" scale="0.5"/>`;
  const centre = court ? html`<${CourtFace} letter=${index} rank=${rank} suit=${suit} color=${color}/>`
    : (PIPS[rank] || PIPS.A).map(([x, y]) => html`<${SuitShape} suit=${suit} x=${x} y=${y} scale=${rank === "A" ? 1.5 : 0.5}
        flip=${y > 50 && rank !== "A"}/>`);
  return html`<${Frame} fill="#fffefa" label=${rank + suit}><g fill=${color}><${Corners} draw=${corner}/>${centre}</g><//>`;
}

// A court card: its letter large in a framed panel, with a crown for the King and the Queen.
function CourtFace({ letter, rank, suit, color }) {
  const crown = rank === "K" ? "M21,30 l3,-6 3,4 3,-6 3,6 3,-4 3,6 z" : rank === "Q" ? "M23,30 l2,-5 5,3 5,-3 2,5 z" : null;
  return html`<rect x="15" y="19" width="30" height="58" rx="3" fill="#fbf3df" stroke=${color} stroke-width="1"/>
    ${crown ? html`<path d=${crown} fill="#c9a227" stroke=${color} stroke-width=".6"/>` : null}
    <text class="card-court" x="30" y="52" text-anchor="middle" font-size="22" font-weight="700" font-family=${SERIF}>${letter}</text>
    <${SuitShape} suit=${suit} x="30" y="65" scale="0.7"/>`;
}

// A trump: its number in both corners and large in a medallion; the bouts T1 and T21 in a gold frame.
function TrumpCard({ n }) {
  const bout = n === 1 || n === 21;
  return html`<${Frame} fill="#fdf6e3" label=${"T" + n} edge=${bout ? "#a8811a" : "#9a8f78"}>
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
  return html`<${Frame} fill="#eef3fb" label="EX" edge="#7d93b8">
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
  return html`<${SuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)}/>`;
}

export function CardBack() {
  return html`<${Frame} fill="#fff" label="back">
    <rect x="4" y="4" width="52" height="88" rx="3" fill="#7d1a28"/>
    <path d="M4,4 L56,92 M56,4 L4,92 M30,4 L30,92 M4,48 L56,48" stroke="#c9a227" stroke-width="1.6"/>
    <circle cx="30" cy="48" r="9" fill="#7d1a28" stroke="#c9a227" stroke-width="1.6"/>
  <//>`;
}

// The whole deck, in the canonical order of docs/rules/french_tarot.md §2.
export const TAROT_DECK = [
  ..."SHDC".split("").flatMap((s) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"].map((r) => r + s)),
  ...Array.from({ length: 21 }, (_, i) => "T" + (i + 1)),
  "EX",
];
