"""The How to play pages of Schieber and Differenzler (games/engines/core/guide.py), written from
docs/rules/jass.md; each worked example is a deal of the rules file's vectors (Schieber vector 20: the best Weis
takes both members' Weis; Differenzler vector 28: the penalty is the distance to the prediction), replayed by the
engine whenever the page is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_
from games.engines.core.guide import Example, Fact, Guide, Passage, Section, cards

SCHIEBER_DEAL = {
    "hands": [
        cards("JS QS 7H KH AH 10D JD QD AD"),
        cards("6S 7S 8S 9S KS 6H KD 6C AC"),
        cards("8H QH 9D 7C 9C 10C JC QC KC"),
        cards("10S AS 9H 10H JH 6D 7D 8D 8C"),
    ]
}
SCHIEBER_ACTIONS = (
    (1, {"trump": "H"}),
    (1, {"weis": [["6S", "7S", "8S", "9S"]]}),
    (1, {"play": "6S"}),
    (2, {"weis": [["10C", "JC", "QC"]]}),
    (2, {"play": "8H"}),
    (3, {"weis": [["6D", "7D", "8D"]]}),
    (3, {"play": "10S"}),
    (0, {"play": "JS"}),
    (2, {"play": "QH"}),
    (3, {"play": "9H"}),
    (0, {"play": "7H"}),
    (1, {"play": "6H"}),
    (3, {"play": "AS"}),
    (0, {"play": "QS"}),
    (1, {"play": "7S"}),
    (2, {"play": "9D"}),
    (3, {"play": "10H"}),
    (0, {"play": "KH"}),
    (1, {"play": "8S"}),
    (2, {"play": "7C"}),
    (0, {"play": "AH"}),
    (1, {"play": "9S"}),
    (2, {"play": "9C"}),
    (3, {"play": "JH"}),
    (3, {"play": "6D"}),
    (0, {"play": "10D"}),
    (1, {"play": "KD"}),
    (2, {"play": "10C"}),
    (1, {"play": "KS"}),
    (2, {"play": "JC"}),
    (3, {"play": "7D"}),
    (0, {"play": "JD"}),
    (1, {"play": "6C"}),
    (2, {"play": "QC"}),
    (3, {"play": "8C"}),
    (0, {"play": "QD"}),
    (2, {"play": "KC"}),
    (3, {"play": "8D"}),
    (0, {"play": "AD"}),
    (1, {"play": "AC"}),
)
SCHIEBER_OPTIONS = {"target": 2500, "multipliers": "stargames", "auto_end": False}
SCHIEBER_DEALER = 0

DIFFERENZLER_DEAL = {
    "hands": [
        cards("9S JH AH JD KD AD 6C JC KC"),
        cards("6S 8S 10S 6H QH QD 8C 10C AC"),
        cards("7S JS KS 7H 9H KH 7D 7C 9C"),
        cards("QS AS 8H 10H 6D 8D 9D 10D QC"),
    ],
    "trump_card": "KC",
}
DIFFERENZLER_ACTIONS = (
    (1, {"predict": 19}),
    (2, {"predict": 82}),
    (3, {"predict": 31}),
    (0, {"predict": 60}),
    (1, {"play": "6S"}),
    (2, {"play": "7S"}),
    (3, {"play": "QS"}),
    (0, {"play": "9S"}),
    (3, {"play": "AS"}),
    (0, {"play": "JH"}),
    (1, {"play": "8S"}),
    (2, {"play": "JS"}),
    (3, {"play": "8H"}),
    (0, {"play": "AH"}),
    (1, {"play": "6H"}),
    (2, {"play": "7H"}),
    (0, {"play": "JD"}),
    (1, {"play": "QD"}),
    (2, {"play": "7D"}),
    (3, {"play": "6D"}),
    (1, {"play": "10S"}),
    (2, {"play": "KS"}),
    (3, {"play": "10H"}),
    (0, {"play": "KD"}),
    (2, {"play": "9H"}),
    (3, {"play": "8D"}),
    (0, {"play": "AD"}),
    (1, {"play": "QH"}),
    (1, {"play": "8C"}),
    (2, {"play": "7C"}),
    (3, {"play": "QC"}),
    (0, {"play": "6C"}),
    (3, {"play": "9D"}),
    (0, {"play": "JC"}),
    (1, {"play": "10C"}),
    (2, {"play": "KH"}),
    (0, {"play": "KC"}),
    (1, {"play": "AC"}),
    (2, {"play": "9C"}),
    (3, {"play": "10D"}),
)
DIFFERENZLER_OPTIONS = {"predictions": "secret"}
DIFFERENZLER_DEALER = 0

#: What both variants share: the cards and the play.
_CARDS = Section(
    N_("The cards"),
    (
        Passage(
            N_(
                "36 cards in four suits, 6 to Ace: Spades, Hearts, Diamonds and Clubs on the French deck, Roses, "
                "Shields, Bells and Acorns on the Swiss-German deck (your profile chooses the design). The Jack is the "
                "Under, the Queen the Ober."
            ),
            cards("AS KS QS JS 10S 9S 8S 7S 6S"),
        ),
        Passage(
            N_(
                "In the trump suit the Jack (the Buur) is highest, then the 9 (the Nell), then Ace, King, Queen, 10, "
                "8, 7, 6. In the other suits the order is Ace, King, Queen, Jack, 10 down to 6."
            ),
            cards("JH 9H AH KH QH 10H 8H 7H 6H"),
        ),
        Passage(
            N_(
                "Card points: Ace 11, King 4, Queen 3, Jack 2, Ten 10, the others 0; in the trump suit the Buur counts "
                "20 and the Nell 14. The last trick adds 5: 157 points in every deal."
            )
        ),
    ),
)


def _play(undertrump: str) -> Section:
    """The play of a trump deal; `undertrump` is the variant's rule on undertrumping (marked with `N_`)."""
    return Section(
        N_("The play"),
        (
            Passage(
                N_(
                    "Each player receives 9 cards. The player after the dealer, the forehand, leads the first trick; "
                    "the winner of a trick leads the next. The deal passes to the next player after every deal."
                )
            ),
            Passage(
                N_(
                    "Follow the suit led if you can, or play a trump: you may always trump, even holding the suit led. "
                    "When trump is led you must play a trump if you hold one, except that the Buur never has to be "
                    "played. You never have to win the trick."
                )
            ),
            Passage(undertrump),
            Passage(
                N_(
                    "The highest trump wins the trick; without a trump, the highest card of the suit led. Cards of "
                    "other suits never win."
                )
            ),
        ),
    )


