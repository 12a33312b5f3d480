"""The database time a rating update adds to the transaction that records a rated result, on PostgreSQL, beside the
same transaction at an unrated table in the same run; and the time of `ratings rebuild`.

Usage:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kibitz python benchmarks/rating_update.py
        [--deals 100] [--rebuild-results 0]

What it runs, in a throw-away database (`test_<name>_rating_bench`, created and dropped here):

1. Four French Tarot tables of four people each, played deal after deal through the table service (random
   listed moves, `games.services.act`): rated and unrated, each free (stake 0) and with stakes, taking turns deal
   by deal so that all four meet the same machine load. Every query's time is summed per move
   (`connection.execute_wrapper`); the move that ends a deal is the transaction that records its result (and, at
   a stakes table, settles it in the ledger).
2. For each of the four: that transaction's database time (p50, mean, p99), and at the rated tables the database
   time spent inside the rating update itself (games.services.rated_results.round_finished: the game's row lock,
   the ratings read, the result, its entrants and the ratings written) and its whole wall time (with OpenSkill's
   computation). The figure to read is the rated transaction's database time minus the unrated one's, beside the
   direct measure of the update's own queries.
3. With `--rebuild-results N`: N more rated results of four of 40 players each (two pairs or four places, random
   outcomes), computed in id order by the running update's function (ratings.services.advance) and stored in
   bulk, then `ratings rebuild` over them, timed; and whether the rebuild changed anything (it must not).

Done when (docs/decisions-ratings.md "Figures"): a rating update adds at most 2 ms of database time, with or
without stakes; `ratings rebuild` handles 100,000 recorded results in under 2 minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")

import django  # noqa: E402

django.setup()

from common import percentile  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

from accounts.models import User  # noqa: E402
from accounts.verification import mark_verified  # noqa: E402
from games import services  # noqa: E402
from games.engines.core import get_game  # noqa: E402
from games.models import Round, Table  # noqa: E402
from games.services import rated_results  # noqa: E402
from ratings.models import RatedEntrant, RatedResult, Rating  # noqa: E402
from ratings.rebuild import rebuild  # noqa: E402
from ratings.services import Participant, advance, entrant_rows  # noqa: E402
from signup.players import open_player_account  # noqa: E402

GAME = "french-tarot"
BENCH_GAME = "rebuild-bench"  # the synthetic results' own game key: the tables' games are left alone
CONFIGS = [
    ("unrated, free", False, 0),
    ("rated, free", True, 0),
    ("unrated, stakes", False, 1),
    ("rated, stakes", True, 1),
]


class QueryClock:
    """Sums the time of every query the connection runs while installed (`connection.execute_wrapper`)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - start


@contextmanager
def timed_queries() -> Iterator[QueryClock]:
    clock = QueryClock()
    with connection.execute_wrapper(clock):
        yield clock


class RatingClock:
    """Wraps games.services.rated_results.round_finished: its queries' time and its wall time per call that
    recorded a result (the calls at unrated tables return at once and are not counted)."""

    def __init__(self) -> None:
        self.db: list[float] = []
        self.wall: list[float] = []
        self._inner = rated_results.round_finished

    def __call__(self, table: Table, rnd: Round, scored: bool, match_over: bool) -> None:
        if not table.rated:
            self._inner(table, rnd, scored, match_over)
            return
        start = time.perf_counter()
        with timed_queries() as clock:
            self._inner(table, rnd, scored, match_over)
        self.wall.append(time.perf_counter() - start)
        self.db.append(clock.seconds)


def people(tag: str) -> list[User]:
    """Four verified players with their starting balance."""
    users = []
    for n in range(4):
        user = User.objects.create_user(f"{tag}-{n}", password="bench-only-password")
        open_player_account(user)
        mark_verified(user, f"{tag}-{n}@example.invalid")
        users.append(user)
    return users


def open_table(users: list[User], rated: bool, stake: int) -> Table:
    table = services.create_table(
        users[0],
        services.TableTerms(GAME, {"match_end": "deals:12"}, human_seats=4, rated=rated, stake=stake),
    )
    for user in users[1:]:
        services.join(user, table.pk)
    return table


def play_deal(table: Table, users: list[User], rng: random.Random, ends: list[float]) -> Table:
    """Play the table's next deal to its end with random listed moves; append the database time of the move
    that ended it to `ends`. Returns the table to play next (a new one when the match is over)."""
    for _attempt in range(100):  # a deal annulled as it is dealt (petit sec) is done at once: deal again
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            table = open_table(users, table.rated, table.stake)
        rnd = Round.objects.filter(table=table, status=Round.Status.PLAYING).first()
        if rnd is not None:
            break
        services.start_next_round(table.pk, table.version)
    else:
        raise RuntimeError("no deal could be dealt")
    game = get_game(GAME)
    by_seat = {n: users[n] for n in range(4)}  # the players took seats 0, 1, 2, 3 in order
    for step in range(10_000):
        rnd.refresh_from_db()
        state = game.from_json(rnd.snapshot)
        seat = min(game.due(state))
        legal = game.legal_actions(state, seat)
        action = (rng.choice(legal) if legal else game.timeout_action(state, seat)).to_wire()
        version = Table.objects.values_list("version", flat=True).get(pk=table.pk)
        with timed_queries() as clock:
            services.act(by_seat[seat], table.pk, version, f"b{rnd.pk}-{step}", action)
        if Round.objects.filter(pk=rnd.pk, status=Round.Status.DONE).exists():
            ends.append(clock.seconds)
            return table
    raise RuntimeError("the deal did not end")


