// The Swiss-German Jass faces (docs/decisions-jass.md "Deck designs"): the suit signs Rosen (roses), Schilten
// (shields), Schellen (bells) and Eicheln (acorns) on the engine's suits S, H, D, C (docs/rules/jass.md §2), pips for
// 6-9, the Banner for the 10, Under, Ober and König as figures, and the As. Every face keeps the site's 60 x 96 frame
// and a corner index (a number, U, O, K or A above the suit sign, repeated upside down), so a fanned card is known by
// its strip. The index letters are the Swiss pack's own in every language: the pack is only printed in German.
import { html } from "../view.js";
import { Corners, Frame, IndexText } from "./parts.js";

const DARK = "#3a250c";
const GOLD = "#e4ad2b";

// Each sign is drawn about 20 x 22 units around (0, 0), in its own colours (a Swiss sign has several).
function Rose() {
  const petals = [0, 72, 144, 216, 288];
  return html`${petals.map((a) => html`<path transform=${`rotate(${a + 36})`} d="M0,-11 L2.6,-6 L-2.6,-6 Z" fill="#3d7a2a"/>`)}
    ${petals.map((a) => html`<circle transform=${`rotate(${a})`} cx="0" cy="-5.4" r="4.7" fill="#c8262e" stroke="#6b0f15"
      stroke-width=".7"/>`)}
    <circle r="3.7" fill="#f3c63a" stroke="#6b0f15" stroke-width=".6"/>
    <circle r="1.3" fill="#b5561b"/>`;
}

function Shield() {
  return html`<path d="M-8.6,-9.5 L8.6,-9.5 L8.6,-1 C8.6,5 4.2,8.7 0,10.8 C-4.2,8.7 -8.6,5 -8.6,-1 Z" fill=${GOLD}
      stroke="#1e221f" stroke-width=".9"/>
    <path d="M-6,-7 L6,-7 L6,-1 C6,3.5 3,6.3 0,7.9 C-3,6.3 -6,3.5 -6,-1 Z" fill="#1e221f"/>
    <rect x="-6" y="-3.2" width="12" height="3.6" fill="#c0262d"/>`;
}

function Bell() {
  return html`<circle cx="0" cy="-9" r="2.1" fill="none" stroke=${DARK} stroke-width="1.3"/>
    <circle cx="0" cy="1.2" r="8.6" fill=${GOLD} stroke=${DARK} stroke-width=".9"/>
    <path d="M-8.5,-.6 Q0,2.8 8.5,-.6 L8.3,2.2 Q0,5.6 -8.3,2.2 Z" fill="#c0262d" stroke=${DARK} stroke-width=".5"/>
    <circle cx="0" cy="6" r="1.4" fill=${DARK}/><path d="M0,6 L0,9.6" stroke=${DARK} stroke-width="1.2"/>
    <ellipse cx="-3.8" cy="-3.4" rx="1.9" ry="1.2" fill="#fff6d8" opacity=".8"/>`;
}

function Acorn() {
  return html`<path d="M0,-11 C.4,-9.5 .4,-8.4 0,-7" stroke=${DARK} stroke-width="1.6" fill="none"/>
    <path d="M-5.3,-2.2 C-6,4 -3.2,9.8 0,11 C3.2,9.8 6,4 5.3,-2.2 Z" fill="#e9be45" stroke=${DARK} stroke-width=".8"/>
    <path d="M-2.4,1 C-2.6,4.5 -1.6,7 -.4,8.4" stroke="#fff3c4" stroke-width="1.1" fill="none"/>
    <path d="M-6.6,-2 C-7,-6.6 -3.5,-8 0,-8 C3.5,-8 7,-6.6 6.6,-2 C4,-.6 -4,-.6 -6.6,-2 Z" fill="#8b5a24" stroke=${DARK}
      stroke-width=".8"/>
    <path d="M-5,-5.8 L-1.4,-1.4 M-1.6,-7.8 L3,-1.3 M2.2,-7.8 L5.8,-3.6 M5,-5.8 L1.4,-1.4 M1.6,-7.8 L-3,-1.3 M-2.2,-7.8 L-5.8,-3.6"
      stroke="#4e3011" stroke-width=".6"/>`;
}

