"""Read models write nothing (docs/design.md "The tree as built"; docs/style.md example 20).

Every frame kind a table or lobby socket sends, and the read models behind the pages, is built here through
games.reads (and games.lobby_boxes, games.history, games.records) inside Django's CaptureQueriesContext, and no
captured statement writes or locks: no INSERT, UPDATE, DELETE, MERGE, CREATE, DROP, ALTER or TRUNCATE, no
`SELECT ... FOR UPDATE` or `FOR SHARE`, no sequence or advisory-lock call. Covered: the state frame of every seat
and of a spectator (projection.table_frame, fanout.deliver and deliver_cached) without events, with the events a
recipient missed (kept with the version's load, or read from the event log) and across a gap that sends a
snapshot, at a table mid-deal and after a finished stakes deal whose booked money the frame reads; the side panel
with a watcher, a pending seat request and a kick vote; the table chat's history and rooms; the player card; the
watchers; the access refusals; the money terms; the lobby's boxes, social frame and chat; a hand history and a
player's record; and the frames of a table of every registered game, mid-deal and after its first deal.

The check can fail: a self-check runs a real UPDATE, INSERT, DELETE and row lock through the same capture and
finds each, and every build that must read the database is asserted to have issued a statement (a capture that
saw nothing would prove nothing).
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services
from games.consumers.lobby import _social_frame
from games.engines.core import all_games, get_game
from games.errors import ServiceError
from games.history import hand_history
from games.lobby_boxes import lobby_boxes, lobby_boxes_in_language
from games.models import Round, Seat, Table, Watcher
from games.reads import access, kicks, panel, player_card, projection, table_chat, table_terms, watchers
from games.reads.fanout import deliver, deliver_cached, forget_frames
from games.records import match_record
from games.services import watchers as watching
from games.services.shuffling import fix_next_deal
from social import services as social
from social.services import chat as lobby_chat
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db

T = TypeVar("T")

# A statement writes, or locks rows for a write, when outside its string literals and quoted identifiers it holds:
# a row lock (`FOR UPDATE`, `FOR NO KEY UPDATE`, `FOR SHARE`, `FOR KEY SHARE`), a write or schema verb anywhere
# (also a CTE's DELETE or an upsert's DO UPDATE), a sequence or advisory-lock call, or as its first word another
# statement that changes the database.
_QUOTED = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|`[^`]*`")
_WRITING = re.compile(
    r"\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bFOR\s+(?:KEY\s+)?SHARE\b"
    r"|\b(?:INSERT|UPDATE|DELETE|MERGE|UPSERT|CREATE|DROP|ALTER|TRUNCATE)\b"
    r"|\b(?:NEXTVAL|SETVAL|PG_ADVISORY\w*|PG_TRY_ADVISORY\w*)\s*\("
    r"|^\s*(?:REPLACE|GRANT|REVOKE|COPY|LOCK|VACUUM|REINDEX|CLUSTER|COMMENT|REFRESH|ATTACH|DETACH)\b",
    re.IGNORECASE,
)


def writing(sql: str) -> str | None:
    """The words that make `sql` a writing or locking statement (upper case, e.g. "UPDATE", "FOR UPDATE",
    "NEXTVAL"), or None for a read."""
    found = _WRITING.search(_QUOTED.sub("''", sql))
    return None if found is None else " ".join(found.group(0).rstrip("(").upper().split())


Expect = Literal["reads", "no_query", "any"]


@dataclass
class ReadLog:
    """Runs read-model calls, each inside its own CaptureQueriesContext, and keeps every statement by call name."""

    statements: dict[str, list[str]] = field(default_factory=dict)

    def __call__(
        self, what: str, build: Callable[..., T], *args: Any, expect: Expect = "reads", **kwargs: Any
    ) -> T:
        """`build(*args, **kwargs)` captured as `what`. `expect`: "reads" (it must query: a capture that saw
        nothing proves nothing), "no_query" (documented to answer without the database, as on a socket's event
        loop) or "any"."""
        assert what not in self.statements, f"two reads named {what!r}"
        with CaptureQueriesContext(connection) as captured:
            result = build(*args, **kwargs)
        sql = [q["sql"] for q in captured.captured_queries]
        self.statements[what] = sql
        if expect == "reads":
            assert sql, f"{what}: captured no statement, but it must read the database"
        elif expect == "no_query":
            assert not sql, f"{what}: expected no query, ran {sql}"
        return result

    def writes(self) -> dict[str, list[tuple[str, str]]]:
        """`{call name: [(words, statement)]}` of every writing or locking statement captured."""
        found = {
            what: [(word, sql) for sql in sqls if (word := writing(sql)) is not None]
            for what, sqls in self.statements.items()
        }
        return {what: rows for what, rows in found.items() if rows}

    def assert_wrote_nothing(self) -> None:
        """Fail naming every call that wrote or locked, with its statement; also when nothing was captured."""
        writes = self.writes()
        assert not writes, "read models wrote or locked:\n" + "\n".join(
            f"  {what}: {word}: {sql}" for what, rows in writes.items() for word, sql in rows
        )
        assert any(self.statements.values()), "no statement was captured at all"


# --- the tables ---------------------------------------------------------------------------------------------------


def _order(game_key: str, seed: int = 2) -> list[Any]:
    """A seeded deck order of the game (seed 2: a French Tarot deal that is bid and played, not passed out)."""
    game = get_game(game_key)
    return game.shuffle_deck(random.Random(seed), game.normalize_options({}))


def _play(table_id: int, steps: int) -> None:
    """Up to `steps` moves of the deal in progress: a person to act moves as a bot of the table's level would (a
    seeded choice, so a deal is played rather than passed out), else a due bot moves; stops when the deal ends."""
    for step in range(steps):
        rnd = Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING).first()
        if rnd is None:
            return
        table = Table.objects.get(pk=table_id)
        game = get_game(table.game)
        state = game.from_json(rnd.snapshot)
        people = {
            s.number: s.user for s in Seat.objects.filter(table=table, bot_level="") if s.user is not None
        }
        seat = next((s for s in sorted(game.to_act(state)) if s in people), None)
        if seat is None:
            assert services.bot_move(table_id, random.Random(step)), "no bot was due"
            continue
        legal = game.legal_actions(state, seat)
        chosen = game.bot(table.bot_level).choose(game.view(state, seat), seat, legal, random.Random(step))
        action = (chosen or legal[0]).to_wire()
        services.act(people[seat], table_id, table.version, f"r{step}-{table.version}", action)


@dataclass(frozen=True)
class Company:
    """A public stakes table of the test game after its first deal: alice (the host) in seat 0, bob and carol in 1
    and 2 (invited: the host approves seat requests), a bot in 3; alice voted to kick bob; dave asks for a seat and
    watches; bob ignores dave; a line in the players' room and one in the spectators'. `finished`: the first
    deal."""

    table: Table
    finished: Round
    users: dict[str, Any]


@pytest.fixture
def company(users, fast_bots, settings) -> Company:
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    alice, bob, carol, dave = (users[n] for n in ("alice", "bob", "carol", "dave"))
    table = services.open_table(
        alice,
        services.TableTerms("test-follow", {"rounds": 3}, human_seats=3, stake=10),
        invite_list_id=None,
        spectators="anyone",
        approval=True,
        fixed_deal={"order": _order("test-follow"), "dealer": 3},
    )
    for guest in (bob, carol):
        services.answer_invitation(guest, services.invite(alice, table.pk, guest).pk, True)
    finished = finish_deal(table.pk)
    assert services.vote_kick(alice, table.pk, 1) == {"votes": 1, "needed": 2, "kicked": False}
    assert services.request_seat(dave, table.pk) is None  # waits for the host
    watching.start_watching(dave.pk, table.pk)
    social.ignore(bob, dave)
    services.post_chat(alice, "well played", table.pk)
    services.post_chat(dave, "nice deal", table.pk)
    return Company(Table.objects.get(pk=table.pk), finished, users)


def _refusal(call: Callable[..., Any], *args: Any, **kwargs: Any) -> str | None:
    """The code of the ServiceError `call` raises, or None when it raises none."""
    try:
        call(*args, **kwargs)
    except ServiceError as error:
        return error.code
    return None


def _mid_deal(company: Company, moves: int = 6) -> Table:
    """The company's second deal (a fixed order), `moves` moves in."""
    fix_next_deal(Table.objects.get(pk=company.table.pk), _order("test-follow", 8), 0)
    assert services.start_next_round(company.table.pk)
    _play(company.table.pk, moves)
    table = Table.objects.get(pk=company.table.pk)
    assert Round.objects.filter(table=table, status=Round.Status.PLAYING).exists()
    return table