def _schieber_facts(result: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Fact]:
    """The example's numbers, from the engine's result (§6.5)."""
    weis = result["weis"]
    team = int(weis["team"])
    declared = weis["declarations"]
    chooser = int(result["chooser"])
    return {
        "chooser": chooser + 1,
        "partner": (chooser + 2) % 4 + 1,
        "multiplier": result["multiplier"],
        "best_weis": max(max(d["values"]) for d in declared),
        "best_cards": tuple(max(declared, key=lambda d: max(d["values"]))["weis"][0]),
        "weis": result["teams"][team]["weis"],
        "cards": result["teams"][team]["cards"],
        "total": result["teams"][team]["total"],
        "other_cards": result["teams"][1 - team]["cards"],
        "other_total": result["teams"][1 - team]["total"],
    }


SCHIEBER_EXAMPLE = Example(
    options=SCHIEBER_OPTIONS,
    dealer=SCHIEBER_DEALER,
    deal=SCHIEBER_DEAL,
    actions=SCHIEBER_ACTIONS,
    facts=_schieber_facts,
    passages=(
        Passage(
            N_(
                "Player %(chooser)s, the forehand, names Hearts (Shields) as trump, which counts ×%(multiplier)s. In "
                "the first trick three players show a Weis; the best is his, a four-card sequence worth %(best_weis)s:"
            ),
            "best_cards",
        ),
        Passage(
            N_(
                "So his team, Players %(chooser)s and %(partner)s, writes both its members' Weis, %(weis)s points, and "
                "the other team none."
            )
        ),
        Passage(
            N_(
                "In the tricks his team takes %(cards)s card points and the other team %(other_cards)s (157 together). "
                "Everything counts ×%(multiplier)s: (%(cards)s + %(weis)s) × %(multiplier)s = %(total)s, and "
                "%(other_cards)s × %(multiplier)s = %(other_total)s."
            )
        ),
    ),
)

