"""The table socket's panel frames and the lobby socket's social frame over the real Redis channel layer: no frame
a spectator receives holds a hand; access on connect; chat rooms and ignores; kicks; live invitations."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from games import services
from games.engines.core import get_game
from games.models import Round, Seat, Table
from social import services as social
from tests.french_tarot.oracle import cards_in, visible_cards
from tests.tables.driving import finish_deal
from tests.tables.sockets import close_code, drain, open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(180)]


@sync_to_async
def _erin():
    return User.objects.create_user("erin", password="pw-for-tests-only")


@sync_to_async
def _tarot_table(users, **kwargs):
    table = services.create_table(
        users["alice"], services.TableTerms("french-tarot", {"match_end": "deals:2"}, human_seats=4, **kwargs)
    )
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    return Table.objects.get(pk=table.pk)


@sync_to_async
def _play_one(table_id: int, rng: random.Random) -> tuple[int, dict] | None:
    """One action of the current deal, chosen by a beginner bot for the seat to act; returns the new
    version and the round's state JSON (None when the deal is over)."""
    rnd = Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING).first()
    if rnd is None:
        return None
    game = get_game("french-tarot")
    state = game.from_json(rnd.snapshot)
    seat = min(game.to_act(state))
    legal = game.legal_actions(state, seat)
    garde = [a for a in legal if a.to_wire() == {"bid": "garde"}]  # a contract, so the deal is played out
    action = garde[0] if garde else game.bot("beginner").choose(game.view(state, seat), seat, legal, rng)
    table = Table.objects.get(pk=table_id)
    user = Seat.objects.get(table=table, number=seat).user
    answer = services.act(user, table_id, table.version, f"m-{table.version}", action.to_wire())
    rnd.refresh_from_db()
    return answer["version"], rnd.snapshot


async def test_it_never_sends_a_spectator_a_hand(users, redis_layer):
    table = await _tarot_table(users)
    erin = await _erin()
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", erin)
    assert ok
    seen = await drain(ws)
    assert any(f["type"] == "state" and f["table"]["you"] is None for f in seen)
    rng = random.Random(5)
    checked = 0
    while True:
        step = await _play_one(table.pk, rng)
        if step is None:
            break
        version, state_json = step
        frame = await receive_until(ws, lambda f, v=version: f["type"] == "state" and f["version"] >= v)
        allowed = visible_cards(state_json, None)
        if frame["version"] == version:
            assert cards_in(frame) <= allowed, (frame["view"]["phase"], cards_in(frame) - allowed)
            assert frame["view"].get("hand") in (None, [])
            checked += 1
    assert checked > 70  # a whole deal: bids, dog, discard, 72 cards played
    for frame in await drain(ws):
        assert frame["type"] != "state" or frame["view"].get("hand") in (None, [])
    await ws.disconnect()


