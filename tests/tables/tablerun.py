"""Driving a real table through its sockets for the leak oracle and the per-variant matches.

People play through their table sockets, choosing random listed actions and hinted ones from their own frames
(tests/hintplay.py); bots, next deals and timeouts move through `sweep_once`, the sweeper's own pass. Every frame
a watched socket receives is checked by the game's leak oracle (tests/tables/leak_oracles.py) against the round's
stored state at that frame's version.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import sync_to_async

from games.engines.core import get_game
from games.models import Round, Table
from games.services.sweeper import sweep_once
from tests.hintplay import random_move

from .leak_oracles import check_frame, check_other_frame
from .sockets import open_socket, receive

STALL_SWEEPS = 100


@sync_to_async
def truth(table_id: int) -> tuple[int, dict[str, Any] | None, bool, int]:
    """(table version, the latest round's stored state or None, whether the table is finished, round count)."""
    table = Table.objects.get(pk=table_id)
    rounds = Round.objects.filter(table=table)
    rnd = rounds.order_by("-number").first()
    return table.version, rnd.snapshot if rnd else None, table.status == Table.Status.FINISHED, rounds.count()


@dataclass
class Watched:
    """A socket, its recipient's seat (None: a spectator) and the frames it got, each checked on arrival."""

    ws: Any
    seat: int | None
    game: str
    truth_at: dict[int, dict[str, Any] | None]
    frame: dict[str, Any] | None = None
    checked: int = 0
    unchecked: list[dict[str, Any]] = field(default_factory=list)

    async def catch_up(self, version: int) -> None:
        """Read until a state frame of `version` (or later) arrived; check every frame read so far."""
        for frame in self.unchecked:
            self.check(frame)
        self.unchecked = []
        while self.frame is None or self.frame["version"] < version:
            frame = await receive(self.ws, timeout=30)
            self.check(frame)
            if frame["type"] == "state":
                self.frame = frame

    async def answer(self) -> dict[str, Any]:
        """The ack or error of this socket's last act; frames read meanwhile are checked at the next catch-up."""
        while True:
            frame = await receive(self.ws, timeout=30)
            if frame["type"] in ("ack", "error"):
                return frame
            self.unchecked.append(frame)
            if frame["type"] == "state":
                self.frame = frame

    def check(self, frame: dict[str, Any]) -> None:
        self.checked += 1
        if frame["type"] != "state":
            check_other_frame(frame)
            return
        check_frame(self.game, self.truth_at[frame["version"]], self.seat, frame)


@dataclass
class Run:
    """One table driven to the end of its match (or `max_rounds` rounds)."""

    table_id: int
    game: str
    sockets: dict[int | None, Watched]
    people: list[int]
    rng: random.Random
    truth_at: dict[int, dict[str, Any] | None]
    thanks_rate: float = 0.1  # how often a person makes an optional call (Jass thanks, Rummy knock) offered
    version: int = 0
    moves: int = 0
    sweeps: int = 0
    rounds: int = 0
    over: bool = False

    @classmethod
    async def open(
        cls,
        table_id: int,
        game: str,
        users: dict[int | None, Any],
        people: list[int],
        rng: random.Random,
        thanks_rate: float = 0.1,
    ) -> Run:
        """Sockets for every user of `users` (seat → user; None: a spectator) at the table's current version."""
        truth_at: dict[int, dict[str, Any] | None] = {}
        run = cls(table_id, game, {}, people, rng, truth_at, thanks_rate)
        await run.record()
        for seat, user in users.items():
            ws, ok = await open_socket(f"/ws/tables/{table_id}/", user)
            assert ok, f"socket of seat {seat} refused"
            run.sockets[seat] = Watched(ws, seat, game, truth_at)
        for watched in run.sockets.values():
            await watched.catch_up(run.version)
        return run

    async def record(self) -> None:
        """Read the table's truth and note it for every version since the last reading."""
        version, snapshot, self.over, self.rounds = await truth(self.table_id)
        for v in range(self.version + 1, version + 1):
            self.truth_at[v] = snapshot
        self.version = version
        for watched in self.sockets.values():
            await watched.catch_up(version)

    def choose(self, seat: int) -> dict[str, Any] | None:
        """A person's move from its own frame: random listed and hinted actions; optional calls (thanks, knock)
        only now and then, so matches run on."""
        frame = self.sockets[seat].frame
        if frame is None or frame["legal"] is None:
            return None
        avoid = ("thanks", "knock") if self.rng.random() >= self.thanks_rate else ()
        return random_move(frame["legal"], frame["hints"], self.rng, avoid=avoid)

    async def step(self) -> None:
        """One move of a person whose frame offers one, else one sweeper pass. Raises AssertionError when
        neither moves the table for `STALL_SWEEPS` passes (the table stalls)."""
        for seat in self.rng.sample(self.people, len(self.people)):
            move = self.choose(seat)
            if move is None:
                continue
            mover = self.sockets[seat]
            await mover.ws.send_to(
                text_data=json.dumps(
                    {
                        "type": "act",
                        "id": f"{self.table_id}-{self.version}",
                        "version": self.version,
                        "action": move,
                    }
                )
            )
            answer = await mover.answer()
            assert answer["type"] == "ack", (seat, move, answer)
            self.moves += 1
            await self.record()
            return
        for _ in range(STALL_SWEEPS):
            done = await sync_to_async(sweep_once)()
            if done:
                self.sweeps += done
                await self.record()
                return
            await asyncio.sleep(0.02)
            await self.record()
            if any(self.choose(s) is not None for s in self.people):
                return
        snapshot = self.truth_at[self.version]
        game = get_game(self.game)
        waiting = sorted(game.to_act(game.from_json(snapshot))) if snapshot else []
        raise AssertionError(
            f"the {self.game} table {self.table_id} stalls at version {self.version} with seats {waiting} to act"
        )

    async def play(self, max_rounds: int | None = None, max_steps: int = 20000) -> None:
        """Steps until the match is over (or `max_rounds` rounds are finished)."""
        for _ in range(max_steps):
            if self.over:
                return
            if max_rounds is not None and self.rounds >= max_rounds:
                snapshot = self.truth_at[self.version]
                if snapshot is not None and snapshot["phase"] == "done":
                    return
            await self.step()
        raise AssertionError(f"the {self.game} match did not end in {max_steps} steps")

    def frames(self) -> int:
        return sum(w.checked for w in self.sockets.values())

    async def close(self) -> None:
        for watched in self.sockets.values():
            await watched.ws.disconnect()
