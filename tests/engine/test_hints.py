"""Hints and refusals of every game (`Game.hints`, `Game.offered`, `Game.refusals`; docs/engines.md "Hints and
refusals").

Random rounds of every variant are played by the frame player of tests/hintplay.py (listed actions and hinted
ones). At every step, for every seat in `to_act`: each refusal is exactly what `apply` answers for that call, no
listed action is refused, every action a hint spells out is accepted by `apply`, and a hint holds no card the
seat's own view does not show (per code, as a multiset: Rummy's identical cards share a code). Hand-built cases
check the content of each game's hints against its rules file.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from games.engines.core import RuleError, get_game
from games.engines.core.offers import ANY
from tests.hintplay import hint_actions, random_discard, random_move

VARIANTS = {
    "french-tarot": [{}, {"profile": "seed002"}],
    "jass-schieber": [{}, {"auto_end": True}],
    "jass-differenzler": [{}, {"predictions": "open"}],
    "tarock": [{}],
    "rummy": [
        {"players": 2},
        {"players": 3, "kloppen": True},
        {"players": 4, "discard_before_opening": "only_if_used_in_opening", "kloppen": True},
        {"players": 3, "discard_before_opening": "never", "max_jokers_per_meld": 1},
    ],
}
ROUNDS = 6


def _strings(value: Any) -> list[str]:
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
    return found


def _value(key: str) -> Any:
    return {"true": True, "false": False}.get(key, key)


def check_seat(game: Any, state: Any, seat: int, pack: Counter[str], rng: random.Random) -> dict[str, Any]:
    """The checks of the module doc for one seat in `to_act`; returns the seat's frame-like data."""
    view = json.loads(json.dumps(game.view(state, seat)))
    legal = [a.to_wire() for a in game.legal_actions(state, seat)]
    hints = json.loads(json.dumps(game.hints(state, seat)))
    refusals = game.refusals(state, seat)
    for kind, calls in refusals.items():
        for key, code in calls.items():
            assert isinstance(code, str) and code, (kind, key)
            if key == ANY:
                continue
            wire = {kind: _value(key)}
            assert wire not in legal, (wire, code)
            with pytest.raises(RuleError) as refused:
                game.apply(state, seat, game.parse_action(wire))
            assert refused.value.code == code, (wire, refused.value.code, code)
    for wire in hint_actions(hints):
        game.apply(state, seat, game.parse_action(wire))  # a hinted action is always accepted
    if "discard" in hints:
        game.apply(state, seat, game.parse_action(random_discard(hints["discard"], rng)))
    deck = set(pack)
    shown = set(_strings(view)) & deck
    hand = Counter(view.get("hand") or [])
    top = Counter(view["discard"][-1:] if isinstance(view.get("discard"), list) else [])
    assert {s.partition("=")[0] for s in _strings(hints)} & deck <= shown, (seat, hints)
    for wire in hint_actions(hints) if pack[max(pack, key=pack.__getitem__)] > 1 else ():
        # per action, no code more often than the seat holds it (Rummy's pack repeats codes)
        used = Counter(s.partition("=")[0] for s in _strings(wire) if s.partition("=")[0] in deck)
        over = {c: n for c, n in used.items() if n > max(hand[c] + top[c], 1)}
        assert not over, (seat, over, wire)
    return {"legal": legal, "hints": hints}


@pytest.mark.parametrize(
    ("key", "options"), [(key, options) for key, sets in VARIANTS.items() for options in sets]
)
def test_every_refusal_is_applys_and_every_hinted_action_is_accepted(
    key: str, options: dict[str, Any]
) -> None:
    game = get_game(key)
    rng = random.Random(f"{key}:{sorted(options.items())}")
    opts = game.normalize_options(options)
    pack = Counter(game.shuffle_deck(random.Random(0), opts))
    seen: Counter[str] = Counter()
    for number in range(ROUNDS):
        dealer = number % game.seat_count(opts)
        state = game.new_round(opts, game.deal_cards(rng, dealer, opts), dealer)
        steps = 0
        while game.to_act(state):
            frames = {seat: check_seat(game, state, seat, pack, rng) for seat in sorted(game.to_act(state))}
            for frame in frames.values():
                seen.update(frame["hints"].keys())
            for seat in rng.sample(sorted(frames), len(frames)):
                move = random_move(frames[seat]["legal"], frames[seat]["hints"], rng, avoid=("thanks",))
                if move is not None:
                    state = game.apply(state, seat, game.parse_action(move))
                    break
            else:
                raise AssertionError("no seat in to_act had a move")
            steps += 1
            assert steps < 3000
    expected = {
        "french-tarot": set(),  # which hints a deal meets depends on the bids; the cases below pin each one
        "jass-schieber": {"weis"},
        "jass-differenzler": set(),
        "tarock": {"bundles"},
        "rummy": {"melds"},
    }[key]
    assert expected <= set(seen), seen


