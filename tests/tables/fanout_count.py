"""SQL statements of one action as a serve process spends them: the move (`services.act`) plus the frame every
socket of the table gets for the new version (games.reads.fanout.deliver), counted with Django's
CaptureQueriesContext in this thread. Shared by the fan-out test (tests/tables/test_fanout.py) and the load
benchmark (benchmarks/load_bench.py), which report the same figure (docs/decisions-tables.md "Sockets").
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.engines.core import get_game
from games.models import Round, Table
from games.reads.fanout import deliver
from tests.hintplay import random_move


@dataclass
class Sockets:
    """The sockets one process holds at a table: one per seated person, and `spectators` more (any user: a
    spectator's frame does not depend on who watches). `sent` is each socket's last version."""

    table_id: int
    seated: dict[int, Any]
    spectators: int
    sent: list[int] = field(default_factory=list)

    def recipients(self) -> list[tuple[Any, int | None]]:
        """`(user, seat)` of every socket (seat None: a spectator)."""
        first = next(iter(self.seated.values()))
        return [(user, seat) for seat, user in self.seated.items()] + [(first, None)] * self.spectators

    def deliver_all(self, announced: int | None = None) -> int:
        """Every socket gets its frame for the table's newest version (`announced`: the version the
        notification named, as the table socket passes it); returns how many frames were sent."""
        recipients = self.recipients()
        if not self.sent:
            self.sent = [-1] * len(recipients)
        sent = 0
        for index, (user, seat) in enumerate(recipients):
            got = deliver(self.table_id, user, seat, self.sent[index], self.sent[index], False, announced)
            if got is not None and got.text is not None:
                self.sent[index] = got.version
                sent += 1
        return sent


@dataclass(frozen=True)
class Counted:
    """One action: its phase before it, whether it ended the deal, and the statements it cost."""

    phase: str
    ended_round: bool
    statements: int
    sql: list[str]


def _due(table_id: int) -> tuple[int, Any, int, str] | None:
    """`(seat, state, version, phase)` of the playing round's lowest seat to act, or None."""
    rnd = Round.objects.filter(table_id=table_id, status=Round.Status.PLAYING).first()
    if rnd is None:
        return None
    game = get_game(Table.objects.get(pk=table_id).game)
    state = game.from_json(rnd.snapshot)
    acting = sorted(game.to_act(state))
    if not acting:
        return None
    return acting[0], state, Table.objects.get(pk=table_id).version, str(getattr(state, "phase", ""))


def act_counted(sockets: Sockets, rng: random.Random) -> Counted | None:
    """The lowest seat to act plays a random listed or hinted move (tests/hintplay.py, from its own frame's
    `legal` and `hints`); the move and every socket's delivery of the new version are counted. None when no
    seat has a move (the deal is over)."""
    from games.reads.projection import table_frame

    sockets.deliver_all()  # every socket is at the current version, as a live table's are
    due = _due(sockets.table_id)
    if due is None:
        return None
    seat, _state, version, phase = due
    frame = table_frame(sockets.table_id, seat)
    assert frame is not None
    move = random_move(frame["legal"], frame["hints"], rng, avoid=("thanks",))
    assert move is not None, "the seat to act has a move"
    with CaptureQueriesContext(connection) as captured:
        answer = services.act(sockets.seated[seat], sockets.table_id, version, uuid.uuid4().hex, move)
        for announced in range(version + 1, answer["version"] + 1):  # one notification per version
            sockets.deliver_all(announced)
    ended = not Round.objects.filter(table_id=sockets.table_id, status=Round.Status.PLAYING).exists()
    # The transaction's own brackets are counted apart (a savepoint inside a test's transaction, BEGIN / COMMIT
    # in a serve process).
    sql = [q["sql"] for q in captured.captured_queries if not _bracket(q["sql"])]
    return Counted(phase, ended, len(sql), sql)


def _bracket(sql: str) -> bool:
    return sql.startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT", "BEGIN", "COMMIT"))


def play_deal_counted(sockets: Sockets, rng: random.Random) -> list[Counted]:
    """Every action of the playing deal until it ends, each counted (see act_counted)."""
    counted = []
    while (one := act_counted(sockets, rng)) is not None:
        counted.append(one)
        if one.ended_round:
            break
    return counted
