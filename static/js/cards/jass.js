// The 36-card Jass deck (docs/rules/jass.md §2) in the two designs a player chooses as the Jass preference
// `deck_design` (games/engines/jass/rules.py DECK_DESIGN): "french" (the default; French suits from parts.js with
// the corner letters of the page language's French-suited packs) and "swiss" (Schellen, Schilten, Rosen, Eicheln with
// Under, Ober, König, the Banner and the As; cards/swiss.js). Codes are the engine's: rank 6 7 8 9 10 J Q K A + suit
// S H D C. The names a page shows follow the chosen deck; the mapping of the engine's suits to the Swiss ones is the
// rules file's (§2: Roses S, Shields H, Bells D, Acorns C) — docs/decisions-jass.md "Deck designs",
// docs/decisions-i18n.md "Jass deck".
import { html } from "../view.js";
import { pgettext } from "../i18n.js";
import { CardBack, SuitCard } from "./parts.js";
import { rankOfSuit } from "./names.js";
import { SwissCard } from "./swiss.js";

export { CardBack };

export const JASS_SUITS = ["S", "H", "D", "C"];
export const JASS_RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];
// The canonical order (rules §2): S, H, D, C, each 6 7 8 9 10 J Q K A — as games/engines/jass/cards.py DECK.
export const JASS_DECK = JASS_SUITS.flatMap((suit) => JASS_RANKS.map((rank) => rank + suit));

// The French design's court letters, in the page's language as its French-suited packs print them: B D K in German
// (Bauer, Dame, König, as on the French-suited Jass packs of German-speaking Switzerland), V D R in French
// (docs/decisions-i18n.md "Jass deck").
const FRENCH_COURT_INDEX = {
  J: () => pgettext("index of the Jass Jack (French deck)", "J"),
  Q: () => pgettext("index of the Jass Queen (French deck)", "Q"),
  K: () => pgettext("index of the Jass King (French deck)", "K"),
};

// Each name is one literal gettext call (a call on a variable is never extracted); the contexts keep a deck's terms
// apart from the same English word elsewhere (the Swiss "Bells", the French "King").
const SUIT_NAMES = {
  french: {
    S: () => pgettext("Jass suit, French deck", "Spades"),
    H: () => pgettext("Jass suit, French deck", "Hearts"),
    D: () => pgettext("Jass suit, French deck", "Diamonds"),
    C: () => pgettext("Jass suit, French deck", "Clubs"),
  },
  swiss: {
    S: () => pgettext("Jass suit, Swiss deck", "Roses"),
    H: () => pgettext("Jass suit, Swiss deck", "Shields"),
    D: () => pgettext("Jass suit, Swiss deck", "Bells"),
    C: () => pgettext("Jass suit, Swiss deck", "Acorns"),
  },
};
const RANK_NAMES = {
  french: {
    10: () => "10",
    J: () => pgettext("Jass card, French deck", "Jack"),
    Q: () => pgettext("Jass card, French deck", "Queen"),
    K: () => pgettext("Jass card, French deck", "King"),
    A: () => pgettext("Jass card, French deck", "Ace"),
  },
  swiss: {
    10: () => pgettext("Jass card, Swiss deck", "Banner"),
    J: () => pgettext("Jass card, Swiss deck", "Under"),
    Q: () => pgettext("Jass card, Swiss deck", "Ober"),
    K: () => pgettext("Jass card, Swiss deck", "King"),
    A: () => pgettext("Jass card, Swiss deck", "Ace"),
  },
};

const suitNameOf = (design, suit) => SUIT_NAMES[design][suit]();
const rankNameOf = (design, rank) => (RANK_NAMES[design][rank] || (() => rank))();
const cardNameOf = (design, code) => rankOfSuit(rankNameOf(design, code.slice(0, -1)), suitNameOf(design, code.slice(-1)));

// Each design's drawing, named (its accessible name) with the design's own names.
function FrenchCard({ code }) {
  return html`<${SuitCard} rank=${code.slice(0, -1)} suit=${code.slice(-1)} courtIndex=${FRENCH_COURT_INDEX}
    label=${cardNameOf("french", code)}/>`;
}

function SwissDesignCard({ code }) {
  return html`<${SwissCard} code=${code} label=${cardNameOf("swiss", code)}/>`;
}

const CARDS = { french: FrenchCard, swiss: SwissDesignCard };
export const DECK_DESIGNS = Object.keys(CARDS);
const DEFAULT_DESIGN = "french";

/** The deck of one design ("french" or "swiss"; anything else is the default, "french"): `Card({code})` is the view
 * component the shared Hand and Trick draw (`<Card code="JH"/>`); `suitName("H")`, `rankName("J")` and
 * `cardName("JH")` are the page language's names of that design ("Hearts" / "Shields", "Jack" / "Under",
 * "Jack of Hearts" / "Under of Shields"); 6-9 (and the French 10) are named by their number. */
export function jassDeck(design) {
  const chosen = CARDS[design] ? design : DEFAULT_DESIGN;
  const suitName = (suit) => suitNameOf(chosen, suit);
  const rankName = (rank) => rankNameOf(chosen, rank);
  const cardName = (code) => cardNameOf(chosen, code);
  return { Card: CARDS[chosen], suitName, rankName, cardName, design: chosen };
}

/** The design in the table page's player preferences (the json_script `#game-preferences`, e.g.
 * `{"deck_design": "swiss"}`); "french" when the page has none or names an unknown one. */
export function readDesign(doc = document) {
  const node = doc.getElementById("game-preferences");
  if (!node || node.tagName !== "SCRIPT") return DEFAULT_DESIGN;
  try {
    const design = JSON.parse(node.textContent)?.deck_design;
    return CARDS[design] ? design : DEFAULT_DESIGN;
  } catch {
    return DEFAULT_DESIGN;
  }
}

/** The deck's card component for a page that knows only the deck's name (static/js/how-to-play.js), in the design
 * of the player's preferences (`{"deck_design": "swiss"}`; the default design otherwise). */
export function deckCard(preferences) {
  return jassDeck(preferences?.deck_design).Card;
}
