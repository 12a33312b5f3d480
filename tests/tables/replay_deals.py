"""Finished deals for the replay viewer's tests and timing (docs/decisions-tables.md "Replay viewer"): the longest
worked case of each game (tests/cases/) stored as a finished round of a table whose seats are the given people."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from games.engines.core import get_game
from games.engines.core.replay import replay
from games.models import Match, Round, Seat, Table

CASES = Path(__file__).resolve().parent.parent / "cases"

# The longest worked case of each game (most actions): the slowest replay page of the game.
LONGEST = {
    "french-tarot": "french-tarot/v28a-taker-handful-with-trump-from-dog.json",
    "tarock": "tarock/raise-after-overbid.json",
    "jass-schieber": "jass-schieber/v20-weis-team-scores-both-members.json",
    "jass-differenzler": "jass-differenzler/v28-penalty-is-distance-no-exact-bonus.json",
    "rummy": "rummy/void-deal.json",
}


def load_case(game: str) -> dict[str, Any]:
    """The worked case LONGEST names for `game` (a replay file plus its `expect`)."""
    return json.loads((CASES / LONGEST[game]).read_text(encoding="utf-8"))


def store_finished_deal(game_key: str, people: list[Any], match_over: bool = True) -> Round:
    """A table of `game_key` with `people` (one per seat, in seat order) seated, one match and its first deal: the
    worked case replayed to its end and stored as finished. Returns the round."""
    case = load_case(game_key)
    game = get_game(game_key)
    state = replay(
        game, case.get("options"), case["deal"], case["dealer"], case["actions"], case.get("start")
    )
    seats = game.seat_count(game.normalize_options(case.get("options")))
    table = Table.objects.create(
        game=game_key, options=case.get("options") or {}, status=Table.Status.PLAYING
    )
    for number in range(seats):
        Seat.objects.create(table=table, number=number, user=people[number])
    match = Match.objects.create(table=table, number=1, over=match_over)
    order = [c for hand in case["deal"].get("hands", []) for c in hand]
    salt = "replay-test-salt"
    return Round.objects.create(
        table=table,
        match=match,
        number=1,
        dealer=case["dealer"],
        options=case.get("options") or {},
        start=case.get("start"),
        deal=case["deal"],
        order=order,
        salt=salt,
        deck_hash=hashlib.sha256(f"{salt}:{' '.join(order)}".encode()).hexdigest(),
        snapshot=game.to_json(state),
        actions=case["actions"],
        players=[p.pk for p in people[:seats]],
        status=Round.Status.DONE,
        result=game.result(state),
    )


def store_running_deal(game_key: str, people: list[Any]) -> Round:
    """Like `store_finished_deal`, but the deal stops after its first action and still runs."""
    rnd = store_finished_deal(game_key, people, match_over=False)
    case = load_case(game_key)
    game = get_game(game_key)
    state = replay(
        game, case.get("options"), case["deal"], case["dealer"], case["actions"][:1], case.get("start")
    )
    rnd.actions = case["actions"][:1]
    rnd.snapshot = game.to_json(state)
    rnd.status = Round.Status.PLAYING
    rnd.result = None
    rnd.save()
    return rnd
