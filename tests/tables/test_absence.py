"""A person who is gone (docs/decisions-tables.md "Absence"): once all of a seated person's sockets have been closed
for longer than the absence time, a bot of the table's level plays their seat at bot speed and every frame says so,
until their next socket gives the seat back; a restart of the server makes nobody absent; at a stakes table the
seat is freed when the running unit ends; a table with no connected person for KIBITZ_ABANDONED_MINUTES closes
and leaves the lobby, its unfinished unit released."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings as django_settings
from django.utils import timezone

from games import services, tasks
from games.engines.core import get_game
from games.lobby_boxes import lobby_boxes
from games.models import Event, Round, Seat, SweeperBeat, Table
from games.reads.projection import table_frame
from games.realtime import sockets
from games.services import abandoned, absence, downtime
from games.services.sweeper import sweep_once
from ledger import services as ledger
from ledger.models import SettlementUnit, UnitStatus

from .driving import finish_deal
from .sockets import open_socket, receive_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    """The service's clock (django.utils.timezone.now), moved on by hand: `clock.move(seconds)`."""

    class Clock:
        def __init__(self) -> None:
            self.now = timezone.now()

        def move(self, seconds: float) -> None:
            self.now += timedelta(seconds=seconds)

    moved = Clock()
    monkeypatch.setattr(timezone, "now", lambda: moved.now)
    return moved


@pytest.fixture
def absence_5s(fast_bots):
    fast_bots.KIBITZ_ABSENCE_SECONDS = (
        5  # shorter than the turn time (30 s), so a timeout never gets in the way
    )
    fast_bots.KIBITZ_ABANDONED_MINUTES = 10
    return fast_bots


def _alone(users, **kwargs) -> Table:
    """alice at seat 0, bots at seats 1-3 of the tests' game; the first deal is on."""
    return services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=1, **kwargs)
    )


def _round(table: Table) -> Round | None:
    return Round.objects.filter(table=table, status=Round.Status.PLAYING).first()


def _to_act(table: Table) -> set[int]:
    rnd = _round(table)
    assert rnd is not None
    game = get_game(table.game)
    return game.to_act(game.from_json(rnd.snapshot))


def _bots_until_seat_0_acts(table: Table) -> None:
    """Let the bots move until it is seat 0's turn."""
    for step in range(20):
        if 0 in _to_act(table):
            return
        assert services.bot_move(table.pk, random.Random(step))
    raise AssertionError("seat 0 never came to act")


def _version(table: Table) -> int:
    return Table.objects.get(pk=table.pk).version


def _seat0(table: Table) -> Seat:
    return Seat.objects.select_related("user").get(table=table, number=0)


def _seat_frame(table: Table, seat: int | None = None) -> dict:
    frame = table_frame(table.pk, seat)
    assert frame is not None
    return frame["table"]["seats"][0]


def _gone(table: Table, user) -> None:
    """The person's last socket closed now (what the table socket's close path calls)."""
    absence.note_gone(table.pk, user.pk, 0)


def test_a_turn_waits_out_the_absence_time_then_a_bot_plays_at_bot_speed(users, absence_5s, clock):
    table = _alone(users)
    _bots_until_seat_0_acts(table)
    _gone(table, users["alice"])
    assert _seat0(table).away_since == clock.now
    version = _version(table)

    clock.move(4)  # within the absence time: nothing changes, alice's turn waits
    assert sweep_once() == 0
    assert _version(table) == version and _seat0(table).user == users["alice"]

    clock.move(2)  # past it: a bot of the table's level takes the seat, then moves at once
    assert sweep_once() >= 1
    seat = _seat0(table)
    assert seat.is_bot and seat.bot_level == table.bot_level
    assert seat.bot_reason == "absent" and seat.replaced == users["alice"] and not seat.free_after_unit
    assert Event.objects.filter(table=table, kind="away", seat=0).count() == 1
    sweep_once()
    played = Event.objects.filter(table=table, seat=0, version__gt=version, kind__in=("act", "timeout"))
    assert [e.kind for e in played][:1] == ["act"]  # the bot's move, long before alice's turn time ran out
    assert _seat_frame(table)["bot_reason"] == "absent"  # every frame says so: spectators' and the others'
    assert _seat_frame(table, 1)["replaced"] == users["alice"].display_name

    for _ in range(40):  # the deal goes on at bot speed, with nobody waiting for a turn time
        if _round(table) is None or _round(table).number > 1:
            break
        sweep_once()
    assert Round.objects.get(table=table, number=1).status == Round.Status.DONE
    assert not Event.objects.filter(table=table, kind="timeout").exists()
    assert _seat0(table).bot_reason == "absent"  # at a free table the bot plays on until alice comes back
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