SCHIEBER_GUIDE = Guide(
    intro=N_(
        "Schieber is the Swiss Jass of two teams of two, partners sitting opposite: the team that first reaches the "
        "target points wins the match."
    ),
    sections=(
        _CARDS,
        Section(
            N_("Choosing trump"),
            (
                Passage(
                    N_(
                        "The forehand names the trump suit, or Obenabe (no trump, the highest card wins) or Unenufe "
                        "(no trump, the lowest card wins), or pushes (schieben): then his partner must choose. The "
                        "forehand leads the first trick either way."
                    )
                ),
                Passage(
                    N_(
                        "In Obenabe every suit runs from the Ace down, in Unenufe from the 6 up (the 6 wins). In both "
                        "the 8s count 8; in Unenufe the 6s count 11 and the Aces 0."
                    )
                ),
            ),
        ),
        _play(
            N_(
                "Undertrumping, playing a trump lower than one already in the trick while a plain suit was led, is "
                "allowed only when you hold nothing but trumps. In Obenabe and Unenufe just follow suit if you can."
            )
        ),
        Section(
            N_("Weis and Stöck"),
            (
                Passage(
                    N_(
                        "In the first trick, before your card, you may declare a Weis: a sequence of 3 to 9 cards of "
                        "one suit (20, 50, 100, 150, 200, 250, 300 points) or four of a kind: four 10s, Queens, Kings "
                        "or Aces 100, four 9s 150, four Jacks 200 (four 6s 100 in Unenufe)."
                    ),
                    cards("6S 7S 8S 9S"),
                ),
                Passage(
                    N_(
                        "Only the team with the single best Weis scores, and then every Weis of both its members: more "
                        "points win; at equal points four of a kind beats a sequence, then the higher top card, then a "
                        "sequence in trump, then the player earlier in turn."
                    )
                ),
                Passage(
                    N_(
                        "Stöck: whoever was dealt the King and the Queen of a trump suit scores 20 when playing the "
                        "second of them."
                    ),
                    cards("KH QH"),
                ),
            ),
        ),
        Section(
            N_("Scoring"),
            (
                Passage(
                    N_(
                        "Each trick's points go to the team that won it, Weis at the end of the first trick, Stöck at "
                        "once. A team that wins all nine tricks adds 100 for the match. With the default multipliers "
                        "everything counts ×1 in Spades (Roses) and Clubs (Acorns), ×2 in Hearts (Shields) and "
                        "Diamonds (Bells), ×3 in Obenabe and ×4 in Unenufe."
                    )
                ),
                Passage(
                    N_(
                        "After each of the first eight tricks the team that just took it may call “Enough, thanks”: it "
                        "wins the match if it has reached the target and loses it if not (when both teams reached it "
                        "in that trick, the one that got there first wins). Without a call, after the ninth trick the "
                        "team that took it wins if it has reached the target, else the other team if it has; otherwise "
                        "the next deal is dealt. A table option can end the match instead as soon as a team reaches "
                        "the target."
                    )
                ),
                Passage(
                    N_(
                        "At a table with stakes each player of the losing team pays one player of the winning team one "
                        "stake."
                    )
                ),
            ),
        ),
    ),
    example=SCHIEBER_EXAMPLE,
)


def _differenzler_facts(result: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Fact]:
    """The example's numbers, from the engine's result (§6.5)."""
    facts: dict[str, Fact] = {"trump_card": (result["trump_card"],)}
    for seat in range(4):
        facts[f"pred{seat + 1}"] = result["predictions"][seat]
        facts[f"took{seat + 1}"] = result["points"][seat]
        facts[f"pen{seat + 1}"] = result["penalties"][seat]
    return facts


DIFFERENZLER_EXAMPLE = Example(
    options=DIFFERENZLER_OPTIONS,
    dealer=DIFFERENZLER_DEALER,
    deal=DIFFERENZLER_DEAL,
    actions=DIFFERENZLER_ACTIONS,
    facts=_differenzler_facts,
    passages=(
        Passage(N_("The dealer's last card, turned face up, makes its suit trump:"), "trump_card"),
        Passage(
            N_(
                "Player 1 predicts %(pred1)s and takes %(took1)s: penalty %(pen1)s. Player 2 predicts %(pred2)s and "
                "takes %(took2)s: penalty %(pen2)s, the best possible, with no bonus. Player 3 predicts %(pred3)s and "
                "takes %(took3)s: penalty %(pen3)s. Player 4 predicts %(pred4)s and takes %(took4)s: penalty %(pen4)s."
            )
        ),
    ),
)

DIFFERENZLER_GUIDE = Guide(
    intro=N_(
        "Differenzler is the Jass where everyone plays for himself and says beforehand how many points he will take: "
        "the difference is his penalty, and the lowest total after four deals wins."
    ),
    sections=(
        _CARDS,
        Section(
            N_("Trump and predictions"),
            (
                Passage(
                    N_(
                        "The dealer's last card is shown to everyone and its suit is trump; the dealer keeps it. There "
                        "is no Obenabe or Unenufe, no Weis and no Stöck."
                    )
                ),
                Passage(
                    N_(
                        "Before the play each player predicts the card points he will take, from 0 to 157. Secret "
                        "predictions are revealed once the deal is scored; open ones are made in turn from the "
                        "forehand and shown at once."
                    )
                ),
            ),
        ),
        _play(
            N_(
                "Undertrumping, playing a trump lower than one already in the trick while a plain suit was led, is "
                "allowed whenever you have no card of the suit led."
            )
        ),
        Section(
            N_("Scoring"),
            (
                Passage(
                    N_(
                        "Each player counts the points of the tricks he won, plus 5 for the last trick. His penalty is "
                        "the difference between that and his prediction; an exact prediction scores 0 and no bonus, "
                        "and there is no bonus for taking all nine tricks."
                    )
                ),
                Passage(
                    N_(
                        "After four deals, one dealt by each player, the lowest penalty total wins; while two or more "
                        "share the lowest total, another deal is played. At a table with stakes every player pays each "
                        "player with a lower total the difference, one stake per point."
                    )
                ),
            ),
        ),
    ),
    example=DIFFERENZLER_EXAMPLE,
)