async def test_it_refuses_the_socket_of_a_user_the_table_does_not_admit(users, redis_layer):
    table = await sync_to_async(services.create_table)(
        users["alice"], services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", users["carol"])
    assert ok and await close_code(ws) == 4403
    await sync_to_async(services.invite)(users["alice"], table.pk, users["carol"])
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/", users["carol"])
    assert ok  # an invitation admits a spectator too
    await ws.disconnect()


def _lines(frames):
    return [line["text"] for f in frames if f["type"] == "chat" for line in f["lines"] if line["author"]]


async def _chat_lines(ws, count, timeout=20):
    """The socket's next `count` chat lines, waited for as long as a slow machine needs, then whatever else
    arrives before it is quiet."""
    lines = []
    while len(lines) < count:
        lines += _lines([await receive_until(ws, lambda f: bool(_lines([f])), timeout=timeout)])
    return lines + _lines(await drain(ws, quiet=0.6))


async def test_it_keeps_the_spectators_chat_from_the_players_at_a_stakes_table(users, redis_layer):
    table = await sync_to_async(services.create_table)(
        users["alice"], services.TableTerms("test-follow", human_seats=2, stake=50, limit=500)
    )
    await sync_to_async(services.join)(users["bob"], table.pk)
    sockets = {}
    for name in ("alice", "bob", "carol", "dave"):
        sockets[name], ok = await open_socket(f"/ws/tables/{table.pk}/", users[name])
        assert ok
    for ws in sockets.values():
        await drain(ws)
    await sockets["dave"].send_to(text_data=json.dumps({"type": "chat", "text": "psst, spectators"}))
    await sockets["alice"].send_to(text_data=json.dumps({"type": "chat", "text": "players here"}))
    expected = {
        "alice": "players here",
        "bob": "players here",
        "carol": "psst, spectators",
        "dave": "psst, spectators",
    }
    got = {}
    for name, ws in sockets.items():  # wait for each room's own line first, so a slow machine cannot hide it
        first = await receive_until(ws, lambda f: bool(_lines([f])), timeout=20)
        got[name] = _lines([first]) + _lines(await drain(ws, quiet=0.6))
    assert got == {name: [text] for name, text in expected.items()}
    for ws in sockets.values():
        await ws.disconnect()


async def test_it_shows_players_the_watchers_and_hides_ignored_authors(users, redis_layer):
    table = await sync_to_async(services.create_table)(
        users["bob"], services.TableTerms("test-follow", human_seats=3)
    )
    await sync_to_async(services.join)(users["alice"], table.pk)
    (alice, ok_a), (bob, ok_b) = [
        await open_socket(f"/ws/tables/{table.pk}/", users[n]) for n in ("alice", "bob")
    ]
    await drain(alice)
    dave, ok_d = await open_socket(f"/ws/tables/{table.pk}/", users["dave"])
    assert ok_a and ok_b and ok_d
    panel_frame = await receive_until(alice, lambda f: f["type"] == "panel" and f["watchers"])
    assert [w["username"] for w in panel_frame["watchers"]] == ["dave"] and not panel_frame["host"]
    await drain(dave)
    await dave.send_to(text_data=json.dumps({"type": "chat", "text": "<i>hello</i>"}))
    assert await _chat_lines(alice, 1) == ["<i>hello</i>"]  # text, shown as text by the page
    await drain(dave)
    await sync_to_async(social.ignore)(users["alice"], users["dave"])
    await dave.send_to(text_data=json.dumps({"type": "chat", "text": "can you hear me?"}))
    assert await _chat_lines(dave, 1) == ["can you hear me?"]
    # bob has both lines before alice is asked: the line she must not get had as long to reach her
    assert await _chat_lines(bob, 2) == ["<i>hello</i>", "can you hear me?"]
    assert _lines(await drain(alice, quiet=0.6)) == []
    for _ in range(6):
        await dave.send_to(text_data=json.dumps({"type": "chat", "text": "flood"}))
    errors = [f for f in await drain(dave, quiet=0.6) if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["chat_flood"] * 3  # 2 lines before, 5 per 10 s
    await dave.disconnect()
    after = await receive_until(bob, lambda f: f["type"] == "panel")
    assert after["watchers"] == []
    await alice.disconnect()
    await bob.disconnect()


async def test_it_turns_a_kicked_players_socket_away_before_the_next_deal(users, redis_layer, fast_bots):
    table = await sync_to_async(services.create_table)(
        users["alice"],
        services.TableTerms("test-follow", {"rounds": 3}, human_seats=2, access=Table.Access.PRIVATE),
    )
    invitation = await sync_to_async(services.invite)(users["alice"], table.pk, users["bob"])
    await sync_to_async(services.answer_invitation)(users["bob"], invitation.pk, True)
    await sync_to_async(finish_deal)(table.pk)
    bob, ok = await open_socket(f"/ws/tables/{table.pk}/", users["bob"])
    assert (await receive_until(bob, lambda f: f["type"] == "state"))["table"]["you"] == 1
    await drain(bob)
    await sync_to_async(services.kick)(users["alice"], table.pk, 1)
    frames = []
    while (output := await bob.receive_output(timeout=5))["type"] != "websocket.close":
        frames.append(json.loads(output["text"]))
    assert output["code"] == 4403 and {"type": "notice", "code": "kicked"} in frames
    assert all(f["table"]["you"] is None for f in frames if f["type"] == "state")
    again, ok = await open_socket(f"/ws/tables/{table.pk}/", users["bob"])
    assert ok and await close_code(again) == 4403  # a kicked user may not come back, not even to watch


async def test_it_brings_an_invitation_to_the_invitees_lobby_live(users, redis_layer):
    lobby, ok = await open_socket("/ws/lobby/", users["bob"])
    assert ok
    first = await receive_until(lobby, lambda f: f["type"] == "social")
    assert first["invitations"] == []
    table = await sync_to_async(services.create_table)(
        users["alice"], services.TableTerms("test-follow", human_seats=2, access=Table.Access.PRIVATE)
    )
    await sync_to_async(services.invite)(users["alice"], table.pk, users["bob"])
    frame = await receive_until(lobby, lambda f: f["type"] == "social" and f["invitations"])
    assert frame["invitations"][0]["table"] == table.pk and frame["invitations"][0]["from"] == "alice"
    await lobby.send_to(text_data=json.dumps({"type": "chat", "text": "hi lobby"}))
    line = await receive_until(lobby, lambda f: f["type"] == "chat" and f["lines"])
    assert line["lines"][0]["text"] == "hi lobby"
    await lobby.send_to(text_data=json.dumps({"type": "ping"}))
    await receive_until(lobby, lambda f: f["type"] == "pong")
    await lobby.disconnect()