def test_coming_back_gives_the_seat_back_and_the_bot_stops(users, absence_5s, clock):
    table = _alone(users)
    _gone(table, users["alice"])
    clock.move(6)
    sweep_once()
    assert _seat0(table).is_bot
    assert absence.come_back(table.pk, users["alice"])
    seat = _seat0(table)
    assert seat.user == users["alice"] and not seat.is_bot and seat.bot_reason == "" and seat.replaced is None
    assert seat.away_since is None
    assert Event.objects.filter(table=table, kind="back", seat=0).count() == 1
    assert _seat_frame(table, 0)["bot_reason"] is None

    _bots_until_seat_0_acts(table)  # alice's next turn is hers: no bot moves for her
    version = _version(table)
    assert sweep_once() == 0 and _version(table) == version
    assert not absence.come_back(table.pk, users["alice"])  # a second socket changes nothing


def test_a_socket_that_opened_meanwhile_stops_the_clock(users, absence_5s, clock):
    table = _alone(users)
    _gone(table, users["alice"])
    assert sockets.register(table.pk, users["alice"].pk, "a-channel")
    try:
        clock.move(6)
        sweep_once()
        seat = _seat0(table)
        assert not seat.is_bot and seat.away_since is None
    finally:
        sockets.unregister(table.pk, users["alice"].pk, "a-channel")


def test_the_default_absence_time_is_the_tables_turn_time(users, fast_bots, clock):
    assert fast_bots.KIBITZ_ABSENCE_SECONDS is None
    table = _alone(users, turn_seconds=20)
    _gone(table, users["alice"])
    clock.move(19)
    sweep_once()
    assert not _seat0(table).is_bot
    clock.move(2)
    sweep_once()
    assert _seat0(table).bot_reason == "absent"


def test_a_person_away_may_still_leave_or_log_off(users, absence_5s, clock):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2)
    )
    services.join(users["bob"], table.pk)
    _gone(table, users["alice"])
    clock.move(6)
    sweep_once()
    assert _seat0(table).bot_reason == "absent"
    assert services.leave_every_table(users["alice"]) == [table.pk]  # log-off from the lobby
    seat = _seat0(table)
    assert seat.bot_reason == "left" and seat.free_after_unit and seat.replaced == users["alice"]
    assert not absence.come_back(table.pk, users["alice"])  # she left: her next socket watches


def _a_pass() -> int:
    """One sweeper pass as sweep_forever makes it (the beat, then the sweep), a beat apart from the last."""
    downtime._last_write[0] = 0.0
    downtime.note_pass()
    return sweep_once()


def test_an_outage_makes_nobody_absent(users, absence_5s, clock):
    table = _alone(users)
    _a_pass()  # the server runs and beats
    _gone(table, users["alice"])  # ... alice's socket closes as the server goes down
    clock.move(60)  # down for a minute, far longer than the absence time
    _a_pass()  # the first pass after the restart: her clock starts again now
    assert not _seat0(table).is_bot and _seat0(table).away_since == clock.now
    clock.move(4)
    _a_pass()
    assert not _seat0(table).is_bot
    clock.move(2)  # gone for the absence time after the restart: now she is absent
    _a_pass()
    assert _seat0(table).bot_reason == "absent"


def test_an_outage_only_pauses_the_clock_of_a_person_gone_long_before(users, absence_5s, clock):
    """A fresh tester's lobby filled with long-abandoned tables after a restart: the restart made their hosts
    present again. Only a clock that started as the server went down starts again; an older one pauses."""
    waiting = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2)
    )
    _a_pass()
    _gone(waiting, users["alice"])  # alice closed her page and went away, the table waiting for players
    gone_at = clock.now
    clock.move(600)
    SweeperBeat.objects.update(beat_at=clock.now)  # the server ran and beat all along
    _a_pass()
    clock.move(60)  # the server is down for a minute
    _a_pass()
    assert _seat0(waiting).away_since == gone_at + timedelta(seconds=60)  # still ten minutes away


def test_a_servers_start_restarts_the_clocks(users, absence_5s, clock, monkeypatch):
    table = _alone(users)
    _a_pass()
    _gone(table, users["alice"])
    clock.move(3)
    SweeperBeat.objects.update(beat_at=clock.now)  # no gap in the beat (a quick restart) ...
    monkeypatch.setattr(downtime, "_started", [False])  # ... but this sweeper process starts now
    _a_pass()
    clock.move(3)  # 6 s after the socket closed, 3 s after the start
    _a_pass()
    assert not _seat0(table).is_bot
    clock.move(3)
    _a_pass()
    assert _seat0(table).bot_reason == "absent"


