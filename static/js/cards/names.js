// A card's spoken name: the accessible name of its drawing (the SVG's aria-label, what a screen reader says for a
// card in the hand, in a trick or on a pile), in the page's language: "Queen of Hearts". The French-suited cards of
// every deck are named here, and a card seen from its back; a deck's cards of its own (trumps, a joker) and a deck
// with names of its own (the Jass designs) pass their names to the drawing itself.
import { interpolate, pgettext } from "../i18n.js";

// Each name is one literal gettext call (a call on a variable is never extracted).
const SUIT_NAMES = {
  S: () => pgettext("card suit", "Spades"),
  H: () => pgettext("card suit", "Hearts"),
  D: () => pgettext("card suit", "Diamonds"),
  C: () => pgettext("card suit", "Clubs"),
};
const RANK_NAMES = {
  A: () => pgettext("card rank", "Ace"),
  J: () => pgettext("card rank", "Jack"),
  N: () => pgettext("card rank (the Cavalier, between Jack and Queen)", "Knight"),
  Q: () => pgettext("card rank", "Queen"),
  K: () => pgettext("card rank", "King"),
};

// A suit card's name from the names of its rank and suit, in the page's word order: "Queen" and "Hearts" make
// "Queen of Hearts" ("Herz Dame" in German). A deck with names of its own (the Jass designs) composes them here too.
export function rankOfSuit(rankName, suitName) {
  return interpolate(pgettext("card name: its rank, then its suit", "%(rank)s of %(suit)s"), { rank: rankName, suit: suitName });
}

// rank: "A", "2"…"10", "J", "N", "Q", "K"; suit: S H D C. Numbers are named by their number.
export function suitCardName(rank, suit) {
  return rankOfSuit(RANK_NAMES[rank] ? RANK_NAMES[rank]() : rank, SUIT_NAMES[suit] ? SUIT_NAMES[suit]() : suit);
}

// A card seen from the back (another seat's hand, the stock, the dog before it is shown).
export function backName() {
  return pgettext("a playing card seen from its back", "Face-down card");
}
