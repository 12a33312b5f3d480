"""The How to play page of French Tarot (games/engines/core/guide.py), written from docs/rules/french_tarot.md for
the default profile `fft`; its worked example is the rules file's vector 1 (Garde, two bouts, 43 points), replayed
by the engine whenever the page is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_
from games.engines.core.guide import Example, Fact, Guide, Passage, Section, cards

DEAL = {
    "hands": [
        cards("3S JS 2H 5H 10H JH AD 2D 6D 10D KD 6C 10C NC T9 T13 T15 T17"),
        cards("6S 7S 10S KS 6H 9H KH 5D JD 2C 3C 8C T1 T8 T12 T19 T20 T21"),
        cards("2S 8S 9S QS AH 4H 3D 7D ND QD 7C JC QC T5 T6 T10 T16 EX"),
        cards("4S NS 3H 7H 8H NH QH AC 4C 5C 9C KC T2 T3 T4 T11 T14 T18"),
    ],
    "dog": cards("AS 5S 4D 8D 9D T7"),
}
ACTIONS = (
    (1, {"bid": "garde"}),
    (2, {"bid": "pass"}),
    (3, {"bid": "pass"}),
    (0, {"bid": "pass"}),
    (1, {"discard": ["AS", "5S", "6S", "7S", "10S", "6H"]}),
    (1, {"slam": False}),
    (1, {"play": "2C"}),
    (2, {"play": "JC"}),
    (3, {"play": "9C"}),
    (0, {"play": "NC"}),
    (0, {"play": "10C"}),
    (1, {"play": "3C"}),
    (2, {"play": "EX"}),
    (3, {"play": "5C"}),
    (0, {"play": "2H"}),
    (1, {"play": "KH"}),
    (2, {"play": "AH"}),
    (3, {"play": "NH"}),
    (1, {"play": "KS"}),
    (2, {"play": "9S"}),
    (3, {"play": "NS"}),
    (0, {"play": "3S"}),
    (1, {"play": "T21"}),
    (2, {"play": "T5"}),
    (3, {"play": "T4"}),
    (0, {"play": "T15"}),
    (1, {"play": "9H"}),
    (2, {"play": "4H"}),
    (3, {"play": "QH"}),
    (0, {"play": "5H"}),
    (3, {"play": "KC"}),
    (0, {"play": "6C"}),
    (1, {"play": "8C"}),
    (2, {"play": "QC"}),
    (3, {"play": "T18"}),
    (0, {"play": "T17"}),
    (1, {"play": "T20"}),
    (2, {"play": "T16"}),
    (1, {"play": "T19"}),
    (2, {"play": "T6"}),
    (3, {"play": "T3"}),
    (0, {"play": "T9"}),
    (1, {"play": "8D"}),
    (2, {"play": "QD"}),
    (3, {"play": "T14"}),
    (0, {"play": "6D"}),
    (3, {"play": "7H"}),
    (0, {"play": "JH"}),
    (1, {"play": "T12"}),
    (2, {"play": "T10"}),
    (1, {"play": "T8"}),
    (2, {"play": "2S"}),
    (3, {"play": "T11"}),
    (0, {"play": "T13"}),
    (0, {"play": "2D"}),
    (1, {"play": "5D"}),
    (2, {"play": "ND"}),
    (3, {"play": "T2"}),
    (3, {"play": "4S"}),
    (0, {"play": "JS"}),
    (1, {"play": "T1"}),
    (2, {"play": "8S"}),
    (1, {"play": "JD"}),
    (2, {"play": "7D"}),
    (3, {"play": "3H"}),
    (0, {"play": "KD"}),
    (0, {"play": "10H"}),
    (1, {"play": "T7"}),
    (2, {"play": "7C"}),
    (3, {"play": "8H"}),
    (1, {"play": "4D"}),
    (2, {"play": "3D"}),
    (3, {"play": "AC"}),
    (0, {"play": "AD"}),
    (1, {"play": "9D"}),
    (2, {"play": "QS"}),
    (3, {"play": "4C"}),
    (0, {"play": "10D"}),
)
OPTIONS = {"profile": "fft"}
DEALER = 0


def _facts(result: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Fact]:
    """The example's numbers, from the engine's result (§6.5) and the spectator's view of the finished deal."""
    contract = next(item["value"] for item in result["items"] if item["item"] == "contract")
    taker = int(result["taker"])
    return {
        "taker": taker + 1,
        "points": result["counted"],
        "bouts": result["bouts"],
        "target": result["target"],
        "diff": result["diff"],
        "base": 25 + int(result["diff"]),
        "multiplier": result["multiplier"],
        "contract": contract,
        "value": result["value"],
        "taker_score": result["scores"][taker],
        "dog": tuple(view["dog"]),
        "discard": tuple(view["discard"]),
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
                "Player %(taker)s bids Garde and the three others pass. The dog is turned face up for everyone and "
                "taken into the taker's hand:"
            ),
            "dog",
        ),
        Passage(
            N_("The taker then puts these six cards aside, face down; they will count for him:"), "discard"
        ),
        Passage(
            N_(
                "After the 18 tricks the taker's camp holds %(points)s points and %(bouts)s bouts. With %(bouts)s "
                "bouts the target is %(target)s, so the Garde is made by %(diff)s."
            )
        ),
        Passage(
            N_(
                "The contract is worth (25 + %(diff)s) × %(multiplier)s = %(base)s × %(multiplier)s = %(contract)s. "
                "Nothing else scores, so each defender pays the taker %(value)s and the taker scores %(taker_score)s."
            )
        ),
    ),
)