def test_at_a_stakes_table_the_absent_seat_is_freed_when_the_unit_ends(users, absence_5s, clock):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2, stake=10)
    )
    services.join(users["bob"], table.pk)
    first = _round(table)
    _gone(table, users["alice"])
    clock.move(6)
    sweep_once()
    seat = _seat0(table)
    assert seat.bot_reason == "absent" and seat.free_after_unit
    before = ledger.wallet_for(users["alice"]).balance

    done = finish_deal(table.pk)  # the bot plays alice's deal out: settled as usual, alice pays or is paid
    assert done.pk == first.pk and done.players[0] == users["alice"].pk
    unit = SettlementUnit.objects.get(unit_id=f"round:{first.pk}")
    assert unit.status == UnitStatus.SETTLED
    assert ledger.wallet_for(users["alice"]).balance != before or done.settlement == []
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    seat = _seat0(table)
    assert seat.user is None and not seat.is_bot and seat.for_human and seat.away_since is None
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN  # bob waits for a person to take the seat
    assert not absence.come_back(table.pk, users["alice"])  # alice was stood up: she may "Play" again


def test_at_a_stakes_table_between_deals_the_absent_seat_is_freed_at_once(users, absence_5s, clock):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2, stake=10)
    )
    services.join(users["bob"], table.pk)
    absence_5s.KIBITZ_NEXT_DEAL_SECONDS = 3600
    finish_deal(table.pk)
    _gone(table, users["alice"])
    clock.move(6)
    sweep_once()
    assert _seat0(table).user is None
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    assert list(Event.objects.filter(table=table).values_list("kind", flat=True))[-2:] == [
        "away",
        "seat_freed",
    ]


def _listed(table: Table, viewer) -> bool:
    return any(box["id"] == table.pk for box in lobby_boxes(viewer))


def test_an_abandoned_table_stops_dealing_and_leaves_the_lobby(users, absence_5s, clock):
    table = _alone(users)
    rnd = _round(table)
    _gone(table, users["alice"])
    clock.move(6)
    sweep_once()  # a bot plays for alice: the table leaves the lobby of others ...
    assert not _listed(table, users["bob"])
    assert (
        _listed(table, users["alice"]) and lobby_boxes(users["alice"])[0]["seated"]
    )  # ... her box leads back
    clock.move(9 * 60)
    assert abandoned.clean_up() == []  # not yet ten minutes without a connected person
    clock.move(60)
    assert abandoned.clean_up() == [table.pk]
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED and table.next_deal_at is None
    assert Event.objects.filter(table=table, kind="closed").last().data == {"reason": "abandoned"}
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ABORTED and rnd.deadline is None and rnd.bot_due_at is None
    assert not _listed(table, users["bob"]) and not _listed(table, users["alice"])
    version = _version(table)
    clock.move(3600)
    sweep_once()  # no bot, no timeout, no next deal
    assert _version(table) == version and Round.objects.filter(table=table).count() == 1
    assert not absence.come_back(table.pk, users["alice"])


def test_an_abandoned_stakes_table_releases_its_unfinished_deal(users, absence_5s, clock):
    balance = ledger.wallet_for(users["alice"]).balance
    table = _alone(users, stake=10)
    rnd = _round(table)
    assert ledger.wallet_for(users["alice"]).balance < balance  # the deal's worst case is reserved
    _gone(table, users["alice"])
    clock.move(11 * 60)
    assert tasks.tables_cleanup() == 1  # the beat job
    assert SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}").status == UnitStatus.RELEASED
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert ledger.wallet_for(users["alice"]).balance == balance  # the reservation came back whole
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED


def test_one_connected_person_keeps_a_table(users, absence_5s, clock):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2)
    )
    services.join(users["bob"], table.pk)
    _gone(table, users["alice"])
    assert sockets.register(table.pk, users["bob"].pk, "bobs-channel")
    try:
        clock.move(11 * 60)
        assert abandoned.clean_up() == []
        assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
    finally:
        sockets.unregister(table.pk, users["bob"].pk, "bobs-channel")


def test_a_seated_person_whose_sockets_vanished_is_found_by_the_clean_up(users, absence_5s, clock):
    """No socket ever closed (a web process died, its registry entries lapsed): the clean-up starts the clock."""
    table = _alone(users)
    assert _seat0(table).away_since is None
    assert abandoned.clean_up() == []
    assert _seat0(table).away_since == clock.now
    clock.move(6)
    sweep_once()
    assert _seat0(table).bot_reason == "absent"
    clock.move(10 * 60)
    assert abandoned.clean_up() == [table.pk]


