"""A table never stalls (docs/decisions-tables.md): random matches of every variant through the table service,
checked after every step by `matches.assert_not_stalled` (the match is over, or the next deal is scheduled, or
every seat with a move due has a deadline and its timeout action is accepted).

The quick tier plays 2 matches per variant of at most 250 steps each, the long tier (tests/volume.py) 6 of at
most 1,000; KIBITZ_STALL_MATCHES and KIBITZ_STALL_STEPS set other lengths. Every step must move the table: an
`idle` step is a stall.
"""

from __future__ import annotations

import os
import random

import pytest

from games import services
from games.models import Table
from tests.volume import seeded, volume

from .matches import assert_not_stalled, step

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(1800)]

MATCHES = volume(2, 6, override="KIBITZ_STALL_MATCHES")
STEPS = volume(250, 1000, override="KIBITZ_STALL_STEPS")


def _options(game: str, rng: random.Random) -> dict:
    """Random table options of `game` that keep a match short enough to reach its end in a long run."""
    if game == "french-tarot":
        return {"match_end": f"deals:{rng.randint(1, 2)}"}
    if game == "tarock":
        return {"deals": rng.randint(1, 2)}
    if game == "jass-schieber":
        return {"target": 1000, "auto_end": rng.random() < 0.3}
    if game == "jass-differenzler":
        return {"predictions": rng.choice(["secret", "open"])}
    return {
        "players": rng.choice([2, 3, 4]),
        "kloppen": rng.random() < 0.6,
        "limit": rng.choice([1, 50]),
        "hand_jolly": rng.random() < 0.5,
    }


@pytest.mark.parametrize("game", ["french-tarot", "tarock", "jass-schieber", "jass-differenzler", "rummy"])
@pytest.mark.parametrize("match", range(MATCHES))
def test_a_table_never_stalls(users, fast_bots, game, match):
    rng = random.Random(seeded(f"{game}:{match}:{os.environ.get('KIBITZ_STALL_SEED', '')}"))
    level = rng.choice(["beginner", "standard"])
    table = services.create_table(
        users["alice"], services.TableTerms(game, _options(game, rng), human_seats=1, bot_level=level)
    )
    assert_not_stalled(table.pk)
    seen = set()
    for _ in range(STEPS):
        happened = step(table.pk, users["alice"], rng)
        assert happened != "idle", f"the table stalled at version {Table.objects.get(pk=table.pk).version}"
        seen.add(happened)
        if happened == "over":
            break
        assert_not_stalled(table.pk)
    assert {"person", "bot"} <= seen, seen