# --- the content of each game's hints, against its rules file ------------------------------------------------
def test_rummy_hints_the_opening_and_says_whether_it_reaches_30() -> None:
    """docs/rules/rummy.md §11 vectors 1 and 2: 7C 7D 7H counts 21 (refused), 10S 10H 10D counts 30."""
    from tests.rummy.builders import make_deal
    from tests.rummy.helpers import GAME as RUMMY

    low = ["7C", "7D", "7H", "2S", "4S", "6S", "8S", "10H", "QH", "3D", "5D", "9C", "JC"]
    high = ["10S", "10H", "10D", "2S", "4S", "6S", "8S", "QH", "3D", "5D", "9C", "JC", "KC"]
    for hand, total, opens in ((low, 21, False), (high, 30, True)):
        others = [c for c in ("AS", "3S", "5S", "7S", "9S", "JS", "KS", "2H", "4H", "6H", "8H", "JH", "KH")]
        deal = make_deal([hand, others], ["2C"], "4C")
        state = RUMMY.new_round({"players": 2}, deal, 1)
        state = RUMMY.apply(state, 0, RUMMY.parse_action({"draw": "stock"}))
        melds = RUMMY.hints(state, 0)["melds"]
        assert (melds["total"], melds["opens"]) == (total, opens)
        assert sorted(map(sorted, melds["groups"])) == [sorted(hand[:3])]
        refused = RUMMY.refusals(state, 0).get("meld", {}).get(ANY)
        assert refused == (None if opens else "opening_below_minimum")
        assert RUMMY.refusals(state, 0)["lay_off"][ANY] == "not_opened"


def test_rummy_hints_the_melds_without_the_joker_beside_those_with_it() -> None:
    """docs/decisions-rummy.md T-4: a page's "Lay down" lays no joker, so the hand's best melds without its jokers
    come beside the best ones (KS KH KD JK counts 40; KS KH KD alone still opens with 30)."""
    from tests.rummy.builders import make_deal
    from tests.rummy.helpers import GAME as RUMMY

    hand = ["KS", "KH", "KD", "JK", "2S", "4S", "6S", "8S", "3D", "5D", "9C", "JC", "7H"]
    others = ["AS", "3S", "5S", "7S", "9S", "JS", "QS", "2H", "4H", "6H", "8H", "JH", "QH"]
    state = RUMMY.new_round({"players": 2}, make_deal([hand, others], ["2C"], "4C"), 1)
    state = RUMMY.apply(state, 0, RUMMY.parse_action({"draw": "stock"}))
    hints = RUMMY.hints(state, 0)
    assert any("JK" in entry for group in hints["melds"]["groups"] for entry in group)
    natural = hints["natural_melds"]
    assert sorted(map(sorted, natural["groups"])) == [["KD", "KH", "KS"]] and natural["opens"]
    RUMMY.apply(state, 0, RUMMY.parse_action({"meld": natural["groups"]}))
    no_joker = make_deal([[c if c != "JK" else "10H" for c in hand], others], ["2C"], "4C")
    state = RUMMY.apply(
        RUMMY.new_round({"players": 2}, no_joker, 1), 0, RUMMY.parse_action({"draw": "stock"})
    )
    assert "natural_melds" not in RUMMY.hints(state, 0)  # without a joker "melds" is joker-free already


def test_rummy_hints_a_lay_off_of_several_cards_and_refuses_all_before_the_draw() -> None:
    """§11 vector 14: on the run 5H 6H 7H, [3H, 4H] in one action is accepted though 3H alone is not."""
    from tests.rummy.builders import edit, make_deal
    from tests.rummy.helpers import GAME as RUMMY

    hand = ["3H", "4H", "9H", "2S", "4S", "6S", "8S", "QH", "3D", "5D", "9C", "JC", "KC"]
    others = ["AS", "3S", "5S", "7S", "9S", "JS", "KS", "2H", "10D", "6H", "8H", "JH", "KH"]
    state = RUMMY.new_round({"players": 2}, make_deal([hand, others], ["2C"], "4C"), 1)
    drawn = RUMMY.refusals(state, 0)
    assert {drawn[k][ANY] for k in ("meld", "lay_off", "swap_joker", "discard")} == {"must_draw_first"}
    state = RUMMY.apply(state, 0, RUMMY.parse_action({"draw": "stock"}))
    state = edit(state, opened=[True, False], melds=[["run", "H", 5, ["5H", "6H", "7H"], 1]])
    assert RUMMY.hints(state, 0)["lay_offs"] == [{"meld": 0, "cards": ["3H", "4H"]}]


def test_rummy_hints_the_opening_with_the_pile_card_under_only_if_used_in_opening() -> None:
    """§5.7: the pile card and the opening come in one action; the plain pile draw is refused."""
    from tests.rummy.builders import make_deal
    from tests.rummy.helpers import GAME as RUMMY

    hand = ["QS", "QH", "2S", "4S", "6S", "8S", "10H", "3D", "5D", "7D", "9C", "JC", "KC"]
    others = ["AS", "3S", "5S", "7S", "9S", "JS", "KS", "2H", "10D", "6H", "8H", "JH", "KH"]
    options = {"players": 2, "discard_before_opening": "only_if_used_in_opening"}
    state = RUMMY.new_round(options, make_deal([hand, others], ["2C"], "QD"), 1)
    ready = RUMMY.hints(state, 0)["open_with_pile"]
    assert any("QD" in group for group in ready)
    assert RUMMY.refusals(state, 0)["draw"] == {"discard": "must_open_with_taken_card"}
    RUMMY.apply(state, 0, RUMMY.parse_action({"draw": "discard", "meld": ready}))