def test_the_clean_up_job_is_on_the_beat_schedule(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["tables-cleanup"]
    assert entry == {"task": tasks.CLEANUP_TASK, "schedule": settings.KIBITZ_TABLES_CLEANUP_SECONDS}
    assert settings.KIBITZ_ABANDONED_MINUTES == 10


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_closing_every_socket_mid_deal_then_reconnecting(users, absence_5s, redis_layer, clock):
    """Through the real table socket and the Redis channel layer: alice closes her socket mid-deal, a spectator
    sees the bot take her seat after the absence time, and her next socket has the seat back."""
    table = await sync_to_async(_alone)(users)
    path = f"/ws/tables/{table.pk}/"
    alice, ok = await open_socket(path, users["alice"])
    assert ok
    first = await receive_until(alice, lambda f: f.get("type") == "state")
    assert first["table"]["you"] == 0
    watcher, ok = await open_socket(path, users["bob"])
    assert ok
    await receive_until(watcher, lambda f: f.get("type") == "state")

    await alice.disconnect()  # her only socket: the clock starts
    assert (await sync_to_async(_seat0)(table)).away_since is not None
    clock.move(6)
    await sync_to_async(sweep_once)()
    frame = await receive_until(
        watcher, lambda f: f.get("type") == "state" and f["table"]["seats"][0]["bot_reason"] == "absent"
    )
    assert frame["table"]["seats"][0]["replaced"] == users["alice"].display_name

    again, ok = await open_socket(path, users["alice"])
    assert ok
    back = await receive_until(again, lambda f: f.get("type") == "state")
    assert back["table"]["you"] == 0 and back["view"] is not None
    assert back["table"]["seats"][0]["bot_reason"] is None and not back["table"]["seats"][0]["bot"]
    seen = await receive_until(
        watcher, lambda f: f.get("type") == "state" and f["table"]["seats"][0]["bot_reason"] is None
    )
    assert seen["table"]["seats"][0]["name"] == users["alice"].display_name
    await again.disconnect()
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_a_live_socket_whose_entry_lapsed_takes_its_seat_back_with_its_next_frame(
    users, absence_5s, redis_layer, clock
):
    """The web process holding the socket froze past its heartbeat (games.realtime.sockets): its registry entries
    lapse, the clean-up starts the clock and a bot takes the seat; the socket's next frame (its ping) proves the
    person is here, and the seat is theirs again."""
    table = await sync_to_async(_alone)(users)
    alice, ok = await open_socket(f"/ws/tables/{table.pk}/", users["alice"])
    assert ok
    await receive_until(alice, lambda f: f.get("type") == "state")
    heartbeat = f"kibitz:process:{sockets.PROCESS_ID}"  # lapses PROCESS_TTL_SECONDS after the last beat
    redis.Redis.from_url(django_settings.REDIS_URL).delete(heartbeat)
    assert not await sync_to_async(sockets.has_socket)(table.pk, users["alice"].pk)
    await sync_to_async(abandoned.clean_up)()
    clock.move(6)
    await sync_to_async(sweep_once)()
    dropped = await receive_until(alice, lambda f: f.get("type") == "state" and f["table"]["you"] is None)
    assert dropped["table"]["seats"][0]["bot_reason"] == "absent"

    await alice.send_json_to({"type": "ping"})
    back = await receive_until(alice, lambda f: f.get("type") == "state" and f["table"]["you"] == 0)
    assert back["table"]["seats"][0]["bot_reason"] is None and back["view"] is not None
    await alice.disconnect()


def test_a_table_whose_people_are_all_away_leaves_the_lobby_of_others_until_one_comes_back(
    users, absence_5s, clock
):
    """The lobby (docs/decisions-tables.md "Lobby"): the box of a table whose people have all had no socket for
    longer than the absence time is shown to its people, its invitees and their friends only, with the away person
    marked; it returns to everyone's lobby when one of them comes back."""
    from social.models import Friendship

    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 3}, human_seats=2)
    )
    services.invite(users["alice"], table.pk, users["carol"])
    Friendship.objects.create(requester=users["dave"], addressee=users["alice"], accepted_at=timezone.now())
    _gone(table, users["alice"])
    clock.move(4)
    assert _listed(table, users["bob"])  # within the absence time
    clock.move(2)
    assert not _listed(table, users["bob"])
    assert _listed(table, users["carol"]) and _listed(table, users["dave"])  # invited; a friend
    (box,) = [b for b in lobby_boxes(users["carol"]) if b["id"] == table.pk]
    assert box["seats"][0]["away"] and box["seats"][0]["name"] == users["alice"].display_name
    absence.come_back(table.pk, users["alice"])  # a socket of hers opens: her clock stops
    assert _listed(table, users["bob"])
    (box,) = [b for b in lobby_boxes(users["bob"]) if b["id"] == table.pk]
    assert not box["seats"][0]["away"] and box["seats"][1]["open"] and box["seats"][1]["for_human"]
