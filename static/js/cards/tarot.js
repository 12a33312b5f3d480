// Tarot cards drawn as SVG from code: 56 suit cards, trumps T1-T21 (numbered) and the Excuse (EX).
// TarotCard({code}) and CardBack() are view components (static/js/view.js); the viewBox is 60 x 96, so cards scale
// cleanly on a phone.
import { html } from "../view.js";

const SUIT_PATHS = {
  S: "M0,-10 C6,-4 10,0 10,4 C10,8 6,10 2,7 L3,12 L-3,12 L-2,7 C-6,10 -10,8 -10,4 C-10,0 -6,-4 0,-10 Z",
  H: "M0,10 C-7,4 -10,0 -10,-4 C-10,-8 -6,-10 -3,-9 C-1,-8 0,-6 0,-5 C0,-6 1,-8 3,-9 C6,-10 10,-8 10,-4 C10,0 7,4 0,10 Z",
  D: "M0,-11 L8,0 L0,11 L-8,0 Z",
};
const RED = { H: true, D: true };
const COURT = { K: "K", Q: "Q", N: "N", J: "J" };
const SANS = "sans-serif";

function Club() {
  return html`<circle cx="0" cy="-5.5" r="4.3"/><circle cx="-5" cy="1" r="4.3"/><circle cx="5" cy="1" r="4.3"/>
    <path d="M-1.6,0 L1.6,0 L3.2,11 L-3.2,11 Z"/>`;
}

function SuitShape({ suit, x, y, scale }) {
  return html`<g transform=${`translate(${x} ${y}) scale(${scale})`}>
    ${suit === "C" ? html`<${Club}/>` : html`<path d=${SUIT_PATHS[suit]}/>`}</g>`;
}

function Frame({ fill, label, children }) {
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 96" class="card-svg" role="img" aria-label=${label}>
    <rect x="0.75" y="0.75" width="58.5" height="94.5" rx="5" fill=${fill} stroke="#333" stroke-width="1.5"/>${children}</svg>`;
}

// The index in the top-left corner, repeated upside down in the bottom-right one (drawn twice: a view node is
// never mounted in two places).
function Corners({ draw }) {
  return html`${draw()}<g transform="rotate(180 30 48)">${draw()}</g>`;
}

function SuitCard({ rank, suit }) {
  const color = RED[suit] ? "#c0392b" : "#1d1d1f";
  const index = () => html`<text x="5" y="15" font-size="13" font-weight="700" font-family=${SANS}>${rank}</text>
    <${SuitShape} suit=${suit} x="9" y="25" scale="0.5"/>`;
  const centre = COURT[rank]
    ? html`<rect x="16" y="24" width="28" height="48" rx="3" fill="none" stroke=${color} stroke-width="1"/>
        <text x="30" y="46" text-anchor="middle" font-size="18" font-weight="700" font-family="serif">${COURT[rank]}</text>
        <${SuitShape} suit=${suit} x="30" y="60" scale="0.8"/>`
    : html`<${SuitShape} suit=${suit} x="30" y="48" scale="1.5"/>`;
  return html`<${Frame} fill="#fff" label=${rank + suit}><g fill=${color}><${Corners} draw=${index}/>${centre}</g><//>`;
}

function TrumpCard({ n }) {
  const ink = "#3b2a00";
  return html`<${Frame} fill="#fffaf0" label=${"T" + n}>
    <rect x="6" y="30" width="48" height="36" rx="3" fill="#f3e3b3" stroke="#8a6d1d" stroke-width="1"/>
    <path d="M30,71 l2,5 5,0 -4,3 2,5 -5,-3 -5,3 2,-5 -4,-3 5,0z" fill="#8a6d1d"/>
    <text x="30" y="56" text-anchor="middle" font-size="22" font-weight="700" font-family="serif" fill=${ink}>${n}</text>
    <${Corners} draw=${() => html`<text x="5" y="15" font-size="12" font-weight="700" font-family=${SANS} fill=${ink}>${n}</text>`}/>
  <//>`;
}

function ExcuseCard() {
  const ink = "#2b4c7e";
  return html`<${Frame} fill="#eef3fb" label="EX">
    <path d="M30,24 l5,14 15,0 -12,9 5,15 -13,-9 -13,9 5,-15 -12,-9 15,0z" fill=${ink}/>
    <text x="30" y="82" text-anchor="middle" font-size="11" font-weight="700" font-family=${SANS} fill=${ink}>EXCUSE</text>
    <text x="5" y="15" font-size="11" font-weight="700" font-family=${SANS} fill=${ink}>★</text>
  <//>`;
}

export function TarotCard({ code }) {
  if (code === "EX") return html`<${ExcuseCard}/>`;
  if (code[0] === "T") return html`<${TrumpCard} n=${Number(code.slice(1))}/>`;
  return html`<${SuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)}/>`;
}

export function CardBack() {
  return html`<${Frame} fill="#fff" label="back">
    <rect x="6" y="6" width="48" height="84" rx="3" fill="#8b1e2d"/>
    <path d="M6,6 L54,90 M54,6 L6,90 M30,6 L30,90 M6,48 L54,48" stroke="#c9a227" stroke-width="2"/>
  <//>`;
}

// The whole deck, in the canonical order of docs/rules/french_tarot.md §2.
export const TAROT_DECK = [
  ..."SHDC".split("").flatMap((s) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"].map((r) => r + s)),
  ...Array.from({ length: 21 }, (_, i) => "T" + (i + 1)),
  "EX",
];