def test_jass_hints_the_weis_held_and_the_stoeck_to_come() -> None:
    """docs/rules/jass.md §5.4, §5.5: seat 1's four-card run 6S-9S (50), seat 2's 7D-9D (20), seat 2's Stöck."""
    from games.engines.jass import SCHIEBER_GAME as JASS
    from tests.jass.helpers import WEIS_DEAL, play

    state = play(JASS, JASS.new_round({}, WEIS_DEAL, 0), (1, {"trump": "H"}))
    assert JASS.hints(state, 1) == {"weis": {"groups": [["6S", "7S", "8S", "9S"]], "points": [50]}}
    assert JASS.hints(state, 2) == {}  # not its turn
    state = play(JASS, state, (1, {"play": "QS"}))
    assert JASS.hints(state, 2) == {
        "weis": {"groups": [["7D", "8D", "9D"]], "points": [20]},
        "stoeck": {"points": 20},
    }
    assert "weis" not in JASS.refusals(state, 2)
    state = play(JASS, state, (2, {"play": "KS"}))
    assert JASS.hints(state, 3) == {"weis": {"groups": [["7H", "8H", "9H"]], "points": [20]}}
    assert JASS.refusals(state, 3)["thanks"] == {"true": "thanks_not_now"}
    state = play(JASS, state, (3, {"play": "10S"}), (0, {"play": "6D"}))
    leader = state.to_play()
    assert JASS.hints(state, leader).get("weis") is None
    assert JASS.refusals(state, leader)["weis"][ANY] == "weis_too_late"


def test_tarock_hints_the_announcements_a_bid_may_bundle() -> None:
    """docs/rules/tarock.md §5.4–§5.5: the Pagat holder may bundle the Pagat with a Solo, not with a Farbensolo."""
    from tests.tarock.helpers import GAME as TAROCK
    from tests.tarock.helpers import deal_with

    deal = deal_with({1: ["T1", "T4", "T5", "10S", "JS", "NS", "QS", "KS", "AH", "JH"]})
    state = TAROCK.new_round({}, deal, 0)
    bundles = TAROCK.hints(state, 1)["bundles"]
    assert "pagat" in bundles["solo"] and "pagat" not in bundles.get("farbensolo", [])
    assert TAROCK.refusals(state, 1)["pass"] == {"true": "must_bid"}


def test_french_tarot_hints_the_discard_and_the_handfuls() -> None:
    """docs/rules/french_tarot.md §5.2 and §5.4, on random deals: the hint's cards are exactly those a legal
    discard may hold, its `must` cards are in every one, and each hinted handful size is showable."""
    from games.engines.french_tarot import FrenchTarot
    from games.engines.french_tarot.cards import EXCUSE, SUIT_OF, TRUMP

    tarot = FrenchTarot()
    rng = random.Random(7)
    discards = handfuls = 0
    for _ in range(400):
        state = tarot.new_round({}, tarot.deal_cards(rng, 0), 0)
        for seat, bid in ((1, "garde"), (2, "pass"), (3, "pass"), (0, "pass")):
            if state.phase == "bidding":
                state = tarot.apply(state, seat, tarot.parse_action({"bid": bid}))
        if state.phase != "discard":
            continue
        hint = tarot.hints(state, 1)["discard"]
        hand = state.hands[1]
        legal = random_discard(hint, rng)["discard"]

        def refused(discard: list[str], state: Any = state) -> bool:
            try:
                tarot.apply(state, 1, tarot.parse_action({"discard": discard}))
            except RuleError:
                return True
            return False

        free = [c for c in legal if c not in hint["must"]]
        for card in hand:
            if card not in legal and card not in hint["cards"]:
                assert refused([card, *legal[1:]]), (card, hint)
            elif card not in legal and hint["must"] and free:
                assert refused([c for c in legal if c != hint["must"][0]] + [card]), (card, hint)
        discards += 1
        state = tarot.apply(state, 1, tarot.parse_action({"discard": legal}))
        state = tarot.apply(state, 1, tarot.parse_action({"slam": False}))
        seat = state.seat_to_act
        trumps = [c for c in state.hands[seat] if SUIT_OF[c] == TRUMP]
        sizes = tarot.hints(state, seat).get("handful", {}).get("sizes", {})
        showable = {
            s
            for s in (10, 13, 15)
            if len(trumps) >= s or (len(trumps) + 1 == s and EXCUSE in state.hands[seat])
        }
        assert set(map(int, sizes)) == showable
        handfuls += bool(sizes)
    assert discards > 50 and handfuls > 0, (discards, handfuls)
