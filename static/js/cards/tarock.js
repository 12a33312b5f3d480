// Tarock (Zwanzigerrufen) cards drawn as SVG from code (docs/rules/tarock.md §2): the 20 Tarocks T1, T4 … T22 and
// the 20 suit cards (10/A, J, N, Q, K of each suit). TarockCard({code}) and CardBack() are view components
// (static/js/view.js) on the 60 x 96 frame of static/js/cards/parts.js. A Tarock carries its Roman numeral in both
// corners and large on its face (IIII for 4, as on the Austrian packs: docs/decisions-tarock.md "Cards"); the three
// Trull pieces — Pagat (I), Mond (XXI) and Sküs (XXII, the fool, "Gstieß") — have a gold frame, a red band with
// their name and their own figure. The suit cards are the French Tarot's suit faces (TarotSuitCard: the same codes)
// with the Tarock's court letters.
import { html } from "../view.js";
import { interpolate, pgettext } from "../i18n.js";
import { CardBack, Corners, Frame, INK, IndexText, SERIF } from "./parts.js";
import { TarotSuitCard } from "./tarot.js";

export { CardBack };

const GOLD = "#c9a227";
const TRULL_RED = "#9d1c24";

// A Tarock's number as the Austrian packs print it: additive for 4 (IIII), subtractive otherwise (IX, XIX).
export function romanNumeral(n) {
  const parts = [[20, "XX"], [10, "X"], [9, "IX"], [5, "V"], [4, "IIII"], [1, "I"]];
  let rest = n;
  let out = "";
  for (const [value, letters] of parts) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

// The corner numeral: narrowed to fit the corner column as it gets longer (XVIII is five letters).
function CornerNumeral({ text, fill }) {
  const width = Math.min(22, 4.4 * text.length);
  return html`<${IndexText} text=${text} y="15" size="13" fill=${fill} family=${SERIF} width=${width}/>`;
}

// A plain Tarock (IIII … XX): its numeral large in a cream panel, and a small sun whose rays count the numeral's
// tens, so neighbouring Tarocks also differ in shape.
function PlainTarock({ n }) {
  const numeral = romanNumeral(n);
  const rays = Array.from({ length: 4 + (n % 5) * 2 }, (_, i) => (360 / (4 + (n % 5) * 2)) * i);
  return html`<${Frame} fill="#fdf6e3" label=${interpolate(pgettext("a Tarock card, by its number", "Tarock %(number)s"), { number: n })}
    edge="#9a8f78">
    <rect x="12" y="20" width="36" height="56" rx="3" fill="#f3e3b3" stroke="#b99a4a" stroke-width=".8"/>
    <g transform="translate(30 36)" stroke="#8a6d1d" stroke-width="1.1">
      ${rays.map((a) => html`<line key=${a} x1="0" y1="-5" x2="0" y2=${n >= 10 ? -10 : -8} transform=${`rotate(${a})`}/>`)}
      <circle r="4" fill="#e8c65a"/></g>
    <text class="card-court" x="30" y="64" text-anchor="middle" font-size=${numeral.length > 3 ? 12 : 15} font-weight="700"
      font-family=${SERIF} fill=${INK.trump} textLength=${numeral.length > 3 ? 32 : undefined}
      lengthAdjust=${numeral.length > 3 ? "spacingAndGlyphs" : undefined}>${numeral}</text>
    <${Corners} draw=${() => html`<${CornerNumeral} text=${numeral} fill=${INK.trump}/>`}/>
  <//>`;
}

// The Pagat (I): the juggler in a red-and-gold coat with his hat.
function PagatFigure() {
  return html`<g>
    <path d="M22,34 q8,-9 16,0 z" fill="#24467a"/><rect x="20" y="33" width="20" height="2.4" rx="1" fill="#24467a"/>
    <circle cx="30" cy="40" r="5" fill="#f4d6b8" stroke="#6b4a2a" stroke-width=".6"/>
    <path d="M21,66 l3,-19 h12 l3,19 z" fill=${TRULL_RED} stroke="#5a0f14" stroke-width=".6"/>
    <path d="M24,47 l6,8 6,-8" fill="none" stroke=${GOLD} stroke-width="1.4"/>
    <circle cx="18" cy="45" r="2" fill=${GOLD}/><circle cx="42" cy="45" r="2" fill=${GOLD}/><circle cx="30" cy="27" r="1.8" fill=${GOLD}/>
  </g>`;
}

// The Mond (XXI): a crescent moon with its face, among stars.
function MondFigure() {
  const star = (x, y) => html`<path transform=${`translate(${x} ${y}) scale(.35)`}
    d="M0,-10 l2.9,6 6.6,.9 -4.8,4.6 1.2,6.5 -5.9,-3.1 -5.9,3.1 1.2,-6.5 -4.8,-4.6 6.6,-.9z" fill=${GOLD}/>`;
  return html`<g>
    <circle cx="30" cy="48" r="17" fill="#1f3358"/>
    <path d="M35,34 a14,14 0 1 0 0,28 a11,11 0 1 1 0,-28 z" fill="#f3e08a" stroke="#a8811a" stroke-width=".6"/>
    <circle cx="25.5" cy="45" r="1" fill="#6b4a2a"/>
    ${star(38, 40)}${star(41, 53)}${star(33, 59)}
  </g>`;
}

// The Sküs (XXII): the fool ("Gstieß") with his three-pointed cap and bells and a harlequin's chequered coat.
function SkusFigure() {
  return html`<g>
    <path d="M22,38 L15,25 L27,33 L30,21 L33,33 L45,25 L38,38 z" fill=${TRULL_RED} stroke="#5a0f14" stroke-width=".6"/>
    <circle cx="15" cy="25" r="1.8" fill=${GOLD}/><circle cx="30" cy="21" r="1.8" fill=${GOLD}/><circle cx="45" cy="25" r="1.8" fill=${GOLD}/>
    <circle cx="30" cy="42" r="5.2" fill="#f4d6b8" stroke="#6b4a2a" stroke-width=".6"/>
    <path d="M27,44 q3,2.4 6,0" fill="none" stroke="#6b4a2a" stroke-width=".7"/>
    <path d="M22,49 l8,3 8,-3 l-2,4 -6,2 -6,-2 z" fill=${GOLD}/>
    <path d="M20,71 l4,-17 h12 l4,17 z" fill="#24467a"/>
    <path d="M24,54 h6 v8.5 h-7.4 z M30,62.5 h7.6 l1.8,8.5 h-9.4 z" fill="#e6b422"/>
  </g>`;
}

const TRULL = {
  1: { Figure: PagatFigure, name: () => pgettext("Tarock card", "Pagat") },
  21: { Figure: MondFigure, name: () => pgettext("Tarock card", "Mond") },
  22: { Figure: SkusFigure, name: () => pgettext("Tarock card", "Sküs") },
};

// A Trull piece: gold double frame, its figure, its numeral at the top and its name on a red band below.
function TrullCard({ n }) {
  const { Figure, name } = TRULL[n];
  const numeral = romanNumeral(n);
  return html`<${Frame} fill="#fff7df" label=${name()} edge="#a8811a">
    <rect x="2.5" y="2.5" width="55" height="91" rx="3.5" fill="none" stroke=${GOLD} stroke-width="1.8"/>
    <rect x="11" y="17" width="38" height="62" rx="3" fill="#fbeec4" stroke="#b99a4a" stroke-width=".8"/>
    <${Figure}/>
    <rect x="9" y="73" width="42" height="11" rx="2" fill=${TRULL_RED}/>
    <text class="card-court" x="30" y="81.6" text-anchor="middle" font-size="8.5" font-weight="700" font-family=${SERIF}
      fill="#fff3c4" textLength="34" lengthAdjust="spacingAndGlyphs">${name()}</text>
    <${Corners} draw=${() => html`<${CornerNumeral} text=${numeral} fill=${TRULL_RED}/>`}/>
  <//>`;
}

// The court cards' index letters, in the page's language, as a Tarock player names them (docs/decisions-i18n.md
// "Card indices"): K D C B in German (König, Dame, Cavall, Bube).
const COURT_INDEX = {
  K: () => pgettext("index of the Tarock King", "K"),
  Q: () => pgettext("index of the Tarock Queen", "Q"),
  N: () => pgettext("index of the Tarock Cavall (knight)", "C"),
  J: () => pgettext("index of the Tarock Jack (Bube)", "J"),
};

// Any Tarock card by its code (docs/rules/tarock.md §2).
export function TarockCard({ code }) {
  if (code[0] === "T") {
    const n = Number(code.slice(1));
    return TRULL[n] ? html`<${TrullCard} n=${n}/>` : html`<${PlainTarock} n=${n}/>`;
  }
  return html`<${TarotSuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)} courtIndex=${COURT_INDEX}/>`;
}

// The whole deck in the canonical order of docs/rules/tarock.md §2.
const LOW = { S: "10", C: "10", H: "A", D: "A" };
export const TAROCK_DECK = [
  "T1", ...Array.from({ length: 19 }, (_, i) => "T" + (i + 4)),
  ..."SCHD".split("").flatMap((s) => [LOW[s], "J", "N", "Q", "K"].map((r) => r + s)),
];

export const isTarock = (card) => card[0] === "T";

/** The deck's card component for a page that knows only the deck's name (static/js/how-to-play.js); the Tarock
 * deck has one design, whatever the preferences. */
export function deckCard() {
  return TarockCard;
}
