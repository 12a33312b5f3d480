"""Replaying a round from its log.

Rules: docs/design.md "Cards and replay files"; docs/style.md "The action log is the truth".

A round is `(options, deal, dealer, start, actions)`; `replay` rebuilds its state, and `run_replay_file`
is what `manage.py replay` prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BAD_ACTION, InvalidAction, RuleError
from .protocol import Game, S
from .registry import get_game


class ReplayFileError(ValueError):
    """The document is not a replay at all (bad JSON, missing keys, unknown game)."""


@dataclass
class ReplayRefusal(Exception):
    """The first refused step of a replay: `index` of the action (None for the deal itself)."""

    index: int | None
    error: RuleError

    def as_dict(self) -> dict[str, Any]:
        """`{"index", "code", "message"}` as printed by `manage.py replay`."""
        return {"index": self.index, "code": self.error.code, "message": self.error.message}


def read_step(game: Game[Any], options: Mapping[str, Any], step: Any) -> tuple[int, Any]:
    """Validate one `{"seat", "action"}` log entry and parse its action.

    Returns:
        `(seat, action)`.
    Raises:
        InvalidAction: the entry is malformed, the seat is not a seat of the table, or the action is malformed.
    """
    if not isinstance(step, Mapping) or "seat" not in step or "action" not in step:
        raise InvalidAction(BAD_ACTION, 'a log entry is {"seat": n, "action": {...}}')
    seat = step["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.seat_count(options):
        raise InvalidAction(BAD_ACTION, f"no seat {seat!r} at this table")
    return seat, game.parse_action(step["action"])


def replay(
    game: Game[S],
    options: Mapping[str, Any] | None,
    deal: Mapping[str, Any],
    dealer: int,
    actions: Sequence[Any],
    start: Mapping[str, Any] | None = None,
    on_step: Callable[[int, S], object] | None = None,
) -> S:
    """Rebuild a round's state by applying every logged action.

    Args:
        actions: log entries `{"seat": s, "action": {...}}` in wire form.
        on_step: optional callback `(index, state)` after the deal (index -1) and after each action.
    Raises:
        ReplayRefusal: the deal (index None) or an action (its index) was refused.
    """
    try:
        state = game.new_round(options, deal, dealer, start)
    except RuleError as error:
        raise ReplayRefusal(None, error) from error
    opts = game.normalize_options(options)
    if on_step:
        on_step(-1, state)
    for index, step in enumerate(actions):
        try:
            seat, action = read_step(game, opts, step)
            state = game.apply(state, seat, action)
        except RuleError as error:
            raise ReplayRefusal(index, error) from error
        if on_step:
            on_step(index, state)
    return state


def all_views(game: Game[S], state: S) -> dict[str, Any]:
    """Every seat's view and the spectator's: `{"seats": [v0, ...], "spectator": v}`."""
    seats = game.seat_count(game.options_of(state))
    return {"seats": [game.view(state, s) for s in range(seats)], "spectator": game.view(state, None)}


REQUIRED_KEYS = ("game", "dealer", "deal", "actions")


def check_document(doc: Any) -> Game[Any]:
    """Check that `doc` is a replay document and return its game.

    Raises:
        ReplayFileError: not an object, a required key missing or of the wrong type, or an unknown game.
    """
    if not isinstance(doc, Mapping):
        raise ReplayFileError("a replay file is a JSON object")
    missing = [k for k in REQUIRED_KEYS if k not in doc]
    if missing:
        raise ReplayFileError(f"missing key(s): {', '.join(missing)}")
    if not isinstance(doc["actions"], list):
        raise ReplayFileError('"actions" must be a list')
    if not isinstance(doc["deal"], Mapping):
        raise ReplayFileError('"deal" must be an object')
    if "options" in doc and doc["options"] is not None and not isinstance(doc["options"], Mapping):
        raise ReplayFileError('"options" must be an object')
    try:
        return get_game(doc["game"])
    except (KeyError, TypeError):
        raise ReplayFileError(f"unknown game {doc['game']!r}") from None


def run_replay_document(doc: Any, with_views: bool = False) -> tuple[dict[str, Any], int]:
    """Replay a document and return `(output JSON, exit status)` as `manage.py replay` prints them.

    Output: the result JSON (status 0); `{"in_progress": {"phase", "to_act"}}` (status 0) when the log stops
    before the round is over; `{"error": {"index", "code", "message"}}` (status 1). With `with_views` the
    output is `{"result" | "in_progress" | "error": ..., "views": [{"after": i, "seats": [...],
    "spectator": {...}}, ...]}` with one entry after the deal (`after` 0) and after each applied action.

    Raises:
        ReplayFileError: the document is not a replay (the command exits 2).
    """
    game = check_document(doc)
    views: list[dict[str, Any]] = []

    def record(index: int, state: Any) -> None:
        views.append({"after": index + 1, **all_views(game, state)})

    try:
        state = replay(
            game,
            doc.get("options"),
            doc["deal"],
            doc["dealer"],
            doc["actions"],
            doc.get("start"),
            on_step=record if with_views else None,
        )
    except ReplayRefusal as refusal:
        body: dict[str, Any] = {"error": refusal.as_dict()}
        status = 1
    else:
        result = game.result(state)
        if result is None:
            body = {"in_progress": {"phase": game.phase(state), "to_act": sorted(game.to_act(state))}}
        else:
            body = {"result": result}
        status = 0
    if with_views:
        body["views"] = views
        return body, status
    return (body.get("result", body)), status
