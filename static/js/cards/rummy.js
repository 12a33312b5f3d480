// The Rummy pack (docs/rules/rummy.md §2): the French-suited 52 cards twice and six jokers, codes as in
// games/engines/rummy/cards.py ("10H", "JK"). Both copies of a code share one drawing: identical cards are
// interchangeable (rules §2).
import { CardBack, FrenchCard, FRENCH_DECK, JOKER, cardIndex } from "./french.js";

export { CardBack, JOKER, cardIndex };
export const RummyCard = FrenchCard;

// The whole pack in canonical order: the 52-card sequence twice, then the six jokers.
export const RUMMY_PACK = [...FRENCH_DECK, ...FRENCH_DECK, ...Array(6).fill(JOKER)];
// Each distinct code once (53 drawings).
export const RUMMY_CODES = [...FRENCH_DECK, JOKER];

/** The deck's card component for a page that knows only the deck's name (static/js/how-to-play.js); the Rummy
 * pack has one design, whatever the preferences. */
export function deckCard() {
  return RummyCard;
}