@dataclass
class Run:
    """One of the four tables' runs: its name, its four players, the table being played and the database time of
    each deal's last move."""

    name: str
    users: list[User]
    table: Table
    ends: list[float] = field(default_factory=list)


def summary(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"p50 {percentile(ms, 0.5):6.2f} ms, mean {statistics.fmean(ms):6.2f} ms, "
        f"p99 {percentile(ms, 0.99):6.2f} ms (n={len(ms)})"
    )


def run_deals(deals: int) -> None:
    rng = random.Random(35)
    clock = RatingClock()
    rated_results.round_finished = clock  # type: ignore[assignment]
    runs: list[Run] = []
    for n, (name, rated, stake) in enumerate(CONFIGS):
        users = people(f"bench{n}")
        runs.append(Run(name, users, open_table(users, rated, stake)))
    for _deal in range(deals):
        for run in runs:
            run.table = play_deal(run.table, run.users, rng, run.ends)
    rated_results.round_finished = clock._inner  # type: ignore[method-assign]
    print(f"{GAME}, 4 people per table, {deals} deals per table, turns taken deal by deal")
    print("database time of the transaction that ends a deal (the last move: result, settlement, rating):")
    for run in runs:
        print(f"  {run.name:16} {summary(run.ends)}")
    for stake_name in ("free", "stakes"):
        with_rating = next(r for r in runs if r.name == f"rated, {stake_name}")
        without = next(r for r in runs if r.name == f"unrated, {stake_name}")
        p50 = (percentile(with_rating.ends, 0.5) - percentile(without.ends, 0.5)) * 1000
        mean = (statistics.fmean(with_rating.ends) - statistics.fmean(without.ends)) * 1000
        print(f"  rated − unrated ({stake_name}): p50 {p50:+.2f} ms, mean {mean:+.2f} ms")
    print("the rating update itself (games.services.rated_results.round_finished, every rated deal):")
    print(f"  its queries' time: {summary(clock.db)}")
    print(f"  its wall time (queries and OpenSkill): {summary(clock.wall)}")


def run_rebuild(results: int) -> None:
    """Store `results` synthetic rated results of four of 40 players each (half of them two pairs, half four
    places, random outcomes), computed in memory in id order by the running update's own function
    (ratings.services.advance) and written in bulk (recording them one by one through `record` would take most
    of an hour here); then time `rebuild` over them and check it changes nothing."""
    rng = random.Random(100)
    pool = [User.objects.create_user(f"rebuild-{n}", password="bench-only-password") for n in range(40)]
    ratings = {u.pk: Rating.objects.create(game=BENCH_GAME, user=u) for u in pool}
    start = time.perf_counter()
    for first in range(0, results, 5000):
        batch = min(5000, results - first)
        made = RatedResult.objects.bulk_create(
            [RatedResult(game=BENCH_GAME, kind=RatedResult.Kind.MATCH) for _ in range(batch)]
        )
        rows = []
        for result in made:
            users = [u.pk for u in rng.sample(pool, 4)]
            participants = synthetic(rng, users)
            seated = [ratings[u] for u in users]
            rows += entrant_rows(result, participants, seated, advance(participants, seated))
        RatedEntrant.objects.bulk_create(rows, batch_size=5000)
    Rating.objects.bulk_update(list(ratings.values()), ["mu", "sigma", "results"])
    print(f"stored {results} synthetic results in {time.perf_counter() - start:.0f} s")
    running = {r.pk: (r.mu, r.sigma, r.results) for r in Rating.objects.filter(game=BENCH_GAME)}
    start, cpu = time.perf_counter(), time.process_time()
    done = rebuild(BENCH_GAME)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    after = {r.pk: (r.mu, r.sigma, r.results) for r in Rating.objects.filter(game=BENCH_GAME)}
    print(
        f"ratings rebuild over {done.results} results of 4 seats: {seconds:.1f} s wall, {cpu:.1f} s CPU; "
        f"rows rewritten {done.entrants}, ratings rewritten {done.ratings}; equal to the running values: "
        f"{after == running}"
    )


def synthetic(rng: random.Random, users: list[int]) -> list[Participant]:
    """Four seats: two pairs (0+2 against 1+3) with a random winner, or four random places."""
    if rng.random() < 0.5:
        winner = rng.randrange(2)
        return [Participant(s, u, "", s % 2, 1 if s % 2 == winner else 2) for s, u in enumerate(users)]
    order = rng.sample(range(1, 5), 4)
    return [Participant(s, u, "", s, order[s]) for s, u in enumerate(users)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per table (four tables)")
    parser.add_argument("--rebuild-results", type=int, default=0, help="synthetic results for the rebuild")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("set DATABASE_URL to a PostgreSQL database (this benchmark measures PostgreSQL)")
    settings.KIBITZ_NEXT_DEAL_SECONDS = 0
    old_name = connection.settings_dict["NAME"]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    connection.close()
    # Not the test run's `test_<name>`: the benchmark may run while tests use that one.
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"test_{old_name}_rating_bench"
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        if args.deals:
            run_deals(args.deals)
        if args.rebuild_results:
            run_rebuild(args.rebuild_results)
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
