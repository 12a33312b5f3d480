"""Leaving a table (docs/decisions-social.md "Leave and log off"): a bot stands in until the deal's settlement unit
ends, the deal is settled as usual, then the seat is freed and the match waits for a person to take it."""

from __future__ import annotations

import pytest

from games import services
from games.errors import ServiceError
from games.models import Event, Match, Round, Seat, Table
from games.services.sweeper import sweep_once

from .driving import finish_deal

pytestmark = pytest.mark.django_db


def _playing(table: Table) -> Round | None:
    return Round.objects.filter(table=table, status=Round.Status.PLAYING).first()


def _two_people(users, **kwargs):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2, **kwargs)
    )
    services.join(users["bob"], table.pk)
    table.refresh_from_db()
    return table


def test_a_bot_stands_in_until_the_deal_ends_then_the_seat_is_freed(users, fast_bots):
    table = _two_people(users)
    first = _playing(table)
    services.leave(users["bob"], table.pk)
    seat = Seat.objects.get(table=table, number=1)
    assert seat.is_bot and seat.free_after_unit and seat.user != users["bob"]
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING

    done = finish_deal(table.pk)
    assert done.pk == first.pk and done.status == Round.Status.DONE and done.result is not None
    assert done.players == [
        users["alice"].pk,
        users["bob"].pk,
        None,
        None,
    ]  # bob's deal, though a bot ended it
    seat.refresh_from_db()
    assert seat.user is None and not seat.is_bot and seat.for_human and not seat.free_after_unit
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.next_deal_at is None
    assert Event.objects.filter(table=table, kind="seat_freed", seat=1).count() == 1

    sweep_once()  # nothing is dealt while the seat waits for a person
    assert services.start_next_round(table.pk) is False
    assert Round.objects.filter(table=table).count() == 1

    assert services.join(users["carol"], table.pk) == 1  # the match goes on with its next deal
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    second = _playing(table)
    assert second is not None and second.number == 2 and second.match_id == first.match_id
    assert second.players[:2] == [users["alice"].pk, users["carol"].pk]
    assert Match.objects.filter(table=table).count() == 1
    assert list(
        Event.objects.filter(table=table, version__gt=done.events.last().version).values_list(
            "kind", flat=True
        )
    )[-3:] == ["join", "resume", "deal"]


def test_the_person_who_left_may_take_the_freed_seat_again(users, fast_bots):
    table = _two_people(users)
    services.leave(users["bob"], table.pk)
    with pytest.raises(ServiceError) as refused:
        services.join(users["bob"], table.pk)  # the bot plays this deal out
    assert refused.value.code == "not_open"
    finish_deal(table.pk)
    assert services.join(users["bob"], table.pk) == 1


def test_leaving_between_deals_frees_the_seat_at_once(users, fast_bots):
    table = _two_people(users)
    finish_deal(table.pk)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.next_deal_at is not None
    services.leave(users["bob"], table.pk)
    table.refresh_from_db()
    assert Seat.objects.get(table=table, number=1).user is None
    assert table.status == Table.Status.OPEN and table.next_deal_at is None
    sweep_once()
    assert Round.objects.filter(table=table).count() == 1


def test_when_the_last_person_leaves_the_bots_play_the_deal_out_and_the_table_closes(users, fast_bots):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=1)
    )
    rnd = _playing(table)
    services.leave(users["alice"], table.pk)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING  # not aborted: nobody escapes a deal by leaving
    for _ in range(200):
        sweep_once()
        rnd.refresh_from_db()
        if rnd.status != Round.Status.PLAYING:
            break
    assert rnd.status == Round.Status.DONE and rnd.result is not None
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert Seat.objects.get(table=table, number=0).user is None
    assert Round.objects.filter(table=table).count() == 1


def test_leaving_a_table_that_waits_for_players_frees_the_seat_and_closes_when_nobody_is_left(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=3))
    services.join(users["bob"], table.pk)
    services.leave(users["bob"], table.pk)
    assert Seat.objects.get(table=table, number=1).user is None
    services.leave(users["alice"], table.pk)
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED
    with pytest.raises(ServiceError) as refused:
        services.leave(users["alice"], table.pk)
    assert refused.value.code == "not_seated"


def test_at_a_jass_stakes_table_the_bot_stands_in_until_the_match_ends(users, fast_bots):
    from ledger import services as ledger

    for name in ("alice", "bob"):
        ledger.wallet_for(users[name])  # the starting grant
    table = services.create_table(
        users["alice"],
        services.TableTerms("jass-differenzler", {}, human_seats=2, stake=1, bot_level="beginner"),
    )
    services.join(users["bob"], table.pk)
    table.refresh_from_db()
    services.leave(users["bob"], table.pk)
    finish_deal(table.pk)
    table.refresh_from_db()
    seat = Seat.objects.get(table=table, number=1)
    assert seat.is_bot and seat.free_after_unit  # the stake is booked per match: the bot plays the match out
    assert table.status == Table.Status.PLAYING
    for _ in range(20):
        sweep_once()  # deals the next round
        if _playing(table) is None:
            break
        finish_deal(table.pk)
        table.refresh_from_db()
        if table.status != Table.Status.PLAYING:
            break
    assert Match.objects.get(table=table).over
    seat.refresh_from_db()
    assert seat.user is None and not seat.free_after_unit


def test_the_frame_says_what_a_stakes_deal_reserves_from_each_seat(users):
    """What the Leave dialog names (static/js/table/leave.js): the running unit's reservation per seat, in minor
    units, equal to what the ledger holds back from the wallet; none at a free table."""
    from games.reads.projection import table_frame
    from ledger import services as ledger

    table = _two_people(users, stake=10)
    before = ledger.wallet_for(users["carol"]).balance  # carol never sat: the starting balance
    reserved = table_frame(table.pk, 0)["table"]["round"]["reserved"]
    assert reserved == before - ledger.wallet_for(users["alice"]).balance > 0
    free = _two_people(users)
    assert table_frame(free.pk, 0)["table"]["round"]["reserved"] is None