const SIGNS = { S: Rose, H: Shield, D: Bell, C: Acorn };
// The ink of each suit's index and figure: the colour a player looks for in a fan.
const INK = { S: "#b01e28", H: "#1e221f", D: "#8a5a00", C: "#2f6420" };
const TUNIC = { S: "#b8323a", H: "#34495e", D: "#c98a1a", C: "#3a7d2c" };

// One Swiss suit sign centred on (x, y); `flip` turns it upside down (the lower pips, as on a printed pack).
export function SwissSign({ suit, x, y, scale, flip = false }) {
  const Sign = SIGNS[suit];
  return html`<g transform=${`translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`}><${Sign}/></g>`;
}

// Where the pips of 6-9 sit, and how large: below the corner's sign, so that it reads as part of the index and not
// as a pip; the 6 and the 7 in two columns (the 7 with a middle pip), the 8 and the 9 in rows of three (the 8's
// middle row two).
const COLUMNS = (ys, x = 22) => ys.flatMap((y) => [[x, y], [60 - x, y]]);
const ROW3 = (y) => [[19, y], [30, y], [41, y]];
const SWISS_PIPS = {
  6: [0.55, COLUMNS([34, 48, 62])],
  7: [0.52, [...COLUMNS([34, 48, 62], 21), [30, 41]]],
  8: [0.5, [...ROW3(35), [24.5, 48], [35.5, 48], ...ROW3(61)]],
  9: [0.5, [...ROW3(35), ...ROW3(48), ...ROW3(61)]],
};

function Pips({ rank, suit }) {
  const [scale, pips] = SWISS_PIPS[rank];
  return pips.map(([x, y]) => html`<${SwissSign} suit=${suit} x=${x} y=${y} scale=${scale} flip=${y > 50}/>`);
}

// The 10: the Banner, a flag on a pole with the suit's sign.
function Banner({ suit }) {
  return html`<path d="M20,16 L20,82" stroke="#6b4a1d" stroke-width="2.2" stroke-linecap="round"/>
    <circle cx="20" cy="15" r="2.2" fill=${GOLD} stroke=${DARK} stroke-width=".6"/>
    <path d="M21,20 C29,16 36,24 46,19 L46,55 C36,60 29,52 21,56 Z" fill="#fbf3df" stroke=${INK[suit]} stroke-width="1.2"/>
    <path d="M21,50 C29,46 36,54 46,49 L46,55 C36,60 29,52 21,56 Z" fill=${TUNIC[suit]}/>
    <path d="M21,20 C29,16 36,24 46,19 L46,25 C36,30 29,22 21,26 Z" fill=${TUNIC[suit]}/>
    <${SwissSign} suit=${suit} x="33.5" y="37.5" scale="0.8"/>`;
}

// The As: one large sign in a gold cartouche.
function Ace({ suit }) {
  return html`<ellipse cx="30" cy="48" rx="17" ry="24" fill="#fbf3df" stroke=${GOLD} stroke-width="2"/>
    <ellipse cx="30" cy="48" rx="14.2" ry="21.2" fill="none" stroke=${INK[suit]} stroke-width=".7"/>
    <${SwissSign} suit=${suit} x="30" y="48" scale="1.2"/>`;
}

