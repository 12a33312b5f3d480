"""The bots (games/engines/french_tarot/bots.py): legal in every phase, reproducible, blind to the state, and the
expert's sampled worlds agree with what its seat knows."""

from __future__ import annotations

import random

import pytest

from games.engines.core import IllegalAction, SimpleAction
from games.engines.french_tarot.bots import ExpertBot
from games.engines.french_tarot.memory import DealMemory, infer
from games.engines.french_tarot.worlds import ASIDE, read_knowledge, sample_world

from .helpers import GAME, load, replay_case


def play_with_bots(levels, seed, options=None, playouts=40, forced_bids=None):
    rng = random.Random(seed)
    dealer = seed % 4
    state = GAME.new_round(options or {}, GAME.deal_cards(rng, dealer), dealer)
    bots = [GAME.bot(level, playouts) for level in levels]
    rngs = [random.Random(seed * 10 + s) for s in range(4)]
    actions = []
    while GAME.phase(state) != "done":
        (seat,) = GAME.to_act(state)
        if forced_bids and GAME.phase(state) == "bidding":
            action = SimpleAction("bid", forced_bids.pop(0))
        else:
            action = bots[seat].choose(
                GAME.view(state, seat), seat, GAME.legal_actions(state, seat), rngs[seat]
            )
        state = GAME.apply(state, seat, action)  # raises if a bot picks an illegal action
        actions.append(action)
    return state, actions


@pytest.mark.parametrize("profile", ["fft", "seed002"])
def test_it_plays_whole_deals_with_every_level_legally(profile):
    for seed in range(4):
        state, _ = play_with_bots(["beginner", "standard", "expert", "standard"], seed, {"profile": profile})
        assert GAME.result(state) is not None


def test_it_takes_discards_and_handfuls_through_the_rules():
    handfuls = discards = 0
    for seed in range(40):
        _, actions = play_with_bots(["standard"] * 4, seed, playouts=4)
        discards += any(a.kind == "discard" for a in actions)
        handfuls += any(a.kind == "handful" for a in actions)
    assert discards > 5 and handfuls >= 1


def test_it_plays_a_garde_contre_without_expecting_a_discard():  # vector 32
    seed = next(
        s
        for s in range(100)
        if GAME.phase(GAME.new_round({}, GAME.deal_cards(random.Random(s), s % 4), s % 4)) != "done"
    )
    for level in ("beginner", "standard", "expert"):
        state, actions = play_with_bots([level] * 4, seed, forced_bids=["garde_contre"], playouts=20)
        assert GAME.result(state)["contract"] == "garde_contre"
        assert not any(a.kind == "discard" for a in actions)


def test_it_reproduces_an_expert_deal_from_the_same_seeds():
    first = play_with_bots(["expert", "standard", "expert", "beginner"], 9, playouts=30)[1]
    again = play_with_bots(["expert", "standard", "expert", "beginner"], 9, playouts=30)[1]
    assert first == again


def test_it_refuses_unknown_levels_and_budgets():
    with pytest.raises(ValueError):
        GAME.bot("grandmaster")
    with pytest.raises(ValueError):
        GAME.bot("expert", 0)
    assert GAME.bot("expert", 7).playouts == 7


def test_it_infers_voids_and_trump_ceilings_from_failures_to_follow():
    found = infer(
        [((0, "5H"), (1, "T3"), (2, "2C"), (3, "KH")), ((1, "T10"), (2, "3S"), (3, "T4"), (0, "T12"))]
    )
    assert found.void[1] == {"H"} and found.void[2] == {"H", "T"} and found.void[3] == set()
    assert found.trump_ceiling[3] == 10 and found.trump_ceiling[0] == 22


def test_it_samples_worlds_that_fit_the_view_and_the_memory():
    case = load("v08-defender-handful-garde-made-by-zero")
    rng = random.Random(4)
    for upto in range(10, len(case["actions"]) - 1, 7):
        state = replay_case("v08-defender-handful-garde-made-by-zero", upto=upto)
        if GAME.phase(state) != "play":
            continue
        (seat,) = GAME.to_act(state)
        memory = DealMemory()
        for n in range(len(state.tricks)):
            memory.tricks[n] = (state.tricks[n], state.winners[n])
        view = GAME.view(state, seat)
        knowledge = read_knowledge(view, seat, memory.ordered())
        assert knowledge is not None
        truth_voids = infer(list(state.tricks) + [state.trick]).void
        for _ in range(20):
            world = sample_world(knowledge, rng)
            assert [len(world[s]) for s in range(4)] == [len(h) for h in state.hands]
            assert sorted(world[seat]) == sorted(state.hands[seat])
            assert len(world[ASIDE]) == 6 - len(
                view["discard_trumps"] if seat != state.taker else state.discard
            )
            placed = [c for hand in world for c in hand]
            assert len(placed) == len(set(placed))
            for entry in view["handfuls"]:
                held = set(state.hands[entry["seat"]])
                assert {c for c in entry["cards"] if c in held} <= set(world[entry["seat"]])
            for other in range(4):
                if other != seat:
                    assert not any(
                        c[-1] in truth_voids[other] or (c.startswith("T") and "T" in truth_voids[other])
                        for c in world[other]
                        if c != "EX"
                    )


def test_it_falls_back_to_the_standard_play_without_a_full_memory():
    state = replay_case("v01-garde-two-bouts-43-points", upto=30)
    (seat,) = GAME.to_act(state)
    bot = ExpertBot(playouts=20)
    view = GAME.view(state, seat)
    action = bot.choose(view, seat, GAME.legal_actions(state, seat), random.Random(1))
    assert action in GAME.legal_actions(state, seat)
    assert not bot.observe(view, seat).complete(view)


def test_it_only_reads_the_view():
    state = replay_case("v01-garde-two-bouts-43-points", upto=12)
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    for level in ("beginner", "standard", "expert"):
        action = GAME.bot(level, 10).choose(view, seat, legal, random.Random(0))
        try:
            GAME.apply(state, seat, action)
        except IllegalAction as error:  # pragma: no cover - a failure message, not a branch
            raise AssertionError(f"{level} chose {action}: {error.code}") from error


def test_it_always_chooses_a_legal_discard_and_handful():
    from games.engines.french_tarot.heuristics import choose_discard, choose_handful

    from .randomplay import discard_is_legal, handful_is_legal

    rng = random.Random(21)
    shown = 0
    for _ in range(400):
        deal = GAME.deal_cards(rng, 0)
        hand = deal["hands"][1] + deal["dog"]
        assert discard_is_legal(hand, choose_discard(hand))
        trumps = [c for c in deal["hands"][2] if c.startswith("T")]
        pool = [c for c in deal["hands"][2] if not c.startswith("T")]
        rich = trumps + [f"T{n}" for n in range(1, 22) if f"T{n}" not in trumps][: rng.randrange(6, 12)]
        rich_hand = rich + pool[: max(0, 18 - len(rich))]
        handful = choose_handful(rich_hand)
        if handful is not None:
            shown += 1
            assert handful_is_legal(rich_hand, handful)
    assert shown > 100
