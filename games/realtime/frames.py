"""Validating a client's frame on a table socket (schema, size) and limiting its rate (docs/design.md step 2).

A client frame is one JSON object:
    {"type": "act", "id": "<move id>", "version": N, "action": {...}}   a move for the socket's own seat
    {"type": "next", "version": N}                                     deal the next round after a score sheet
    {"type": "ping"}                                                   keep-alive and presence heartbeat; "pong"
    {"type": "chat", "text": "..."}                                    a chat line (table_panel, lobby)
    {"type": "suggest", "version": N}                                  "Suggest a move" for the socket's own seat
    {"type": "sit", "seat": N}                                         a spectator takes a seat (N: the chosen
                                                                       one; absent or null: the table's pick)
Any other key is ignored (in particular a "seat": the seat always comes from the session).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.engines.core.errors import RuleError


class FrameError(RuleError):
    """A frame refused by the socket: `bad_frame`, `frame_too_large` or `rate_limited` before any service call;
    `no_next_deal` when a "next" frame finds no deal to start."""


FRAME_TYPES = ("act", "next", "ping", "chat", "suggest", "sit")
MAX_DEPTH = 8  # levels of arrays and objects a frame may nest (an action such as a discard needs three)
LOBBY_FRAME_TYPES = ("ping", "chat")
SUGGESTION_RATE = (3, 15)
"""A person's "Suggest a move" answers at one table, over all their sockets there: at most 3 per 15 s (a fixed
window in the cache, so a new socket starts no new count); a bot's search costs far more than any other frame."""


def parse_frame(
    text: str | None, data: bytes | None, max_bytes: int, types: tuple[str, ...] = FRAME_TYPES
) -> dict[str, Any]:
    """Decode and check one frame of a socket that takes the frame `types` (the table socket's by default).
    Returns the frame dict; raises FrameError (`bad_frame`, whose message lists `types`; `frame_too_large`)."""
    if data is not None:
        raise FrameError("bad_frame", _("frames are JSON text"))
    if text is None or len(text.encode("utf-8")) > max_bytes:
        raise FrameError("frame_too_large", _("a frame is at most %(max)s bytes") % {"max": max_bytes})
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):  # deeply nested JSON overflows the parser
        raise FrameError("bad_frame", _("a frame is one JSON object")) from None
    _check_nesting_and_texts(frame)
    if not isinstance(frame, dict) or frame.get("type") not in types:
        raise FrameError(
            "bad_frame",
            _("a frame is an object whose type is one of %(types)s") % {"types": ", ".join(types)},
        )
    _check_fields(frame)
    return frame


def _natural(value: Any) -> bool:
    """Whether `value` is a JSON integer ≥ 0 (a boolean is not)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_fields(frame: dict[str, Any]) -> None:
    """The fields each frame type needs; raises FrameError `bad_frame` naming the one that is wrong."""
    kind = frame["type"]
    if kind in ("act", "next", "suggest") and not _natural(frame.get("version")):
        raise FrameError("bad_frame", _("version must be a non-negative integer"))
    if kind == "act":
        move_id = frame.get("id")
        if not isinstance(move_id, str) or not 0 < len(move_id) <= 64:
            raise FrameError("bad_frame", _("id must be a string of 1..64 characters"))
        if not isinstance(frame.get("action"), dict):
            raise FrameError("bad_frame", _("action must be an object"))
    if kind == "sit" and frame.get("seat") is not None and not _natural(frame.get("seat")):
        raise FrameError("bad_frame", _("seat must be a non-negative integer or null"))
    if kind == "chat" and not isinstance(frame.get("text"), str):
        raise FrameError("bad_frame", _("text must be a string"))


def _check_nesting_and_texts(frame: Any) -> None:
    """Walk the decoded JSON once, without recursion (a few hundred brackets, well under the size limit, would
    overflow Python's stack in a recursive walk). Raises FrameError `bad_frame` when arrays and objects nest more
    than MAX_DEPTH levels, or when a string (keys too) cannot be stored: JSON's `\\ud800` escapes decode to lone
    surrogates that UTF-8 cannot encode, and PostgreSQL text refuses NUL."""
    pending = [(frame, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str) and not _storable(item):
            raise FrameError(
                "bad_frame",
                _("a frame's texts are valid Unicode (no lone surrogates) without NUL characters"),
            )
        if isinstance(item, dict | list) and depth > MAX_DEPTH:
            raise FrameError("bad_frame", _("a frame nests at most %(depth)s levels") % {"depth": MAX_DEPTH})
        if isinstance(item, dict):
            pending.extend((key, depth) for key in item)
            pending.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            pending.extend((child, depth + 1) for child in item)


def _storable(text: str) -> bool:
    """True when `text` can be stored (encodes to UTF-8, holds no NUL)."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass
class TokenBucket:
    """Per-socket rate limit: `burst` frames at once, refilled at `rate` frames per second."""

    burst: int
    rate: float
    tokens: float = field(default=-1.0)
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        """Spend one token; False when the socket is over its rate."""
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = float(self.burst)
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
