"""Property tests of French Tarot's own rules over seeded random deals (docs/rules/french_tarot.md §5 and §11
vectors 14, 15, 31, 33): one shared walk records every check, each test asserts its own part of it. The quick tier
walks 200 deals, the long tier 1,000 (tests/volume.py). What every game shares (listed actions apply, the JSON
round trip, replay, zero-sum payments, no leak) is tests/engine/test_conformance.py's."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.engines.core import IllegalAction, SimpleAction
from games.engines.french_tarot.cards import DECK
from tests.volume import seeded, volume

from .randomplay import (
    GAME,
    discard_is_legal,
    handful_is_legal,
    random_any_discard,
    random_bid,
    random_handful,
    random_legal_discard,
    random_options,
)
from .tally import camp_tally

DEALS = volume(200, 1000)
DISCARD_CODES = {
    "discard_wrong_count",
    "not_in_hand",
    "illegal_discard_king",
    "illegal_discard_bout",
    "illegal_discard_trump",
}
PLAY_CODES = {"not_in_hand", "excuse_must_be_last", "must_follow_suit", "must_trump", "must_overtrump"}


@dataclass
class WalkReport:
    """What the walk saw: per property, how often it was checked and the failures found."""

    checked: Counter[str] = field(default_factory=Counter)
    failures: dict[str, list[str]] = field(default_factory=dict)
    outcomes: Counter[str] = field(default_factory=Counter)
    deals: int = 0

    def check(self, name: str, ok: bool, detail: str) -> None:
        self.checked[name] += 1
        if not ok:
            self.failures.setdefault(name, []).append(detail)

    def assert_clean(self, name: str, minimum: int) -> None:
        problems = self.failures.get(name, [])
        assert not problems, f"{len(problems)} failures of {name}, first: {problems[:3]}"
        assert self.checked[name] >= minimum, f"{name} checked only {self.checked[name]} times"


def _accounted(state: Any) -> list[str]:
    cards = [c for hand in state.hands for c in hand]
    cards += [c for _, c in state.trick] + [c for trick in state.tricks for _, c in trick]
    if state.contract not in ("petite", "garde") or state.phase == "bidding":
        cards += list(state.dog)
    if state.discard is not None:
        cards += list(state.discard)
    return cards


class DealWalker:
    """Plays one random deal, checking every property on the way into a shared `WalkReport`."""

    def __init__(self, seed: int, report: WalkReport) -> None:
        self.rng = random.Random(seeded(f"french-tarot-properties-{seed}"))
        self.seed = seed
        self.report = report
        self.options = random_options(self.rng)
        self.dealer = self.rng.randrange(4)
        self.deal = GAME.deal_cards(self.rng, self.dealer, self.options)
        self.state = GAME.new_round(self.options, self.deal, self.dealer)

    def apply(self, seat: int, action: SimpleAction) -> None:
        self.state = GAME.apply(self.state, seat, action)

    def refused(self, seat: int, action: SimpleAction) -> str | None:
        before = GAME.to_json(self.state)
        try:
            GAME.apply(self.state, seat, action)
        except IllegalAction as error:
            self.report.check("refusal_leaves_state", GAME.to_json(self.state) == before, f"seed {self.seed}")
            return error.code
        return None

    def run(self) -> None:
        report = self.report
        while GAME.phase(self.state) != "done":
            state = self.state
            cards = _accounted(state)
            report.check(
                "cards_accounted",
                sorted(cards) == sorted(DECK) and len(set(cards)) == 78,
                f"seed {self.seed}",
            )
            to_act = GAME.to_act(state)
            report.check("one_seat_to_act", len(to_act) == 1, f"seed {self.seed}: {to_act}")
            (seat,) = to_act
            legal = GAME.legal_actions(state, seat)
            phase = GAME.phase(state)
            report.check("legal_not_empty", bool(legal) or phase == "discard", f"seed {self.seed} {phase}")
            getattr(self, f"act_{phase}")(seat, legal)
        self.check_result()

    def act_bidding(self, seat: int, legal: list[SimpleAction]) -> None:
        self.apply(seat, random_bid(legal, self.rng))

    def act_discard(self, seat: int, legal: list[SimpleAction]) -> None:
        hand = self.state.hands[seat]
        if self.rng.random() < 0.9:
            attempt = random_any_discard(hand, self.rng)
            code = self.refused(seat, SimpleAction("discard", attempt))
            expected_legal = discard_is_legal(hand, attempt)
            self.report.check(
                "discard_judged",
                (code is None) == expected_legal and (code is None or code in DISCARD_CODES),
                f"seed {self.seed} {attempt} -> {code}",
            )
            if code is None:
                self.apply(seat, SimpleAction("discard", attempt))
                return
        self.apply(seat, SimpleAction("discard", random_legal_discard(hand, self.rng)))

    def act_slam(self, seat: int, legal: list[SimpleAction]) -> None:
        self.apply(seat, SimpleAction("slam", self.rng.random() < 0.1))

    def act_play(self, seat: int, legal: list[SimpleAction]) -> None:
        rng, state = self.rng, self.state
        hand = state.hands[seat]
        listed = {a.value for a in legal}
        unlisted = [c for c in hand if c not in listed] or [c for c in DECK if c not in hand]
        card = rng.choice(unlisted)
        code = self.refused(seat, SimpleAction("play", card))
        self.report.check("unlisted_card_refused", code in PLAY_CODES, f"seed {self.seed} {card} -> {code}")
        first_trick = not state.tricks
        if rng.random() < 0.1 or (first_trick and rng.random() < 0.3):
            attempt = random_handful(hand, rng, legal=False)
            if attempt is not None:
                code = self.refused(seat, SimpleAction("handful", attempt))
                timely = (
                    self.options["profile"] == "fft"
                    and first_trick
                    and all(s != seat for s, _ in state.handfuls)
                )
                expected = timely and handful_is_legal(hand, attempt)
                self.report.check(
                    "handful_judged", (code is None) == expected, f"seed {self.seed} {attempt} -> {code}"
                )
                if code is None:
                    self.apply(seat, SimpleAction("handful", attempt))
        if first_trick and self.options["profile"] == "fft" and rng.random() < 0.6:
            shown = random_handful(hand, rng, legal=True)
            if shown is not None and all(s != seat for s, _ in self.state.handfuls):
                self.apply(seat, SimpleAction("handful", shown))
                self.report.outcomes["handful"] += 1
        self.apply(seat, rng.choice(legal))

    def check_result(self) -> None:
        report, result = self.report, GAME.result(self.state)
        assert result is not None
        report.outcomes[result["status"]] += 1
        paid = [0, 0, 0, 0]
        for payer, payee, units in result["payments"]:
            paid[payer] -= units
            paid[payee] += units
        report.check("payments_match_scores", paid == result["scores"], f"seed {self.seed}: {paid}")
        if result["status"] != "scored":
            return
        report.outcomes[result["contract"]] += 1
        spectator = GAME.view(self.state, None)
        tally = camp_tally(spectator, self.options["profile"])
        taker_half, defence_half = tally["taker"]["half"], tally["defence"]["half"]
        report.check(
            "points_91", taker_half + defence_half == 182, f"seed {self.seed}: {taker_half}+{defence_half}"
        )
        report.check(
            "points_match_tally",
            result["points"] * 2 == taker_half,
            f"seed {self.seed}: {result['points']} vs {taker_half}",
        )
        report.check(
            "eighteen_tricks",
            len(spectator["tricks"]) == 18 and sum(spectator["tricks_won"]) == 18,
            f"seed {self.seed}",
        )
        report.check(
            "bouts_at_most_3",
            0 <= result["bouts"] <= 3
            and tally["taker"]["bouts"] == result["bouts"]
            and tally["taker"]["bouts"] + tally["defence"]["bouts"] == 3,
            f"seed {self.seed}",
        )
        report.check("excuse_in_one_camp", tally["excuse_camps"] == 1, f"seed {self.seed}")
        whole = isinstance(result["points"], int)
        if self.options["profile"] == "fft":
            report.check("fft_whole_points", whole, f"seed {self.seed}: {result['points']}")
        report.check("points_type", whole == (taker_half % 2 == 0), f"seed {self.seed}")


@pytest.fixture(scope="module")
def walk() -> WalkReport:
    report = WalkReport()
    for seed in range(DEALS):
        DealWalker(seed, report).run()
        report.deals += 1
    return report


def test_it_walks_deals_of_every_kind(walk):
    assert walk.deals == DEALS
    for kind in ("scored", "annulled", "petite", "garde", "garde_sans", "garde_contre", "handful"):
        assert walk.outcomes[kind] > 0, f"no {kind} in the walk: {walk.outcomes}"


def test_it_accounts_for_every_card_at_every_step(walk):
    walk.assert_clean("cards_accounted", DEALS * 50)


def test_it_always_has_one_seat_to_act_with_legal_actions(
    walk,
):  # §5: one seat; every kind listed but the discard
    walk.assert_clean("one_seat_to_act", DEALS * 50)
    walk.assert_clean("legal_not_empty", DEALS * 50)


def test_it_refuses_an_unlisted_card_and_leaves_the_state(walk):
    walk.assert_clean("unlisted_card_refused", DEALS * 10)
    walk.assert_clean("refusal_leaves_state", DEALS * 10)


def test_it_judges_random_discards_and_handfuls_like_the_rules(walk):
    walk.assert_clean("discard_judged", DEALS // 5)
    walk.assert_clean("handful_judged", DEALS // 5)


def test_it_keeps_payments_consistent_with_the_scores(walk):  # vector 14
    walk.assert_clean("payments_match_scores", DEALS)


def test_it_splits_91_points_over_18_tricks(walk):  # vectors 14, 33
    walk.assert_clean("points_91", DEALS // 2)
    walk.assert_clean("points_match_tally", DEALS // 2)
    walk.assert_clean("eighteen_tricks", DEALS // 2)


def test_it_never_gives_a_camp_more_than_three_bouts(walk):  # vector 31
    walk.assert_clean("bouts_at_most_3", DEALS // 2)
    walk.assert_clean("excuse_in_one_camp", DEALS // 2)


def test_it_keeps_fft_points_whole(walk):  # vector 15
    walk.assert_clean("fft_whole_points", DEALS * 2 // 5)
    walk.assert_clean("points_type", DEALS // 2)
