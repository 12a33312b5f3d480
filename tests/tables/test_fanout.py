"""An action's database cost does not grow with the sockets watching its table (docs/decisions-tables.md
"Sockets"): the move and every socket's frame for the new version, counted as one serve process spends them
(tests/tables/fanout_count.py)."""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Seat

from .fanout_count import Sockets, play_deal_counted

pytestmark = pytest.mark.django_db

MAX_STATEMENTS = 12


def _four_people(users):
    table = services.create_table(users["alice"], "french-tarot", human_seats=4)
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    return table, {s.number: s.user for s in Seat.objects.filter(table=table)}


@pytest.mark.parametrize("seed", [1, 2])
def test_it_spends_the_same_few_statements_per_card_play_with_or_without_spectators(users, seed):
    counts, ends = {}, {}
    for spectators in (0, 20):
        table, seated = _four_people(users)
        deal = play_deal_counted(Sockets(table.pk, seated, spectators), random.Random(seed))
        plays = [c for c in deal if c.phase == "play" and not c.ended_round]
        ends[spectators] = [c.statements for c in deal if c.ended_round]
        assert len(plays) > 40  # the deal's tricks were played
        counts[spectators] = sorted({c.statements for c in plays})
        worst = max(plays, key=lambda c: c.statements)
        assert worst.statements <= MAX_STATEMENTS, "\n".join(worst.sql)
        services.leave(users["alice"], table.pk)
    assert counts[0] == counts[20]
    assert ends[0] == ends[20]  # the deal's last card too (its end, scores and next deal) does not grow