GUIDE = Guide(
    intro=N_(
        "French Tarot is played by four, each for himself: in every deal one player, the taker, plays alone against "
        "the three others, the defence. The taker must win enough card points in his tricks."
    ),
    sections=(
        Section(
            N_("The cards"),
            (
                Passage(
                    N_(
                        "78 cards: four suits of 14 cards (King, Queen, Cavalier, Jack, then 10 down to 1; the 1 is "
                        "the lowest), 21 trumps numbered 1 to 21, and the Excuse. Every trump beats every suit card, "
                        "and a higher trump beats a lower one."
                    ),
                    cards("KH QH NH JH 10H AH T21 T20 T2 EX"),
                ),
                Passage(
                    N_(
                        "Three cards are the bouts: the 1 of trumps (the Petit), the 21 and the Excuse. The more bouts "
                        "the taker ends with, the fewer points he needs."
                    ),
                    cards("T1 T21 EX"),
                ),
                Passage(
                    N_(
                        "Card points: a bout or a King 4.5, a Queen 3.5, a Cavalier 2.5, a Jack 1.5, every other card "
                        "0.5. The whole pack is worth 91 points."
                    )
                ),
            ),
        ),
        Section(
            N_("The deal"),
            (
                Passage(
                    N_(
                        "Each player receives 18 cards and six go face down to the dog. The player after the dealer, "
                        "the forehand, speaks first and leads the first trick. The deal passes to the next player "
                        "after every deal."
                    )
                ),
                Passage(
                    N_(
                        "A player whose only trump is the 1 and who has no Excuse holds a petit sec: the deal is "
                        "cancelled at once and the same dealer deals again."
                    )
                ),
            ),
        ),
        Section(
            N_("The bidding"),
            (
                Passage(
                    N_(
                        "Each player speaks once, from the forehand on: he passes or bids a contract higher than any "
                        "bid so far. From lowest to highest: Petite (×1), Garde (×2), Garde sans (×4), Garde contre "
                        "(×6). Nothing can follow a Garde contre. The highest bidder is the taker; when all four pass, "
                        "the deal is cancelled and the next dealer deals."
                    )
                ),
                Passage(
                    N_(
                        "Petite and Garde: the dog is shown to everyone and joins the taker's hand; he then puts six "
                        "cards aside face down, which count for him. He may not put aside a King or a bout, nor a "
                        "trump unless he has too few other cards, and then as few as he can; trumps put aside are "
                        "shown to all."
                    )
                ),
                Passage(
                    N_(
                        "Garde sans: nobody sees the dog and it counts for the taker. Garde contre: nobody sees the "
                        "dog and it counts for the defence."
                    )
                ),
                Passage(
                    N_(
                        "Before the first card the taker says whether he announces a slam, all 18 tricks; if he does, "
                        "he leads the first trick."
                    )
                ),
                Passage(
                    N_(
                        "During the first trick, before playing a card, any player may show a handful of trumps: 10 "
                        "(simple, 20 points), 13 (double, 30) or 15 (triple, 40). The Excuse may stand in it only when "
                        "he shows every trump he holds. The handful's points go to the camp that wins the deal, "
                        "whoever showed it."
                    )
                ),
            ),
        ),
        Section(
            N_("The play"),
            (
                Passage(
                    N_(
                        "There are 18 tricks; the winner of a trick leads the next. Follow the suit led. Without it "
                        "you must trump, with a trump higher than any already in the trick if you have one; with no "
                        "trump either, play any card. When a trump is led you must play a higher trump if you can, "
                        "else any trump, and only without trumps any card."
                    )
                ),
                Passage(
                    N_(
                        "The highest trump in the trick wins it; without a trump, the highest card of the suit led."
                    )
                ),
                Passage(
                    N_(
                        "The Excuse may be played at any time and frees you from following suit in that trick. It does "
                        "not win the trick and stays in its owner's camp; when the other camp wins the trick, the "
                        "owner's camp gives it half a point in exchange (the Excuse then counts 4 for its owner). "
                        "Played to the last trick it goes to whoever wins that trick, except that a camp that has won "
                        "the 17 other tricks wins the last one with its Excuse."
                    ),
                    cards("EX"),
                ),
            ),
        ),
        Section(
            N_("Scoring"),
            (
                Passage(
                    N_(
                        "The taker's camp counts the points of its tricks, plus the six cards put aside (or the dog in "
                        "a Garde sans). It needs 56 points with no bout, 51 with one, 41 with two and 36 with three. "
                        "The difference to that target gives the contract: (25 + difference) × the contract's "
                        "multiplier, won when the target is reached (exactly reaching it counts as made), lost "
                        "otherwise."
                    )
                ),
                Passage(
                    N_(
                        "Petit au bout: the camp that wins the last trick with the 1 of trumps in it gets 10 × the "
                        "multiplier. A handful adds 20, 30 or 40 for the camp that wins the deal. A slam adds 400 when "
                        "announced and made, 200 when made without announcement, and costs 200 when announced and "
                        "missed; a defence that takes all 18 tricks gets 200. Only the contract and the petit au bout "
                        "are multiplied."
                    )
                ),
                Passage(
                    N_(
                        "The sum is what each defender pays the taker, or receives from him when it is negative: the "
                        "taker scores three times the sum, each defender once."
                    )
                ),
                Passage(
                    N_(
                        "These are the official rules of the French federation (FFT). The classic rules, an option of "
                        "the New game dialog, have no handful and no slam, a petit au bout of 10 that is not "
                        "multiplied, no exchange for the Excuse (it counts 4.5 for its owner) and an Excuse that never "
                        "wins a trick; a half point left over goes to the camp that wins."
                    )
                ),
            ),
        ),
    ),
    example=EXAMPLE,
)