// Under, Ober and König: a figure in the suit's colour in a framed panel; the Ober holds its sign high, the Under
// low (how a German or Swiss pack tells them apart), the König, crowned and with his sceptre, at his side. Functions: a view node is
// never mounted in two places.
const HEADWEAR = {
  J: () => html`<path d="M23.5,31 C24,25 36,25 36.5,31 Z" fill="#2b2b2b"/>`,
  Q: () => html`<path d="M22,31 L38,31 L36,27 C33,24 27,24 24,27 Z" fill="#5b2a6e"/><path d="M25,27 C22,21 20,19.5 17.5,18" stroke="#e8e2d0"
    stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
  K: () => html`<path d="M23.5,31 L23.5,24 L26.5,27.5 L30,22.5 L33.5,27.5 L36.5,24 L36.5,31 Z" fill=${GOLD} stroke=${DARK}
    stroke-width=".6"/>`,
};
const SIGN_AT = { J: [30, 70, 0.6], Q: [38.5, 22, 0.5], K: [39, 54, 0.5] };
// The arms that hold the sign: from the shoulder to the hand, [x1, y1, x2, y2].
const ARMS = { J: [[23, 48, 27.5, 66], [37, 48, 32.5, 66]], Q: [[37, 47, 39, 28.5]], K: [[37.5, 47, 39.5, 57]] };
const SKIN = "#f1c9a2";

function Arm({ from: [x1, y1, x2, y2], suit }) {
  const d = `M${x1},${y1} L${x2},${y2}`;
  return html`<path d=${d} stroke=${DARK} stroke-width="4.2" stroke-linecap="round"/>
    <path d=${d} stroke=${TUNIC[suit]} stroke-width="3" stroke-linecap="round"/>
    <circle cx=${x2} cy=${y2} r="1.7" fill=${SKIN} stroke=${DARK} stroke-width=".4"/>`;
}

function Court({ rank, suit }) {
  const [sx, sy, scale] = SIGN_AT[rank];
  return html`<rect x="16" y="14" width="28" height="68" rx="3" fill="#fbf3df" stroke=${INK[suit]} stroke-width="1"/>
    <path d="M20,80 L21.5,50 C22.5,45 25,43 30,43 C35,43 37.5,45 38.5,50 L40,80 Z" fill=${TUNIC[suit]} stroke=${DARK} stroke-width=".6"/>
    <path d="M21,62 L39,62" stroke=${GOLD} stroke-width="2"/>
    <path d="M26,43 L30,49 L34,43" fill="#fbf3df" stroke=${DARK} stroke-width=".5"/>
    ${rank === "K" ? html`<path d="M26,37 C26,44 34,44 34,37 Z" fill="#8a6a3a"/>` : null}
    <circle cx="30" cy="35" r="5" fill=${SKIN} stroke=${DARK} stroke-width=".6"/>
    ${rank === "K" ? html`<path d="M26.5,38.5 C28,42.5 32,42.5 33.5,38.5 C32,40 28,40 26.5,38.5 Z" fill="#8a6a3a"/>` : null}
    ${HEADWEAR[rank]()}
    ${rank === "K" ? html`<path d="M22.5,74 L20,40" stroke=${GOLD} stroke-width="1.6"/><circle cx="20" cy="39" r="1.8" fill=${GOLD}
      stroke=${DARK} stroke-width=".5"/><circle cx="21.6" cy="60" r="1.7" fill=${SKIN} stroke=${DARK} stroke-width=".4"/>` : null}
    ${ARMS[rank].map((arm) => html`<${Arm} from=${arm} suit=${suit}/>`)}
    <${SwissSign} suit=${suit} x=${sx} y=${sy} scale=${scale}/>`;
}

const INDEX = { 10: "10", J: "U", Q: "O", K: "K", A: "A" };

// A Swiss-German card: rank 6 7 8 9 10 J (Under) Q (Ober) K (König) A (As) + suit S H D C; label: its spoken name
// (static/js/cards/jass.js names the Swiss design's cards).
export function SwissCard({ code, label }) {
  const rank = code.slice(0, -1), suit = code.slice(-1);
  const corner = () => html`<${IndexText} text=${INDEX[rank] || rank} y="17" size="17" fill=${INK[suit]} width="14"/>
    <${SwissSign} suit=${suit} x="9.5" y="25.5" scale="0.5"/>`;
  const face = SWISS_PIPS[rank] ? html`<${Pips} rank=${rank} suit=${suit}/>`
    : rank === "10" ? html`<${Banner} suit=${suit}/>`
      : rank === "A" ? html`<${Ace} suit=${suit}/>` : html`<${Court} rank=${rank} suit=${suit}/>`;
  return html`<${Frame} fill="#fffdf6" label=${label}><${Corners} draw=${corner}/>${face}<//>`;
}
