"""The How to play page of Tarock (Zwanzigerrufen) (games/engines/core/guide.py), written from docs/rules/tarock.md;
its worked example is a Rufer whose partner announces and wins the Pagat (the case "partner-pagat-won", rules file
§11 vector 22), replayed by the engine whenever the page is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.core.declaration import N_
from games.engines.core.guide import Example, Fact, Guide, Passage, Section, cards

DEAL = {
    "hands": [
        cards("T5 T6 T17 T22 JS 10C NC AH KH JD"),
        cards("T7 T8 T16 T18 10S NS KS KC QH ND"),
        cards("T9 T10 T13 T14 T21 QS JC QC AD KD"),
        cards("T1 T4 T11 T12 T15 T19 T20 JH NH QD"),
    ]
}
ACTIONS = (
    (1, {"contract": "rufer"}),
    (2, {"pass": True}),
    (3, {"announce": "pagat"}),
    (0, {"pass": True}),
    (1, {"pass": True}),
    (2, {"pass": True}),
    (1, {"play": "10S"}),
    (2, {"play": "QS"}),
    (3, {"play": "T4"}),
    (0, {"play": "JS"}),
    (3, {"play": "T11"}),
    (0, {"play": "T5"}),
    (1, {"play": "T7"}),
    (2, {"play": "T9"}),
    (3, {"play": "T12"}),
    (0, {"play": "T6"}),
    (1, {"play": "T8"}),
    (2, {"play": "T10"}),
    (3, {"play": "T15"}),
    (0, {"play": "T17"}),
    (1, {"play": "T16"}),
    (2, {"play": "T13"}),
    (0, {"play": "10C"}),
    (1, {"play": "KC"}),
    (2, {"play": "JC"}),
    (3, {"play": "T19"}),
    (3, {"play": "T20"}),
    (0, {"play": "T22"}),
    (1, {"play": "T18"}),
    (2, {"play": "T14"}),
    (0, {"play": "AH"}),
    (1, {"play": "QH"}),
    (2, {"play": "T21"}),
    (3, {"play": "JH"}),
    (2, {"play": "AD"}),
    (3, {"play": "QD"}),
    (0, {"play": "JD"}),
    (1, {"play": "ND"}),
    (3, {"play": "NH"}),
    (0, {"play": "KH"}),
    (1, {"play": "NS"}),
    (2, {"play": "QC"}),
    (0, {"play": "NC"}),
    (1, {"play": "KS"}),
    (2, {"play": "KD"}),
    (3, {"play": "T1"}),
)
OPTIONS: dict[str, object] = {}
DEALER = 0


def _facts(result: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Fact]:
    """The example's numbers, from the engine's result (§6.5)."""
    units = {item["item"]: item["units"] for item in result["items"]}
    (payer1, payee1, _), (payer2, payee2, _) = result["payments"]
    return {
        "declarer": int(result["declarer"]) + 1,
        "partner": int(result["partner"]) + 1,
        "called": (result["called"],),
        "decl_points": result["points"][0],
        "def_points": result["points"][1],
        "game": units["game"],
        "pagat": units["pagat"],
        "value": result["value"],
        "payer1": payer1 + 1,
        "payee1": payee1 + 1,
        "payer2": payer2 + 1,
        "payee2": payee2 + 1,
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
                "Player %(declarer)s, the forehand, opens with a Rufer and so calls this card, the highest of the XX "
                "to XVI that he does not hold:"
            ),
            "called",
        ),
        Passage(
            N_(
                "Player %(partner)s holds it and announces Pagat, which shows that he is the partner; the others pass. "
                "In the last trick his Pagat wins."
            )
        ),
        Passage(
            N_(
                "The declarers took %(decl_points)s card points against %(def_points)s: with 45 or more the game is "
                "theirs, worth %(game)s. The announced Pagat is won, worth %(pagat)s. The game value is %(game)s + "
                "%(pagat)s = %(value)s."
            )
        ),
        Passage(
            N_(
                "Each defender pays one declarer %(value)s: Player %(payer1)s pays Player %(payee1)s, Player "
                "%(payer2)s pays Player %(payee2)s."
            )
        ),
    ),
)

GUIDE = Guide(
    intro=N_(
        "Zwanzigerrufen is the Viennese Tarock for four: in most deals the forehand calls a partner with the XX, and "
        "two play against two without knowing at first who is with whom."
    ),
    sections=(
        Section(
            N_("The cards"),
            (
                Passage(
                    N_(
                        "40 cards: 20 tarocks and 20 suit cards. The tarocks are the Sküs (the highest), the XXI (the "
                        "Mond), the XX down to the IV, and the I (the Pagat, the lowest); there is no II or III. Every "
                        "tarock beats every suit card."
                    ),
                    cards("T22 T21 T20 T4 T1"),
                ),
                Passage(
                    N_(
                        "In spades and clubs the cards run King, Queen, Knight, Jack, 10; in hearts and diamonds King, "
                        "Queen, Knight, Jack, Ace. These 10s and Aces are the Glatzen, the lowest cards."
                    ),
                    cards("KS QS NS JS 10S KH QH NH JH AH"),
                ),
                Passage(
                    N_(
                        "Card points: the Sküs, the Mond, the Pagat and each King 5, a Queen 4, a Knight 3, a Jack 2, "
                        "every other tarock 1 and a Glatze 0: 88 in all. The declarers need 45 to win the game; 44 "
                        "loses. The Sküs, the Mond and the Pagat are the Trull; the four Kings the Königstrull."
                    ),
                    cards("T22 T21 T1"),
                ),
            ),
        ),
        Section(
            N_("The deal"),
            (
                Passage(
                    N_(
                        "Each player receives 10 cards; there is no talon. The player after the dealer, the forehand, "
                        "opens the auction and leads the first trick. A hand with fewer than two tarocks, or with all "
                        "four Glatzen, is thrown in and the same dealer deals again."
                    )
                ),
            ),
        ),
        Section(
            N_("The auction"),
            (
                Passage(
                    N_(
                        "The forehand must open with a contract. Rufer: he calls the highest of the XX, XIX, XVIII, "
                        "XVII and XVI that he does not hold, and whoever holds it is his partner. Farbensolo (only "
                        "with at least five suit cards) and Solo: the bidder plays alone against three. Only the "
                        "forehand can play a Rufer; a Farbensolo beats it and a Solo beats both."
                    )
                ),
                Passage(
                    N_(
                        "In turn the others may bid a higher contract, announce, give Kontra or pass (Weiter), which "
                        "agrees to the game. A higher contract wipes out every announcement and Kontra made before it. "
                        "Whoever has passed, announced or given Kontra may not bid a contract afterwards. The auction "
                        "ends after three passes in a row."
                    )
                ),
                Passage(
                    N_(
                        "Announcements, each for the announcer's side: Absolut (56 card points or more), Pagat "
                        "(winning the last trick with the Pagat; only its holder, and not in a Farbensolo), Valat (all "
                        "ten tricks). Once a Valat is announced only the Kontras on it remain."
                    )
                ),
                Passage(
                    N_(
                        "Kontra doubles one item (the game or an announcement), Rekontra by its owners doubles it "
                        "again, Subkontra once more. A defender may announce Absolut only after a Kontra on the game. "
                        "A defender of a Rufer who holds the whole Trull must give Kontra on the game."
                    )
                ),
            ),
        ),
        Section(
            N_("The play"),
            (
                Passage(
                    N_(
                        "The forehand leads; the winner of a trick leads the next. Follow the suit led; without it you "
                        "must play a tarock; when a tarock is led, play a tarock if you have one. You never have to "
                        "win the trick."
                    )
                ),
                Passage(
                    N_(
                        "The highest tarock wins the trick; without a tarock, the highest card of the suit led. A "
                        "trick holding the Sküs, the Mond and the Pagat together goes to the Pagat. In a Farbensolo "
                        "nobody may lead a tarock while holding a suit card, and a tarock never wins a trick led in a "
                        "suit."
                    )
                ),
                Passage(
                    N_(
                        "Whoever announced Pagat keeps the Pagat for the last trick: before it he may play it only "
                        "when it is his only legal card."
                    )
                ),
            ),
        ),
        Section(
            N_("Scoring"),
            (
                Passage(
                    N_(
                        "Every item is won by one side and counted in units, the first number for a Rufer, the second "
                        "for a Solo or Farbensolo: the game 1 / 4; an announced Absolut 2 / 4, an unannounced one (56 "
                        "or more) 1 / 2 (a table option can leave Absolut out of the solos); an announced Pagat 2 / 4, "
                        "an unannounced one (the Pagat played to the last trick, won or lost) 1 / 2; an announced "
                        "Valat 12 / 24, an unannounced one (all ten tricks) 6 / 12."
                    )
                ),
                Passage(
                    N_(
                        "Premiums: the Trull 1 / 2 and the Königstrull 1 / 2 for the side dealt them; the Mondfang 1 / "
                        "2 against the side of the Mond when the Sküs takes it. A Farbensolo has no Pagat, no Trull "
                        "and no Mondfang. Each Kontra doubles its item (Rekontra four times, Subkontra eight times). "
                        "When a Valat is scored it is the only item."
                    )
                ),
                Passage(
                    N_(
                        "The items won and lost are added up into the game value. In a Rufer each player of the losing "
                        "side pays one winner that value; in a Solo or Farbensolo the soloist receives it from each "
                        "opponent, or pays it to each."
                    )
                ),
            ),
        ),
    ),
    example=EXAMPLE,
)
