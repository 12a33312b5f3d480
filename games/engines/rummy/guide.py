"""The How to play page of Rummy (Rommé) (games/engines/core/guide.py), written from docs/rules/rummy.md; its
worked example is a hand-jolly (the case "hand-jolly-doubles-58", rules file §11 vector 20), replayed by the engine
whenever the page is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_
from games.engines.core.guide import Example, Fact, Guide, Passage, Section, cards

from .cards import hand_penalty, penalty

DEAL = {
    "hands": [
        cards("10H JK AD 3C KS KH KD 4S 5S 6S 7D 8D 9D"),
        cards("QC QH QS 2H 3H 4H 5H 8C 9C 10C JD QD KD"),
    ],
    "stock": cards(
        "2S 7C 9S AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 2D 3D 4D 5D 6D 7D "
        "8D 9D 10D JD QD AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS 3S 7S 8S 10S JS AH 6H 7H 8H 9H JH 2D 3D 4D 5D 6D "
        "10D AC 2C 4C 5C JC KC JK JK JK JK JK"
    ),
    "discard": cards("6C"),
}
ACTIONS = (
    (1, {"draw": "stock"}),
    (1, {"discard": "2S"}),
    (0, {"draw": "stock"}),
    (0, {"meld": [["KS", "KH", "KD"], ["4S", "5S", "6S"], ["7D", "8D", "9D"]]}),
    (0, {"discard": "7C"}),
    (1, {"draw": "stock"}),
    (1, {"meld": [["QC", "QH", "QS"], ["2H", "3H", "4H", "5H"], ["8C", "9C", "10C"], ["JD", "QD", "KD"]]}),
    (1, {"discard": "9S"}),
)
OPTIONS = {"players": 2}
DEALER = 0


def _facts(result: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Fact]:
    """The example's numbers, from the engine's result (§6) and the hands it shows once the deal is over (§7)."""
    winner = int(result["winner"])
    loser = next(seat for seat, p in enumerate(result["penalties"]) if p is not None and seat != winner)
    left = tuple(view["hands"][loser])
    return {
        "winner": winner + 1,
        "loser": loser + 1,
        "left": left,
        "values": " + ".join(str(penalty(card)) for card in left),
        "sum": hand_penalty(left),
        "penalty": result["penalties"][loser],
    }


EXAMPLE = Example(
    options=OPTIONS,
    dealer=DEALER,
    deal=DEAL,
    actions=ACTIONS,
    facts=_facts,
    passages=(
        Passage(
            N_(
                "Two players. Player %(loser)s opens in his first turn with three melds worth more than 30 points and "
                "discards. Player %(winner)s has melded nothing so far; in his next turn he draws, lays all his cards "
                "out in four melds and discards his last card: he opened and went out in the same turn, a hand-jolly."
            )
        ),
        Passage(N_("Player %(loser)s is left holding these cards:"), "left"),
        Passage(
            N_(
                "Their penalty is %(values)s = %(sum)s, doubled for the hand-jolly: %(penalty)s. Player %(loser)s pays "
                "Player %(winner)s %(penalty)s."
            )
        ),
    ),
)

GUIDE = Guide(
    intro=N_(
        "Rummy (Rommé) is played by two to four, each for himself: lay your cards out in sets and runs and be the "
        "first with an empty hand. Cards left in the other hands are penalty points, and whoever passes the point "
        "limit is out of the match."
    ),
    sections=(
        Section(
            N_("The cards"),
            (
                Passage(
                    N_(
                        "110 cards: two packs of 52 and six jokers. In a meld the 2 to 10 count their number, the "
                        "Jack, Queen and King 10, the Ace 1 at the low end of a run and 11 at the high end or in a "
                        "set, and a joker the card it stands for."
                    ),
                    cards("AS 2S 10S JS QS KS JK"),
                ),
                Passage(
                    N_(
                        "Each player receives 13 cards; one card is turned face up to start the discard pile and the "
                        "rest is the stock. The player after the dealer begins."
                    )
                ),
            ),
        ),
        Section(
            N_("Melds"),
            (
                Passage(
                    N_(
                        "A set is three or four cards of one rank in different suits. A run is three or more cards of "
                        "one suit in sequence; the Ace goes below the 2 or above the King, never both and never around "
                        "the corner (King, Ace, 2)."
                    ),
                    cards("7S 7H 7C QD KD AD"),
                ),
                Passage(
                    N_(
                        "A joker stands for any card a meld needs, but a meld never holds more jokers than natural "
                        "cards (at a table that allows one joker per meld, at most one). When the card a joker stands "
                        "for is not clear, you say which one it is."
                    ),
                    cards("5H JK 7H"),
                ),
            ),
        ),
        Section(
            N_("A turn"),
            (
                Passage(
                    N_(
                        "First draw: the top card of the stock or the top card of the discard pile. Then lay out new "
                        "melds, add cards to any meld on the table, or take a joker from the table by putting the card "
                        "it stands for in its place, as often as you like. End the turn by discarding a card; not the "
                        "card you just took from the pile, unless you hold nothing else."
                    )
                ),
                Passage(
                    N_(
                        "Opening: your first melds must be laid in one turn and be worth at least 30 points together "
                        "(40 at a table that asks for 40; cards added to other melds do not count). Until you have "
                        "opened you may not add to melds or take jokers."
                    )
                ),
                Passage(
                    N_(
                        "The deal ends the moment a hand is empty, whether by a meld, by adding cards or by a discard. "
                        "When the stock runs out, the discard pile below its top card becomes the stock again, twice "
                        "at most; after that the deal is void and the same dealer deals again."
                    )
                ),
            ),
        ),
        Section(
            N_("Scoring"),
            (
                Passage(
                    N_(
                        "Each other player counts the cards left in his hand: 2 to 10 their number, Jack, Queen and "
                        "King 10, an Ace 15 and a joker 30. He pays the winner that many points."
                    )
                ),
                Passage(
                    N_("Hand-jolly: a winner who opened in the very turn he went out doubles every penalty.")
                ),
                Passage(
                    N_(
                        "The penalties add up over the deals; a player whose total goes over the table's limit is out "
                        "of the match, and the last player left wins it."
                    )
                ),
                Passage(
                    N_(
                        "Kloppen, when the table allows it: before the player whose turn it is draws, another player "
                        "may knock to take the top card of the discard pile and two cards of the stock and play his "
                        "turn at once; the players in between lose their turn."
                    )
                ),
            ),
        ),
    ),
    example=EXAMPLE,
)