# --- state frames -------------------------------------------------------------------------------------------------


def _state_frames(
    reads: ReadLog, table: Table, users: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tag: str
) -> list[dict[str, Any]]:
    """Every state frame of `table`: table_frame for each seat and a spectator, and fanout.deliver for each
    person's seat and a spectator, with no events, with the missed events the version's load keeps, with older
    ones read from the event log and across a snapshot gap (MAX_CATCH_UP made small so a short deal reaches it);
    then deliver_cached of each, from the built text and built on the spot. Each build starts from empty caches,
    so it reads the rows. Also the socket's opening reads. Returns the table_frame frames."""
    version = table.version
    gap = projection.RECENT_EVENTS + 4
    monkeypatch.setattr(projection, "MAX_CATCH_UP", gap)
    assert version > gap, "the table has fewer versions than the snapshot gap"
    sinces = {
        "none": None,
        "kept": version - 2,  # within the load's recent events
        "logged": version - projection.RECENT_EVENTS - 2,  # older: read from the event log
        "gap": version - gap - 1,  # more than MAX_CATCH_UP behind: a snapshot
    }
    holders = {s.number: s.user for s in Seat.objects.filter(table=table, bot_level="", user__isnull=False)}
    seats = list(Seat.objects.filter(table=table).order_by("number").values_list("number", flat=True))
    spectator = users["dave"]
    frames = []
    for seat in [*seats, None]:
        for name, since in sinces.items():
            forget_frames()
            frame = reads(
                f"{tag} table_frame seat={seat} since={name}", projection.table_frame, table.pk, seat, since
            )
            assert frame is not None and frame["type"] == "state" and frame["version"] == version
            if name == "gap":
                assert frame.get("snapshot") is True and frame["events"] == []
            elif name != "none":
                assert frame["events"] and frame["events"][-1]["version"] == version
            frames.append(frame)
        if seat is not None and seat not in holders:
            continue  # a bot's seat has no socket
        user = holders[seat] if seat is not None else spectator
        for name, since in sinces.items():
            sent = -1 if since is None else since
            forget_frames()
            got = reads(
                f"{tag} deliver seat={seat} since={name}", deliver, table.pk, user, seat, since, sent, False
            )
            assert got is not None and got.text is not None and not got.lost_seat
            again = reads(
                f"{tag} deliver_cached seat={seat} since={name}",
                deliver_cached,
                *(table.pk, user, seat, since, sent, False, version),
                expect="no_query",
            )
            assert again is not None and again.text == got.text
        built = reads(  # a read-only socket's text, built on the event loop from the cached load
            f"{tag} deliver_cached read-only seat={seat}",
            deliver_cached,
            *(table.pk, user, seat, version - 1, version - 1, True, version),
            expect="no_query",
        )
        assert built is not None and built.text is not None and '"read_only":true' in built.text
    alice = holders[0]
    forget_frames()
    assert reads(f"{tag} table_frame up to date", projection.table_frame, table.pk, 0, None, version) is None
    current = reads(f"{tag} deliver up to date", deliver, table.pk, alice, 0, None, version, False)
    assert current is not None and current.text is None
    forget_frames()
    lost = reads(f"{tag} deliver lost seat", deliver, table.pk, spectator, 0, None, -1, False)
    assert lost is not None and lost.lost_seat and lost.stood_up is None and lost.text is not None
    forget_frames()
    assert reads(f"{tag} table_at", projection.table_at, table.pk) is not None
    cached = reads(f"{tag} cached_table_at", projection.cached_table_at, table.pk, version, expect="no_query")
    assert cached is not None and cached.version == version
    assert reads(f"{tag} holds_seat", projection.holds_seat, table.pk, alice, 0)
    reason = reads(f"{tag} stood_up_reason", projection.stood_up_reason, table.pk, alice, 0, expect="any")
    assert reason is None
    assert reads(f"{tag} seat_of", projection.seat_of, table, alice) == 0
    opening = reads(f"{tag} table_exists_with_seat", projection.table_exists_with_seat, table.pk, spectator)
    assert opening == (True, None)
    assert reads(f"{tag} socket_refusal", panel.socket_refusal, table.pk, spectator) is None
    return frames


