"""A round in play when per-seat deadlines came (games 0005) keeps its one deadline, now for each seat whose move
is due (docs/decisions-tables.md "Deadlines per seat"): a Differenzler round with secret predictions gets it for
all four seats."""

from __future__ import annotations

import datetime
import random

import pytest

from games.engines.core import get_game
from tests.migrating import migrate_to

BEFORE = [("games", "0004_sweeper_beat")]
AFTER = [("games", "0005_round_deadlines_per_seat")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_a_round_in_play_gets_its_deadline_for_every_due_seat():
    old = migrate_to(BEFORE)
    alice = old.get_model("accounts", "User").objects.create(username="alice")
    table = old.get_model("games", "Table").objects.create(game="jass-differenzler", created_by=alice)
    match = old.get_model("games", "Match").objects.create(table=table, number=1)
    game = get_game("jass-differenzler")
    deal = game.deal_cards(random.Random(1), 0)
    state = game.new_round(None, deal, 0)
    deadline = datetime.datetime(2025, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    Round = old.get_model("games", "Round")
    for number, status in ((1, "playing"), (2, "done")):
        Round.objects.create(
            table=table,
            match=match,
            number=number,
            dealer=0,
            deal=deal,
            order=[],
            salt="",
            deck_hash="",
            snapshot=game.to_json(state),
            status=status,
            deadline=deadline,
        )

    new = migrate_to(AFTER)
    rounds = {r.number: r.deadlines for r in new.get_model("games", "Round").objects.all()}
    assert rounds == {1: dict.fromkeys(["0", "1", "2", "3"], deadline.isoformat()), 2: {}}
