// The Swiss-German Jass faces (docs/decisions-jass.md "Deck designs"). Until their own drawings land, the Swiss
// design draws the French faces, so that a table can already offer the preference.
import { html } from "../view.js";
import { SuitCard } from "./parts.js";

const COURT_INDEX = { J: () => "U", Q: () => "O", K: () => "K" };

export function SwissCard({ code }) {
  return html`<${SuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)} courtIndex=${COURT_INDEX}/>`;
}