def test_it_builds_every_state_frame_mid_deal_without_writing(company, monkeypatch):
    reads = ReadLog()
    table = _mid_deal(company)
    frames = _state_frames(reads, table, company.users, monkeypatch, "mid-deal")
    assert all(f["table"]["round"]["status"] == "playing" for f in frames)
    assert any(f["legal"] for f in frames)  # the seat to act got its actions
    assert all(f["table"]["round"]["money"] is None for f in frames)
    reads.assert_wrote_nothing()


def test_it_builds_every_state_frame_of_a_finished_stakes_deal_without_writing(company, monkeypatch):
    reads = ReadLog()
    frames = _state_frames(reads, company.table, company.users, monkeypatch, "finished")
    assert all(f["table"]["round"]["status"] == "done" for f in frames)
    # the ledger's booked unit, read into every frame
    assert all(f["table"]["round"]["money"] for f in frames)
    assert all(f["table"]["money_terms"]["stake"] == 10 for f in frames)
    reads.assert_wrote_nothing()


# --- the side panel, chat, player card, watchers ------------------------------------------------------------------


def test_it_builds_the_side_panel_chat_and_player_cards_without_writing(company):
    reads = ReadLog()
    table, users = company.table, company.users
    alice, bob, dave = users["alice"], users["bob"], users["dave"]
    # alice's other table: to invite to
    waiting = services.create_table(alice, services.TableTerms("test-follow", human_seats=2))

    shared = reads("table_panel", panel.table_panel, table.pk)
    assert shared is not None and shared.between_deals and shared.voters == 2
    assert [w["username"] for w in shared.watchers] == [r["username"] for r in shared.requests] == ["dave"]
    assert shared.kick_votes == {"1": 1}
    for name, user in users.items():
        frame = reads(f"panel_frame {name}", panel.panel_frame, table.pk, user)
        assert frame is not None and frame["type"] == "panel" and frame["kick_votes"] == {"1": 1}
        assert bool(frame["requests"]) == (name == "alice")  # the host's only
        assert [w["username"] for w in frame["watchers"]] == ([] if name == "bob" else ["dave"])
    change = uuid.uuid4().hex  # a change no other test read
    first = reads("recipient_panel, first socket", panel.recipient_panel, table.pk, alice, change)
    second = reads("recipient_panel, shared", panel.recipient_panel, table.pk, bob, change, expect="any")
    assert first is not None and first["requests"] and second is not None and second["watchers"] == []
    assert reads("recipient_panel, alone", panel.recipient_panel, table.pk, dave, None) is not None
    assert reads("panel_frame, gone", panel.panel_frame, 10**9, alice) is None

    assert reads("kicks.between_deals", kicks.between_deals, table)
    assert reads("kicks.kick_votes", kicks.kick_votes, table) == {1: 1}
    assert [w["username"] for w in reads("watchers_of", watchers.watchers_of, table.pk, alice)] == ["dave"]
    assert reads("watchers_of, ignoring", watchers.watchers_of, table.pk, bob) == []
    assert len(reads("table_watchers", watchers.table_watchers, table.pk)) == 1

    for name, seated in (("alice", True), ("bob", True), ("dave", False)):
        lines = reads(f"chat_history {name}", panel.chat_history, table.pk, users[name], seated)
        assert [line["text"] for line in lines if line["author"]] == (
            ["well played"] if seated else ["nice deal"]
        )
        assert any(line["system"] == "joined" for line in lines)
        rooms = reads(f"chat_rooms {name}", panel.chat_rooms, table.pk, seated)
        assert rooms == table_chat.visible_rooms(table, seated) and len(rooms) == 2
        assert reads(f"table_chat.history {name}", table_chat.history, users[name], table, seated) == lines
    said = next(line for line in lines if line["text"] == "nice deal")
    assert reads("may_read", table_chat.may_read, alice.pk, {said["room"]}, said)
    assert not reads("may_read, ignored author", table_chat.may_read, bob.pk, {said["room"]}, said)
    assert reads("chat_history, gone", panel.chat_history, 10**9, alice, True) == []
    assert reads("chat_rooms, gone", panel.chat_rooms, 10**9, True) == set()

    card = reads("player_card of a seat", player_card.player_card, alice, table.pk, seat=1)
    assert card["where"] == "seated" and card["kick"]["kind"] == "vote" and card["kick"]["votes"] == 1
    assert [t["id"] for t in card["invite_tables"]] == [waiting.pk]
    asking = reads("player_card by name", player_card.player_card, alice, table.pk, username="dave")
    assert asking["where"] == "asking"
    assert reads("player_card of a bot", player_card.player_card, dave, table.pk, seat=3)["bot"]
    assert reads("player_card of oneself", player_card.player_card, bob, table.pk, seat=1)["is_self"]
    assert reads("player_card, ignored", player_card.player_card, bob, table.pk, username="dave")["ignored"]

    card_of = player_card.player_card
    assert reads("player_card, empty seat", _refusal, card_of, alice, table.pk, seat=9) == "no_player"
    assert reads("player_card, no table", _refusal, card_of, alice, 10**9, seat=0) == "no_table"
    assert reads("visible_table", player_card.visible_table, dave, table.pk).pk == table.pk
    invitable = reads("invite_tables", player_card.invite_tables, alice, dave, table.pk)
    assert [t["id"] for t in invitable] == [waiting.pk]
    reads.assert_wrote_nothing()


