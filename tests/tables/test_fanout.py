"""An action's database cost does not grow with the sockets watching its table (docs/decisions-tables.md
"Sockets"): the move and every socket's frame for the new version, counted as one serve process spends them
(tests/tables/fanout_count.py)."""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Seat
from tests.hintplay import random_move

from .fanout_count import Sockets, play_deal_counted

pytestmark = pytest.mark.django_db

MAX_STATEMENTS = 12


def _four_people(users):
    table = services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=4))
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


@pytest.mark.parametrize("seed", [3, 4])
def test_a_move_leaves_its_versions_load_behind_and_it_builds_what_a_fresh_read_builds(
    users, seed, django_capture_on_commit_callbacks
):
    """The acting process derives the new version's load from the previous one (projection.remember_move)
    instead of reading the table again, move after move: every recipient's frame from it equals the frame from a
    fresh read."""
    from games.reads import projection

    table, seated = _four_people(users)
    rng, remembered = random.Random(seed), 0
    for _move in range(30):
        before = projection.table_at(table.pk)  # this process has the version before the move, as a live one
        assert before is not None
        frame = projection.build_frame(before, None, None)
        due = next((s for s in range(4) if projection.build_frame(before, s, None)["legal"]), None)
        if due is None or frame["table"]["round"]["status"] != "playing":
            break
        mine = projection.build_frame(before, due, None)
        move = random_move(mine["legal"], mine["hints"], rng, avoid=("thanks",))
        with django_capture_on_commit_callbacks(execute=True):
            answer = services.act(seated[due], table.pk, before.version, f"m{_move}", move)
        cached = projection.cached_table_at(table.pk, answer["version"])
        if cached is None:  # the move ended the deal: its load is read afresh
            continue
        remembered += 1
        projection.forget_loads()  # a fresh read, which takes nothing from an earlier load
        fresh, _version = projection._load(table.pk)
        projection._loads.put((table.pk, cached.version), cached)  # the next move derives from this one
        assert fresh is not None and fresh.version == cached.version == answer["version"]
        for seat in (None, 0, 1, 2, 3):
            for since in (None, answer["version"] - 1, answer["version"] - projection.RECENT_EVENTS):
                assert projection.build_frame(cached, seat, since) == projection.build_frame(
                    fresh, seat, since
                )
    assert remembered >= 20
