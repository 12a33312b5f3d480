"""What a table socket asks of the database when it opens, when a frame proves its absent person is back, and when
it closes, each as one call: under load every database call of a socket is a hop to a database thread and a wait
in its queue, and a socket that opened with four of them waited four times for its first frame
(docs/decisions-tables.md "Sockets": a cheaper connect). Each function runs in one database thread
(games.realtime.dbcalls.db_call); the writes in them (an absent person's seat given back, the registry entry,
the absence clock) commit on their own, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.reads import panel
from games.reads.projection import table_exists_with_seat
from games.reads.rating_range import viewer_range_refusal
from games.realtime import sockets

from . import absence


@dataclass(frozen=True)
class Opening:
    """The answer to a socket's opening: `exists` (the table is there), `seat` (the user's seat number there, or
    None: a spectator), `refusal` (an access REFUSALS code: the user may not open the table's socket, or None) and
    `registration` (games.realtime.sockets.Registration, None when not tried: `registered` False when the user has
    settings.KIBITZ_SOCKETS_PER_TABLE open; `replaced`, the older sockets of the same window to close) and
    `watches` (True: a seated socket that asked to watch joins read-only, since another socket of the user is
    live at the table and keeps the seat) and `range_refusal` (a spectator's: why a rated table's rating range keeps
    them from sitting, games.reads.rating_range.viewer_range_refusal, or None)."""

    exists: bool
    seat: int | None
    refusal: str | None
    registration: sockets.Registration | None = None
    watches: bool = False
    range_refusal: str | None = None

    @property
    def registered(self) -> bool:
        """Whether the socket counts toward settings.KIBITZ_SOCKETS_PER_TABLE (it may stay open)."""
        return self.registration is not None and self.registration.registered


def open_socket(
    table_id: int, user: Any, channel: str, window: str | None = None, watch: bool = False
) -> Opening:
    """A socket of signed-in `user` opens on table `table_id` as channel `channel` of browser window `window` (None:
    a window of its own): look the user's seat up, give an
    absent person's seat back first (games.services.absence.come_back, before the spectators check, which a seat
    passes), check the table's access and spectators option (games.reads.panel.socket_refusal), and register
    the socket (games.realtime.sockets.register), and for a spectator read whether the table's rating range admits
    them (games.reads.rating_range.viewer_range_refusal). Steps after a refusal are not taken. `watch` (the page's
    `?watch=1`: a window that was read-only reconnects, or knocks again after a 4429) asks to keep watching: a
    seated socket then `watches` when the user has another live socket at the table
    (games.realtime.sockets.has_other_socket), and takes the seat as usual when it is the only one, so a lone
    window is never left read-only. Returns an Opening."""
    exists, seat = table_exists_with_seat(table_id, user)
    if not exists:
        return Opening(exists=False, seat=None, refusal=None)
    if absence.come_back(table_id, user):
        _exists, seat = table_exists_with_seat(table_id, user)
    refusal = panel.socket_refusal(table_id, user)
    if refusal is not None:
        return Opening(exists=True, seat=seat, refusal=refusal)
    registration = sockets.register(table_id, user.pk, channel, window)
    watches = (
        watch and seat is not None and registration.registered and sockets.has_other_socket(table_id, user.pk)
    )
    range_refusal = (
        viewer_range_refusal(table_id, user.pk) if seat is None and registration.registered else None
    )
    return Opening(
        exists=True,
        seat=seat,
        refusal=None,
        registration=registration,
        watches=watches,
        range_refusal=range_refusal,
    )


def seat_given_back(table_id: int, user: Any) -> int | None:
    """A frame came from a socket whose seat a bot took because its person seemed away: give the seat back
    (games.services.absence.come_back) and return the user's seat number now, or None when nothing came back."""
    if not absence.come_back(table_id, user):
        return None
    _exists, seat = table_exists_with_seat(table_id, user)
    return seat


def close_socket(table_id: int, user_id: int, seat: int | None, channel: str) -> None:
    """A registered socket closed: drop it from the registry; when it was the user's last socket at the table and
    held seat `seat`, the person's absence clock starts (games.services.absence.note_gone)."""
    left = sockets.unregister(table_id, user_id, channel)
    if left == 0 and seat is not None:
        absence.note_gone(table_id, user_id, seat)