# --- access, money terms, lobby, pages ----------------------------------------------------------------------------


def test_it_answers_access_refusals_and_money_terms_without_writing(users):
    reads = ReadLog()
    alice, bob, carol, dave = (users[n] for n in ("alice", "bob", "carol", "dave"))
    public = services.create_table(alice, services.TableTerms("test-follow", human_seats=2, stake=10))
    services.configure_table(alice, public.pk, invite_list_id=None, spectators="none", approval=False)
    thursday = social.create_list(carol, "Thursday")
    social.add_member(carol, thursday.pk, dave)
    private = services.create_table(
        carol, services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    services.configure_table(
        carol, private.pk, invite_list_id=thursday.pk, spectators="friends", approval=True
    )
    friends = services.create_table(
        bob, services.TableTerms("test-follow", human_seats=2, access=Table.Access.FRIENDS)
    )
    tables = [public, private, friends]

    assert reads("watch_refusal, no spectators", access.watch_refusal, public, dave) == "no_spectators"
    assert reads("watch_refusal, seated", access.watch_refusal, public, alice) is None
    assert reads("watch_refusal, not listed", access.watch_refusal, private, bob) == "not_allowed"
    assert reads("watch_refusal, listed", access.watch_refusal, private, dave) == "friends_watch"
    assert reads("watch_refusal, not a friend", access.watch_refusal, friends, dave) == "not_friends"
    assert reads("refusal, listed", access.refusal, private, dave) is None
    assert reads("refusal, not listed", access.refusal, private, alice) == "not_allowed"
    assert reads("refusal, public", access.refusal, public, carol) is None
    admitted = reads("tables_admitting", access.tables_admitting, dave, tables)
    assert [t.pk for t in admitted] == [public.pk, private.pk]
    anonymous = reads(
        "tables_admitting, anonymous", access.tables_admitting, AnonymousUser(), tables, expect="any"
    )
    assert [t.pk for t in anonymous] == [public.pk]
    assert reads("table_settings", access.table_settings, private).invite_list_id == thursday.pk
    assert reads("is_invited", access.is_invited, private, dave) is False
    assert reads("check_watch", _refusal, access.check_watch, public, dave) == "no_spectators"
    assert reads("check_seat", _refusal, access.check_seat, public, carol) is None
    assert reads("check_seat, approval", _refusal, access.check_seat, private, dave) == "approval_needed"

    terms = reads("table_money_terms", table_terms.table_money_terms, public, expect="any")
    assert terms is not None and terms.stake == 10 and terms.worst_case > 0
    assert reads("table_money_terms, free", table_terms.table_money_terms, private, expect="any") is None
    assert reads("table_limit", table_terms.table_limit, public, expect="any") == terms.limit
    for key in all_games():
        preview = reads(
            f"worst_case_terms {key}", table_terms.worst_case_terms, key, {}, 25, None, expect="any"
        )
        assert preview is not None and preview.default and preview.worst_case > 0
    reads.assert_wrote_nothing()


def test_it_builds_the_lobby_frames_and_the_pages_read_models_without_writing(company):
    reads = ReadLog()
    users, table = company.users, company.table
    alice, bob, carol, dave = (users[n] for n in ("alice", "bob", "carol", "dave"))
    waiting = services.create_table(alice, services.TableTerms("test-follow", human_seats=2))
    services.invite(alice, waiting.pk, dave)
    hidden = services.create_table(
        carol, services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    social.accept_friend(bob, social.request_friend(alice, bob).pk)
    social.heartbeat(bob.pk, table.pk)
    lobby_chat.post(alice, "who plays?")

    for name in ("alice", "dave"):
        boxes = reads(f"lobby_boxes {name}", lobby_boxes, users[name])
        ids = [b["id"] for b in boxes]
        assert table.pk in ids and waiting.pk in ids and hidden.pk not in ids
        assert next(b for b in boxes if b["id"] == table.pk)["money"]["stake"] == 10
        translated = reads(f"lobby_boxes_in_language {name}", lobby_boxes_in_language, users[name])
        assert [b["id"] for b in translated] == ids
    assert reads("lobby_boxes, anonymous", lobby_boxes, AnonymousUser())
    frame = reads("lobby social frame alice", _social_frame, alice)
    assert frame["friends"][0]["table"] == table.pk and frame["online"]["count"] >= 1
    assert reads("lobby social frame dave", _social_frame, dave)["invitations"][0]["table"] == waiting.pk
    assert [m["text"] for m in reads("lobby chat history", lobby_chat.history, dave)] == ["who plays?"]

    rnd = Round.objects.select_related("table").get(pk=company.finished.pk)
    assert reads("hand_history", hand_history, rnd)["names"][:3] == ["alice", "bob", "carol"]
    [record] = reads("match_record", match_record, alice)
    assert (record["game"], record["played"], record["deals"]) == ("test-follow", 0, 1)  # the match goes on
    reads.assert_wrote_nothing()


# --- every game ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(all_games()))
def test_it_builds_every_games_frames_without_writing(key, users, fast_bots, settings):
    reads = ReadLog()
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    alice, dave = users["alice"], users["dave"]
    table = services.create_table(
        alice,
        services.TableTerms(key, human_seats=1, stake=10),
        fixed_deal={"order": _order(key), "dealer": 3},
    )
    seats = range(get_game(key).seat_count(table.options))

    def frames(tag: str) -> list[dict[str, Any]]:
        version = Table.objects.get(pk=table.pk).version
        built = []
        for seat in [*seats, None]:
            forget_frames()
            frame = reads(f"{tag} table_frame seat={seat}", projection.table_frame, table.pk, seat, 0)
            assert frame is not None and frame["table"]["game"] == key and frame["table"]["you"] == seat
            assert frame["version"] == version and frame["events"]
            built.append(frame)
        for seat, user in ((0, alice), (None, dave)):
            forget_frames()
            got = reads(f"{tag} deliver seat={seat}", deliver, table.pk, user, seat, 0, 0, False, version)
            assert got is not None and got.text is not None and not got.lost_seat
        assert reads(f"{tag} panel_frame", panel.panel_frame, table.pk, dave) is not None
        return built

    _play(table.pk, 5)
    assert all(f["table"]["round"]["status"] == "playing" for f in frames("mid-deal"))
    _play(table.pk, 2000)
    rnd = Round.objects.select_related("table").get(table=table, number=1)
    assert rnd.status == Round.Status.DONE
    done = frames("after the deal")
    assert all(f["table"]["round"]["status"] == "done" for f in done)
    if not table_terms.settles_per_match(key):
        assert all(f["table"]["round"]["money"] for f in done)  # read from the ledger
    reads("hand_history", hand_history, rnd)
    reads.assert_wrote_nothing()


# --- the check can fail -------------------------------------------------------------------------------------------


def test_it_finds_an_update_insert_delete_and_row_lock_run_inside_the_capture(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=2))
    check = ReadLog()
    assert check("a read", Table.objects.filter(pk=table.pk).first) is not None
    check("an update", Table.objects.filter(pk=table.pk).update, turn_seconds=40)
    check("an insert", Watcher.objects.create, table=table, user=users["bob"], last_seen=timezone.now())
    check("a delete", Watcher.objects.filter(table=table).delete)

    def locked() -> None:
        with transaction.atomic():
            list(Table.objects.select_for_update().filter(pk=table.pk))

    check("a row lock", locked)
    found = {what: sorted({word for word, _sql in rows}) for what, rows in check.writes().items()}
    expected = {"an update": ["UPDATE"], "an insert": ["INSERT"], "a delete": ["DELETE"]}
    if connection.features.has_select_for_update:  # SQLite leaves FOR UPDATE out of the statement
        expected["a row lock"] = ["FOR UPDATE"]
    assert found == expected
    assert Table.objects.get(pk=table.pk).turn_seconds == 40  # the update did run
    with pytest.raises(AssertionError, match="read models wrote or locked"):
        check.assert_wrote_nothing()
    with pytest.raises(AssertionError, match="captured no statement"):
        check("a build that reads nothing", lambda: None)


@pytest.mark.parametrize(
    ("sql", "word"),
    [
        ('SELECT "games_table"."id" FROM "games_table" WHERE "games_table"."id" = 1', None),
        (
            "SELECT t.id FROM games_table t WHERE t.status = 'update me; DELETE FROM x; it''s FOR UPDATE'",
            None,
        ),
        ('SELECT "updated_at", "on_delete", "delete" FROM "x"', None),
        (
            'SELECT "games_table"."id" FROM "games_table" WHERE "games_table"."id" = 1 FOR UPDATE',
            "FOR UPDATE",
        ),
        ("SELECT id FROM games_table WHERE id = 1 FOR NO KEY UPDATE SKIP LOCKED", "FOR NO KEY UPDATE"),
        ("SELECT id FROM games_table FOR SHARE", "FOR SHARE"),
        ("SELECT id FROM games_table FOR KEY SHARE OF games_table", "FOR KEY SHARE"),
        ('UPDATE "games_table" SET "version" = 2', "UPDATE"),
        ("  insert into games_event (version) values (1)", "INSERT"),
        ("WITH gone AS (DELETE FROM x RETURNING id) SELECT * FROM gone", "DELETE"),
        ("INSERT INTO x VALUES (1) ON CONFLICT (id) DO UPDATE SET n = 2", "INSERT"),
        ("MERGE INTO x USING y ON x.id = y.id WHEN MATCHED THEN DELETE", "MERGE"),
        ("CREATE TEMPORARY TABLE t (id int)", "CREATE"),
        ("DROP TABLE t", "DROP"),
        ("ALTER TABLE t ADD COLUMN n int", "ALTER"),
        ("TRUNCATE games_event", "TRUNCATE"),
        ("SELECT nextval('games_table_id_seq')", "NEXTVAL"),
        ("SELECT pg_advisory_xact_lock(7)", "PG_ADVISORY_XACT_LOCK"),
        ("REPLACE INTO t VALUES (1)", "REPLACE"),
        ("LOCK TABLE games_table IN ROW EXCLUSIVE MODE", "LOCK"),
    ],
)
def test_it_classifies_writing_and_locking_sql(sql, word):
    assert writing(sql) == word
