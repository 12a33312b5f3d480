"""One short match per variant through the table socket, with stakes, one person and bots
(docs/decisions-tables.md "Matches per variant").

The person is the test: it plays seat 0 through its socket over the Redis channel layer, choosing random listed
actions and hints from its own frames (tests/hintplay.py); the bots, the next deals and any timeout move through
the sweeper's own pass. Every frame the person receives is checked by the leak oracle. A table that stops moving
fails the test (`Run.step`). Afterwards every settlement unit of the table is booked exactly once (settled from
the engine's payments, or released when its deals scored nothing), none is left open, the escrow is empty and the
whole ledger balances (Σ balances = 0).

A unit reserves exactly the seats dealt into its deals (a Rummy seat out of the match is not reserved, nor
charged commission).

The quick tier plays French Tarot one deal, Schieber to 1000 (the lowest target of docs/rules/jass.md §10) with
"Enough, thanks" on, Differenzler with secret calls, Tarock one deal and Rummy at 3 seats with limit 50 until a
deal has been dealt after a seat went out. The long tier (tests/volume.py) adds the wider matrix, one match of each
(`KIBITZ_MATCHES=N`: N of each): every bot level for every variant, Rummy at 2 and 4 seats with kloppen on and off.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.models import Round, Table
from ledger import services as ledger
from ledger.models import SettlementUnit, Transaction, TransactionKind, UnitStatus
from ledger.reports import reconcile
from tests.volume import seeded, volume

from .tablerun import Run

MATCHES = volume(0, 1, override="KIBITZ_MATCHES")
STAKE = 10  # minor units per game unit: every variant's worst case fits a starting balance
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.timeout(900),
]

SHORT: list[tuple[str, dict[str, Any], str]] = [
    ("french-tarot", {"match_end": "deals:1"}, "beginner"),
    ("jass-schieber", {"target": 1000, "auto_end": False}, "beginner"),
    ("jass-differenzler", {"predictions": "secret"}, "beginner"),
    ("tarock", {"deals": 1}, "beginner"),
    ("rummy", {"players": 3, "limit": 50}, "beginner"),
]
LEVELS = ("beginner", "standard", "expert")
WIDE: list[tuple[str, dict[str, Any], str]] = [
    *((key, options, level) for key, options, _ in SHORT for level in LEVELS),
    *(
        ("rummy", {"players": players, "limit": 50, "kloppen": kloppen}, level)
        for players in (2, 4)
        for kloppen in (False, True)
        for level in LEVELS
    ),
]


@sync_to_async
def _open(user: Any, key: str, options: dict[str, Any], level: str) -> int:
    table = services.create_table(
        user, services.TableTerms(key, options, human_seats=1, bot_level=level, stake=STAKE, turn_seconds=300)
    )
    return table.pk


@sync_to_async
def _booked_once(table_id: int) -> dict[str, int]:
    """The settlement checks of the module doc; returns counts of settled and released units."""
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.FINISHED
    units = {u.unit_id: u for u in SettlementUnit.objects.filter(table_key=f"table:{table_id}")}
    assert units, "a stakes table books its units"
    assert all(u.status != UnitStatus.OPEN for u in units.values()), "a unit is left reserved"
    scored = set()
    for rnd in Round.objects.filter(table=table):
        (unit_id,) = {f"round:{rnd.pk}", f"match:{rnd.match_id}"} & set(units)
        dealt = sum(hand is not None for hand in rnd.snapshot["hands"])
        seats = units[unit_id].seat_set.count()
        assert seats == dealt, (
            f"{unit_id} reserves {seats} seats for a deal dealt to {dealt} (rules §8: out is out)"
        )
        if rnd.settlement:
            scored.add(unit_id)
    for unit_id, unit in units.items():
        settles = Transaction.objects.filter(kind=TransactionKind.SETTLE, details__unit=unit_id).count()
        assert settles == (unit.status == UnitStatus.SETTLED), (unit_id, settles, unit.status)
        if unit.status == UnitStatus.SETTLED:
            assert sum(s.change for s in unit.seat_set.all()) + unit.commission == 0
    assert scored == {u for u, unit in units.items() if unit.status == UnitStatus.SETTLED}
    assert ledger.escrow_for(f"table:{table_id}").balance == 0
    books = reconcile()
    assert books.ok and books.total_balance == 0, books
    return {
        "settled": len(scored),
        "released": sum(u.status == UnitStatus.RELEASED for u in units.values()),
    }


@sync_to_async
def _dealt_after_an_elimination(table_id: int) -> bool:
    """Whether some Rummy deal of the table was dealt with a seat out of the match (a null hand, rules §8)."""
    return any(None in rnd.snapshot["hands"] for rnd in Round.objects.filter(table_id=table_id))


async def play_match(user: Any, key: str, options: dict[str, Any], level: str, rng: random.Random) -> dict:
    """One match of `key` at a stakes table: seat 0 is the person, the other seats bots of `level`."""
    table_id = await _open(user, key, options, level)
    run = await Run.open(table_id, key, {0: user}, [0], rng)
    started = time.monotonic()
    await run.play()
    await run.close()
    booked = await _booked_once(table_id)
    return {
        "table": table_id,
        "rounds": run.rounds,
        "moves": run.moves,
        "sweeps": run.sweeps,
        "frames": run.frames(),
        "seconds": round(time.monotonic() - started, 1),
        **booked,
    }


@pytest.mark.parametrize(("key", "options", "level"), SHORT, ids=[key for key, _, _ in SHORT])
async def test_a_short_match_is_played_to_its_end_and_booked_once(
    key, options, level, users, redis_layer, fast_bots, fast_people
):
    rng = random.Random(f"match:{key}")
    tries = 4 if key == "rummy" else 1
    for _ in range(tries):
        figures = await play_match(users["alice"], key, options, level, rng)
        print(f"match {key}: {figures}", flush=True)
        assert figures["moves"] > 0 and figures["settled"] > 0
        if key != "rummy" or await _dealt_after_an_elimination(figures["table"]):
            return
    raise AssertionError("no Rummy match dealt a deal after a seat went out")


if MATCHES:  # the long run only: the quick tier collects no such test

    @pytest.mark.timeout(0)
    @pytest.mark.parametrize(("key", "options", "level"), WIDE)
    async def test_the_wide_matrix_of_matches(
        key, options, level, users, redis_layer, fast_bots, fast_people
    ):
        rng = random.Random(seeded(f"wide:{key}:{sorted(options.items())}:{level}"))
        totals: dict[str, float] = {}
        for _ in range(MATCHES):
            figures = await play_match(users["alice"], key, options, level, rng)
            for name in ("rounds", "moves", "frames", "settled", "released", "seconds"):
                totals[name] = totals.get(name, 0) + figures[name]
        print(f"wide {key} {options} {level}: {MATCHES} matches, {totals}", flush=True)
