"""One conformance test over every registered game (in the spirit of OpenSpiel's games_sim_test): the same checks
of the Game protocol (games/engines/core/protocol.py, docs/design.md "The Game protocol") for every game and
variant the registry serves, the tests' own game included, and for every seat count its declaration allows.

Each variant walks seeded random matches (`volume`: a couple of hundred deals per game in the quick tier,
a thousand in the long tier) with options drawn from its declaration's option schema, its seats played by its own
beginner bots mixed with random listed actions, random offered calls (a handful, a Weis, a meld) and now and then
an optional call (a knock, "Enough, thanks"). At every step:
- `acting`: while the phase is not `done` some seat is to act, `due` is a non-empty part of `to_act` and there is
  no result; once `done` nobody is to act and there is a result;
- `legal`: a seat not to act has no listed action, a seat holding only an optional call has it listed, every
  listed action of every seat to act applies without error, and so does the timeout action of every due seat;
- `json`: the state survives a round trip through JSON text (`to_json` / `from_json`) with the same phase, seats
  to act, result and view;
- `leak`: no seat's view nor the spectator's holds a card of another seat's hand or of a secret pile (the dog,
  talon or stock) unless it is in `public_cards(state)` (the rules file §7, the spectator's column), and the
  spectator's view holds exactly the public cards.
At the end of each deal:
- `replay`: replaying the action log from the deal gives the same state and result;
- `settlement`: the payments are whole non-negative units between two different seats dealt in, their nets sum to
  zero (docs/rules/settlement.md), a deal-settled game pays its round's scores, and a match-settled game pays
  only when its match is over.

The hidden places are read from `to_json`: `hands` (one list per seat, None for a seat out) and `dog`, `talon`,
`stock` at its top level or under `deal` (docs/engines.md "The state"). The walk asserts the leak check is not
vacuous (its views show their own hands' cards and hide cards that are not public), and planted leaks show it
bites. The games' own rules (card points, decks accounted for, refusal codes) stay in tests/<game>/.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.engines.core import Action, Game, RuleError, all_games
from games.engines.core.declaration import Option
from games.engines.core.replay import replay
from tests.volume import seeded, volume

#: Deals walked per game (split over its seat counts): the quick tier, the long tier.
DEALS = volume(200, 1000, "KIBITZ_CONFORMANCE_DEALS")
SECRET_PILES = ("dog", "talon", "stock")
# the due seat tries a random offered call that is not listed (a handful, a Weis, a meld)
OFFERED_CHANCE = 0.1
RANDOM_CHANCE = 0.3  # the due seat plays a random listed action instead of its bot's choice
OPTIONAL_CHANCE = 0.02  # a seat holding only an optional call makes it
NEXT_DEAL_CHANCE = 0.6  # a finished deal is followed by the match's next deal
MAX_STEPS = 5000

View = Callable[[Any, "int | None"], dict[str, Any]]


def _variants() -> list[tuple[str, int]]:
    return [(key, seats) for key, game in all_games().items() for seats in game.declaration.seat_counts]


VARIANTS = _variants()


def _variant_id(variant: tuple[str, int]) -> str:
    key, seats = variant
    return key if len(all_games()[key].declaration.seat_counts) == 1 else f"{key}@{seats}"


@dataclass
class Walk:
    """What a walk of one variant saw: checks made by name, and how often the views had something to hide."""

    key: str
    checked: Counter[str] = field(default_factory=Counter)
    deals: int = 0

    def fail(self, check: str, where: str, message: str) -> None:
        """Raise the AssertionError of a failed check, naming the check, the variant and the step."""
        raise AssertionError(f"[{check}] {self.key} {where}: {message}")


def random_options(game: Game[Any], seats: int, rng: random.Random) -> dict[str, Any]:
    """Options drawn from the declaration's schema (every choice, flag and number in range), with the seat count
    option (Rummy's `players`) set to `seats`; normalised by the game."""
    declaration = game.declaration
    options: dict[str, Any] = {}
    for option in declaration.options:
        if option.name == declaration.seats_option:
            options[option.name] = next(c.value for c in option.choices if int(c.value) == seats)
        else:
            options[option.name] = _random_value(option, rng)
    return game.normalize_options(options)


def _random_value(option: Option, rng: random.Random) -> Any:
    if option.kind == "choice":
        return rng.choice(option.choices).value
    if option.kind == "flag":
        return rng.random() < 0.5
    assert option.maximum is not None
    low = option.minimum if option.minimum is not None else option.maximum - 100
    return rng.randint(low, option.maximum)


def deck_of(game: Game[Any], options: dict[str, Any]) -> frozenset[str]:
    """The card codes of the game's deck: the strings of its committed deck order (`shuffle_deck`; Rummy's order
    also holds its restock permutations, as integers)."""
    return frozenset(card for card in game.shuffle_deck(random.Random(0), options) if isinstance(card, str))


def card_codes(value: Any, deck: frozenset[str]) -> set[str]:
    """Every card code of `deck` among the strings (keys included) of a JSON value: the pieces of its JSON text
    between quotes (a card code holds no quote nor backslash, and the text between two strings is punctuation);
    a stand-in `"JK=5H"` (a Rummy joker in a run, docs/rules/rummy.md §5.5) counts as the card before the `=`."""
    pieces = set(json.dumps(value, check_circular=False).split('"'))
    return (pieces & deck) | ({piece.split("=", 1)[0] for piece in pieces if "=" in piece} & deck)


def hidden_places(data: dict[str, Any]) -> tuple[list[set[str]], set[str]]:
    """From `to_json` output: each seat's hand (empty for a seat out) and the cards of the secret piles."""
    hands = [set(hand or ()) for hand in data["hands"]]
    piles: set[str] = set()
    for where in (data, data.get("deal") or {}):
        for name in SECRET_PILES:
            pile = where.get(name)
            if isinstance(pile, list):
                piles.update(card for card in pile if isinstance(card, str))
    return hands, piles


def check_views(
    game: Game[Any], state: Any, deck: frozenset[str], walk: Walk, where: str, view_of: View | None = None
) -> dict[int | None, dict[str, Any]]:
    """The `leak` check of one state: every seat's view and the spectator's (`view_of`: the game's `view`, or a
    planted leak in the tests). Returns the views checked, by seat (None: the spectator)."""
    view_of = view_of or game.view
    public = game.public_cards(state)
    if not public <= deck:
        walk.fail("leak", where, f"public_cards names no card of the deck: {sorted(public - deck)}")
    hands, piles = hidden_places(game.to_json(state))
    views = {viewer: view_of(state, viewer) for viewer in [None, *range(len(hands))]}
    spectator = card_codes(views[None], deck)
    if spectator != public:
        walk.fail(
            "leak",
            where,
            f"the spectator sees {sorted(spectator - public)} that are not public_cards and misses the public "
            f"{sorted(public - spectator)}",
        )
    for viewer in [None, *range(len(hands))]:
        own = hands[viewer] if viewer is not None else set()
        secret = piles.union(*(hand for seat, hand in enumerate(hands) if seat != viewer)) - own - public
        shown = spectator if viewer is None else card_codes(views[viewer], deck)
        leaked = shown & secret
        if leaked:
            walk.fail("leak", where, f"the view of seat {viewer} shows the hidden {sorted(leaked)}")
        walk.checked["leak"] += 1
        walk.checked["leak: something hidden"] += bool(secret)
        walk.checked["leak: own cards shown"] += bool(own & shown)
    return views


def check_acting(
    game: Game[Any], state: Any, walk: Walk, where: str
) -> tuple[frozenset[int], frozenset[int]]:
    """The `acting` check; returns `to_act` and `due`."""
    to_act, due = game.to_act(state), game.due(state)
    done = game.phase(state) == "done"
    if done and (to_act or game.result(state) is None):
        walk.fail("acting", where, f"a done round has seats to act {sorted(to_act)} or no result")
    if not done and (not due or not due <= to_act or game.result(state) is not None):
        walk.fail("acting", where, f"phase {game.phase(state)}: to_act {sorted(to_act)}, due {sorted(due)}")
    walk.checked["acting"] += 1
    return to_act, due


def check_legal(game: Game[Any], state: Any, seats: int, walk: Walk, where: str) -> dict[int, list[Action]]:
    """The `legal` check; returns the listed actions of every seat."""
    to_act, due = game.to_act(state), game.due(state)
    listed = {seat: game.legal_actions(state, seat) for seat in range(seats)}
    for seat, actions in listed.items():
        if seat not in to_act and actions:
            walk.fail("legal", where, f"seat {seat} is not to act but has {actions[:3]}")
        if seat in to_act and seat not in due and not actions:
            walk.fail("legal", where, f"seat {seat} holds an optional call but none is listed")
        tried = [*actions, game.timeout_action(state, seat)] if seat in due else actions
        for action in tried:
            try:
                game.apply(state, seat, action)
            except RuleError as error:
                kind = "listed" if action in actions else "timeout"
                walk.fail(
                    "legal", where, f"the {kind} action {action.to_wire()} of seat {seat} is refused: {error}"
                )
            walk.checked["legal"] += 1
    return listed


def check_json(
    game: Game[Any], state: Any, viewer: int | None, view: dict[str, Any], walk: Walk, where: str
) -> None:
    """The `json` check: through JSON text and back, the same stored state, phase, seats to act, result and view
    (`view`: the view of `viewer` before)."""
    text = json.dumps(game.to_json(state), sort_keys=True)
    again = game.from_json(json.loads(text))
    differ = [
        name
        for name, same in (
            ("to_json", json.dumps(game.to_json(again), sort_keys=True) == text),
            ("phase", game.phase(again) == game.phase(state)),
            ("to_act", game.to_act(again) == game.to_act(state)),
            ("result", game.result(again) == game.result(state)),
            (f"view of seat {viewer}", game.view(again, viewer) == view),
        )
        if not same
    ]
    if differ:
        walk.fail("json", where, f"the state read back from its JSON text has another {', '.join(differ)}")
    walk.checked["json"] += 1


def check_settlement(game: Game[Any], state: Any, seats: int, walk: Walk, where: str) -> None:
    """The `settlement` check of a finished deal (docs/rules/settlement.md "Terms": payments and seat deltas)."""
    payments = game.settlement(state)
    match_over = game.next_round(state) is None
    if game.declaration.settlement_unit == "match" and (payments is not None) != match_over:
        walk.fail(
            "settlement", where, f"a match-settled game pays {payments} with the match over: {match_over}"
        )
    if payments is None:
        return
    dealt = game.dealt_in(state)
    nets = [0] * seats
    for payment in payments:
        payer, payee, units = payment
        if not (type(units) is int and units >= 0 and payer != payee and {payer, payee} <= dealt):
            walk.fail("settlement", where, f"payment {payment} of seats dealt in {sorted(dealt)}")
        nets[payer] -= units
        nets[payee] += units
    if sum(nets) != 0:
        walk.fail("settlement", where, f"the payments' nets {nets} do not sum to zero")
    scores = game.round_scores(state)
    if game.declaration.settlement_unit == "deal" and nets != scores:
        walk.fail("settlement", where, f"the payments' nets {nets} are not the round's scores {scores}")
    walk.checked["settlement"] += 1


def _offered_call(game: Game[Any], state: Any, seat: int, listed: list[Action], rng: random.Random) -> Any:
    wires = {json.dumps(a.to_wire(), sort_keys=True) for a in listed}
    calls = [a for kind in game.offered(state, seat).values() for a in kind.values()]
    rng.shuffle(calls)
    for action in calls:
        if json.dumps(action.to_wire(), sort_keys=True) in wires:
            continue
        try:
            game.apply(state, seat, action)
        except RuleError:
            continue
        return action
    return None


def choose(
    game: Game[Any],
    state: Any,
    listed: dict[int, list[Action]],
    views: dict[int | None, dict[str, Any]],
    bots: list[Any],
    rng: random.Random,
) -> tuple[int, Any]:
    """A seat to act and its action: mostly the seat's beginner bot, sometimes a random listed action, a random
    offered call that is not listed, or an optional call of a seat that holds one."""
    to_act, due = game.to_act(state), game.due(state)
    optional = sorted(to_act - due)
    if optional and rng.random() < OPTIONAL_CHANCE:
        seat = rng.choice(optional)
        return seat, rng.choice(listed[seat])
    seat = rng.choice(sorted(due))
    roll = rng.random()
    if roll < OFFERED_CHANCE:
        action = _offered_call(game, state, seat, listed[seat], rng)
        if action is not None:
            return seat, action
    if roll < RANDOM_CHANCE and listed[seat]:
        return seat, rng.choice(listed[seat])
    action = bots[seat].choose(views[seat], seat, listed[seat], rng)
    return seat, action if action is not None else game.timeout_action(state, seat)


def next_deal(
    game: Game[Any], seats: int, previous: Any, rng: random.Random
) -> tuple[dict[str, Any], dict[str, Any], int, dict[str, Any] | None]:
    """`(options, deal, dealer, start)` of the next deal to walk: after a finished deal `previous`, with
    NEXT_DEAL_CHANCE, the match's next deal (`next_round`); else the first deal of a match with random options."""
    follow = None if previous is None or rng.random() >= NEXT_DEAL_CHANCE else game.next_round(previous)
    if follow is None:
        options, dealer, start = random_options(game, seats, rng), rng.randrange(seats), None
    else:
        options, dealer, start = game.options_of(previous), follow.dealer, follow.start
    return options, game.deal_cards(rng, dealer, options, start), dealer, start


def walk_variant(key: str, seats: int, count: int) -> Walk:
    """Walk `count` random deals of `key` at `seats` seats with every check; returns what the walk saw."""
    game = all_games()[key]
    rng = random.Random(seeded(f"conformance-{key}-{seats}"))
    walk = Walk(_variant_id((key, seats)))
    bots = [game.bot("beginner") for _ in range(seats)]
    state = None
    while walk.deals < count:
        options, deal, dealer, start = next_deal(game, seats, state, rng)
        deck = deck_of(game, options)
        state = game.new_round(options, deal, dealer, start)
        log: list[dict[str, Any]] = []
        while True:
            where = f"deal {walk.deals} step {len(log)}"
            to_act, _ = check_acting(game, state, walk, where)
            views = check_views(game, state, deck, walk, where)
            viewer = rng.choice(list(views))
            check_json(game, state, viewer, views[viewer], walk, where)
            if not to_act:
                break
            listed = check_legal(game, state, seats, walk, where)
            seat, action = choose(game, state, listed, views, bots, rng)
            state = game.apply(state, seat, action)
            log.append({"seat": seat, "action": action.to_wire()})
            assert len(log) < MAX_STEPS, f"{walk.key} deal {walk.deals} does not end"
        again = replay(game, options, deal, dealer, log, start)
        if game.to_json(again) != game.to_json(state) or game.result(again) != game.result(state):
            walk.fail("replay", f"deal {walk.deals}", "replaying the log gives another state or result")
        walk.checked["replay"] += 1
        check_settlement(game, state, seats, walk, f"deal {walk.deals}")
        walk.deals += 1
    return walk


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_every_game_keeps_the_protocol_over_random_deals(variant: tuple[str, int]) -> None:
    key, seats = variant
    counts = all_games()[key].declaration.seat_counts
    count = -(-DEALS // len(counts))
    walk = walk_variant(key, seats, count)
    assert walk.deals == count
    for check in ("acting", "legal", "json", "leak", "replay"):
        assert walk.checked[check] >= count, f"{check} checked only {walk.checked[check]} times"
    # not vacuous: the views show their own cards and hide cards that are not public, in most states
    assert walk.checked["leak: own cards shown"] > walk.checked["leak"] // 3, walk.checked
    assert walk.checked["leak: something hidden"] > walk.checked["leak"] // 2, walk.checked


def test_it_walks_every_registered_game() -> None:
    assert {key for key, _ in VARIANTS} == set(all_games())
    assert "test-follow" in all_games()  # the tests' own game, registered through KIBITZ_GAME_PACKAGES
    assert sorted(seats for key, seats in VARIANTS if key == "rummy") == [2, 3, 4]


def _mid_deal(key: str, seats: int) -> tuple[Game[Any], Any, frozenset[str]]:
    """A state of `key` a few steps into play, where another seat's hand holds cards that are not public."""
    game = all_games()[key]
    rng = random.Random(seeded(f"planted-{key}"))
    options = random_options(game, seats, rng)
    state = game.new_round(options, game.deal_cards(rng, 0, options), 0)
    bots = [game.bot("beginner") for _ in range(seats)]
    for _ in range(6):
        seat = min(game.due(state))
        state = game.apply(
            state, seat, bots[seat].choose(game.view(state, seat), seat, game.legal_actions(state, seat), rng)
        )
    return game, state, deck_of(game, options)


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_it_catches_a_planted_leak(variant: tuple[str, int]) -> None:
    """The leak check bites: a seat's view that shows the next seat's hand (deep in a nested field) fails it."""
    key, seats = variant
    game, state, deck = _mid_deal(key, seats)
    walk = Walk(key)
    check_views(game, state, deck, walk, "planted")
    hands, _ = hidden_places(game.to_json(state))

    def peeking(state: Any, seat: int | None) -> dict[str, Any]:
        view = game.view(state, seat)
        if seat is None:
            return view
        return {**view, "extra": {"deep": [sorted(hands[(seat + 1) % seats])]}}

    with pytest.raises(AssertionError, match=r"\[leak\] .* the view of seat \d shows the hidden"):
        check_views(game, state, deck, walk, "planted", peeking)


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_it_catches_public_cards_that_call_everything_public(
    variant: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `public_cards` that names every card would let any view pass the hand check; the spectator's view,
    which must show exactly the public cards, fails it."""
    key, seats = variant
    game, state, deck = _mid_deal(key, seats)
    monkeypatch.setattr(game, "public_cards", lambda state: deck)
    with pytest.raises(AssertionError, match=r"\[leak\] .* the spectator sees \[\] .* misses the public"):
        check_views(game, state, deck, Walk(key), "planted")
