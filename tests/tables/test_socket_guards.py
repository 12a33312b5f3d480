"""What a socket may not do (docs/deploy.md "Sockets"): open from another origin (scheme, host and port are all
compared), reach an unknown path, send a `?v=` that is not ASCII digits, or be one user's fourth socket at a
table. Each gets a refusal with its code, never a 500 or a traceback."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from games.realtime import sockets
from games.services import absence
from platform_config.origin import normalize_origin

from .sockets import open_socket, receive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


@sync_to_async
def _table(users):
    return services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=2))


async def _close_code(
    path: str, user, origin: bytes = b"http://127.0.0.1:8000", host: bytes = b"127.0.0.1:8000"
):
    """Connect and return (accepted, close code or None)."""
    from platform_config.asgi import application

    from .sockets import session_cookie

    headers = [(b"origin", origin), (b"host", host), (b"cookie", await sync_to_async(session_cookie)(user))]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await communicator.connect(timeout=10)
    await communicator.disconnect()
    return connected, (None if connected else code)


async def _accepted_then_closed(path: str, user, frames: list | None = None) -> int | None:
    """Connect; return the close code of a socket that is accepted and closed at once (None if it stays open),
    the frames before the close appended to `frames`. The page can read a close code only after the handshake: a
    refusal during it is a bare HTTP 403."""
    from platform_config.asgi import application

    from .sockets import session_cookie

    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    if user is not None:  # None: a visitor who is not signed in
        headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=10)
    assert connected
    message = await communicator.receive_output(timeout=10)
    while message["type"] == "websocket.send" and frames is not None:
        frames.append(json.loads(message["text"]))
        message = await communicator.receive_output(timeout=10)
    await communicator.disconnect()
    return message.get("code") if message["type"] == "websocket.close" else None


@pytest.mark.parametrize(
    "origin",
    [
        b"http://127.0.0.1:9999",
        b"http://localhost:1",
        b"https://127.0.0.1",
        b"https://127.0.0.1:8000",
        b"null",
        b"",
    ],
)
@pytest.mark.asyncio
async def test_a_socket_from_another_origin_is_refused(users, origin):
    table = await _table(users)
    accepted, _code = await _close_code(f"/ws/tables/{table.pk}/", users["alice"], origin=origin)
    assert not accepted


@pytest.mark.asyncio
async def test_the_sites_own_origin_is_accepted_and_a_proxy_makes_it_https(users, settings):
    table = await _table(users)
    assert (await _close_code(f"/ws/tables/{table.pk}/", users["alice"]))[0]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    path = f"/ws/tables/{table.pk}/"
    # Without the proxy's header the request is plain http: an https page's origin does not match it.
    assert not (await _close_code(path, users["alice"], origin=b"https://127.0.0.1:8000"))[0]
    from platform_config.asgi import application

    from .sockets import session_cookie

    headers = [
        (b"origin", b"https://cards.example.org"),
        (b"host", b"cards.example.org"),
        (b"x-forwarded-proto", b"https"),
        (b"cookie", await sync_to_async(session_cookie)(users["alice"])),
    ]
    settings.ALLOWED_HOSTS = ["cards.example.org"]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=10)
    assert connected
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_an_extra_origin_can_be_allowed(users, settings):
    table = await _table(users)
    settings.KIBITZ_SOCKET_ORIGINS = ["http://localhost:3000"]
    assert (await _close_code(f"/ws/tables/{table.pk}/", users["alice"], origin=b"http://localhost:3000"))[0]


@pytest.mark.parametrize(
    "path", ["/ws/", "/ws/nothing/", "/ws/tables/abc/", "/nothing", "/ws/tables/99999999999999999999999/"]
)
@pytest.mark.asyncio
async def test_unknown_socket_paths_close_with_4404(users, path):
    """Accepted, then closed: refused during the handshake, the browser saw a bare HTTP 403 and no code."""
    assert await _accepted_then_closed(path, users["alice"]) == 4404


@pytest.mark.asyncio
async def test_a_table_that_does_not_exist_closes_with_4404(users):
    """The page reads 4404 and stops knocking (static/js/table/connection.js); before, the refusal came during the
    handshake as a bare HTTP 403 and the page reconnected with a growing backoff."""
    assert await _accepted_then_closed("/ws/tables/999999/", users["alice"]) == 4404


@pytest.mark.parametrize("path", ["/ws/tables/{table}/", "/ws/lobby/", "/ws/tables/999999/"])
@pytest.mark.asyncio
async def test_a_visitor_who_is_not_signed_in_is_closed_with_4401(users, path):
    """The page reads 4401 and loads itself again, which asks for the log-in."""
    table = await _table(users)
    assert await _accepted_then_closed(path.format(table=table.pk), None) == 4401


@pytest.mark.asyncio
async def test_a_table_that_refuses_the_user_closes_with_4403(users):
    from games.models import TableSettings

    table = await _table(users)
    await sync_to_async(TableSettings.objects.create)(table=table, spectators=TableSettings.Spectators.NONE)
    assert await _accepted_then_closed(f"/ws/tables/{table.pk}/", users["bob"]) == 4403
    assert (
        await _accepted_then_closed(f"/ws/tables/{table.pk}/", users["alice"]) is None
    )  # the host is let in


@pytest.mark.asyncio
async def test_a_version_that_is_not_ascii_digits_is_ignored(users):
    table = await _table(users)
    ws, ok = await open_socket(f"/ws/tables/{table.pk}/?v=%C2%B2", users["alice"])
    assert ok
    frame = await receive(ws)
    assert frame["type"] == "state"  # a full state, as without ?v=
    await ws.disconnect()


@pytest.mark.asyncio
async def test_a_fourth_socket_of_one_user_at_one_table_is_refused(users, monkeypatch):
    table = await _table(users)
    path = f"/ws/tables/{table.pk}/"
    opened = [await open_socket(path, users["alice"]) for _ in range(3)]
    assert all(ok for _ws, ok in opened)
    frames: list = []
    assert await _accepted_then_closed(path, users["alice"], frames) == 4429
    # the page is told how long to wait before it knocks again (static/js/table/connection.js)
    assert frames == [
        {"type": "refused", "code": "too_many_sockets", "retry_after": sockets.RETRY_AFTER_SECONDS}
    ]
    assert (await _close_code(path, users["bob"]))[0]  # another user is not counted against alice
    seen: list[dict] = []

    note_gone = absence.note_gone

    def heard(table_id, user_id, seat):
        seen.append({"table_id": table_id, "user_id": user_id, "seat": seat})
        return note_gone(table_id, user_id, seat)

    monkeypatch.setattr(absence, "note_gone", heard)  # the socket's close path calls it directly
    await opened[0][0].disconnect()
    assert (await sync_to_async(sockets.open_sockets)(table.pk, users["alice"].pk)) == 2
    assert (await _close_code(path, users["alice"]))[0]  # a place came free
    for ws, _ok in opened[1:]:
        await ws.disconnect()
    assert not await sync_to_async(sockets.has_socket)(table.pk, users["alice"].pk)
    assert seen == [{"table_id": table.pk, "user_id": users["alice"].pk, "seat": 0}]


def test_origins_compare_scheme_host_and_port():
    assert normalize_origin("http://127.0.0.1:8000") == ("http", "127.0.0.1", 8000)
    assert normalize_origin("HTTPS://Cards.Example.org") == ("https", "cards.example.org", 443)
    for bad in ("null", "", "ftp://x", "http://x:99999", "http://x/path", "127.0.0.1:8000"):
        assert normalize_origin(bad) is None


@pytest.mark.asyncio
async def test_a_connect_that_fails_gives_its_registry_place_back(users, monkeypatch):
    """A socket whose connect fails after it took its registry place (a bug in its first frame: a fresh-eyes run
    found a Tarock table whose 20-digit number of deals no frame could encode) gives the place back at once:
    before, three such failures locked the user out of the table with 4429 for as long as the process lived."""
    from games.consumers.table import TableConsumer

    table = await _table(users)
    path = f"/ws/tables/{table.pk}/"

    async def broken(self, since=None):
        raise RuntimeError("a bug while building the first frame")

    monkeypatch.setattr(TableConsumer, "_send_state", broken)
    for _ in range(4):  # accepted, then the first frame fails (the fourth would be refused with 4429 before)
        ws, ok = await open_socket(path, users["alice"])
        assert ok
        with pytest.raises(RuntimeError):  # the application itself fails (its output queue would just wait)
            await asyncio.wait_for(ws.future, timeout=10)
    assert await sync_to_async(sockets.open_sockets)(table.pk, users["alice"].pk) == 0
    monkeypatch.undo()
    ws, ok = await open_socket(path, users["alice"])
    assert ok and (await receive(ws))["type"] == "state"
    await ws.disconnect()
