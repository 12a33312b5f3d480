"""Acting at a table: a person's move, a timeout and a bot's move all go through `_apply_guarded`
(docs/design.md "A move, end to end" 3 and 5)."""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.engines.core import get_game
from games.engines.core.errors import RuleError
from games.engines.core.replay import replay
from games.models import Move, Round, Seat, Table

from .errors import ServiceError
from .events import append_event
from .locking import lock_table
from .round_flow import finish_round_if_over, schedule_turn

log = logging.getLogger(__name__)

MOVE_ID_MAX = 64


def act(user: User, table_id: int, version: int, move_id: str, action: Any) -> dict[str, Any]:
    """A person's move: `action` is the wire object (e.g. `{"play": "KH"}`) for the user's own seat.

    One transaction: lock the table row; a move id seen before gets its first answer again; a stale
    `version` is refused; the engine parses (InvalidAction `bad_action`) and applies (IllegalAction, e.g.
    `not_your_turn`); the event is appended, the next deadline set, and listeners told after commit.
    Returns `{"type": "ack", "id": move_id, "version": N}`. Raises ServiceError or RuleError; on any
    refusal nothing changes.
    """
    if not isinstance(move_id, str) or not 0 < len(move_id) <= MOVE_ID_MAX:
        raise ServiceError("bad_request", _("a move id is a string of 1..64 characters"))
    actor = f"user:{user.pk}"
    with transaction.atomic():
        table = lock_table(table_id)
        first = Move.objects.filter(table=table, actor=actor, move_id=move_id).first()
        if first is not None:
            return first.answer
        seat = Seat.objects.filter(table=table, user=user, bot_level="").first()
        if seat is None:
            raise ServiceError("not_seated", _("you have no seat at this table"))
        _apply_guarded(table, seat.number, version, action, "act")
        answer = {"type": "ack", "id": move_id, "version": table.version}
        Move.objects.create(table=table, actor=actor, move_id=move_id, answer=answer)
    return answer


def apply_timeout(table_id: int, version: int) -> bool:
    """The sweeper's timeout: if the table is still at `version` and the turn deadline has passed, apply
    the engine's `timeout_action` for the lowest seat to act. Returns whether an action was applied;
    run twice, or after a move that committed first, it does nothing."""
    with transaction.atomic():
        table = lock_table(table_id)
        if table.version != version:
            return False
        rnd = _current_round(table)
        if rnd is None or rnd.deadline is None or rnd.deadline > timezone.now():
            return False
        game = get_game(table.game)
        state = game.from_json(rnd.snapshot)
        to_act = sorted(game.to_act(state))
        if not to_act:
            return False
        seat = to_act[0]
        _apply_guarded(table, seat, version, game.timeout_action(state, seat).to_wire(), "timeout")
        return True


def bot_move(
    table_id: int,
    rng: random.Random | None = None,
    *,
    expected_version: int | None = None,
    decide: Callable[..., Any] | None = None,
) -> bool:
    """Let a due bot act: compute its choice from its own seat's view outside any lock, then apply it
    through the guarded path at the version it saw. Returns whether a move was applied (False when
    nothing was due, the bot declined an optional call, or a concurrent change won). A bot that returns a
    refused action gets its seat's timeout action instead (logged: that is an engine bug).

    expected_version: when given, act only if the table is still at that version (a dispatched bot task is
    idempotent by version). decide: `decide(game, bot, view, seat, legal, rng)` → choice, in place of
    `bot.choose(view, seat, legal, rng)` (games.services.bot_work bounds the thinking by a wall-clock cap)."""
    snapshot = _due_bot_snapshot(table_id)
    if snapshot is None:
        return False
    version, seat, level, state_json, game_key, bot_seed, round_log = snapshot
    if expected_version is not None and version != expected_version:
        return False
    game = get_game(game_key)
    state = game.from_json(state_json)
    if rng is None:
        seeded = bot_seed and settings.KIBITZ_ALLOW_FIXED_DEALS
        rng = random.Random(f"{bot_seed}:{version}" if seeded else secrets.randbits(64))
    bot = game.bot(level)
    _show_earlier_views(game, bot, seat, round_log)
    if decide is None:
        choice = bot.choose(game.view(state, seat), seat, game.legal_actions(state, seat), rng)
    else:
        choice = decide(game, bot, game.view(state, seat), seat, game.legal_actions(state, seat), rng)
    if choice is None:  # the bot declines an optional call (Jass's "Enough, thanks"): it makes no move
        return False
    try:
        game.apply(state, seat, choice)
        wire = choice.to_wire()
    except RuleError as error:
        log.error("bot %s at table %s chose a refused action %r: %s", level, table_id, choice, error)
        wire = game.timeout_action(state, seat).to_wire()
    try:
        with transaction.atomic():
            table = lock_table(table_id)
            seat_row = Seat.objects.filter(table=table, number=seat).first()
            if seat_row is None or seat_row.bot_level != level:
                return False
            _apply_guarded(table, seat, version, wire, "act")
    except ServiceError as error:
        if error.code == "stale_version":
            return False
        raise
    return True


def _show_earlier_views(game: Any, bot: Any, seat: int, round_log: dict[str, Any]) -> None:
    """A bot with a memory (`observe(view, seat)`, e.g. the French Tarot expert) is rebuilt for each move, so
    it is shown every view its seat has had this deal, replayed from the round's log: what a person at the
    seat would remember, and nothing more (only that seat's views)."""
    observe = getattr(bot, "observe", None)
    if observe is None:
        return
    replay(
        game,
        round_log["options"],
        round_log["deal"],
        round_log["dealer"],
        round_log["actions"],
        round_log["start"],
        on_step=lambda _index, state: observe(game.view(state, seat), seat),
    )


def _due_bot_snapshot(table_id: int) -> tuple[int, int, str, Any, str, str, dict[str, Any]] | None:
    table = Table.objects.filter(pk=table_id, status=Table.Status.PLAYING).first()
    if table is None:
        return None
    rnd = _current_round(table)
    if rnd is None or rnd.bot_due_at is None or rnd.bot_due_at > timezone.now():
        return None
    if Table.objects.filter(pk=table_id).values_list("version", flat=True).first() != table.version:
        return None  # moved while we read the round; the next sweep will see it afresh
    game = get_game(table.game)
    state = game.from_json(rnd.snapshot)
    bots = {s.number: s.bot_level for s in Seat.objects.filter(table=table).exclude(bot_level="")}
    due = sorted(seat for seat in game.to_act(state) if seat in bots)
    if not due:
        return None
    round_log = {
        "options": rnd.options,
        "deal": rnd.deal,
        "dealer": rnd.dealer,
        "start": rnd.start,
        "actions": rnd.actions,
    }
    return table.version, due[0], bots[due[0]], rnd.snapshot, table.game, table.bot_seed, round_log


def _current_round(table: Table) -> Round | None:
    return Round.objects.filter(table=table, status=Round.Status.PLAYING).select_related("match").first()


def _apply_guarded(table: Table, seat: int, version: Any, payload: Any, kind: str) -> None:
    """Inside a transaction with `table` locked: check the version, let the engine apply, log, schedule."""
    if isinstance(version, bool) or not isinstance(version, int) or version != table.version:
        raise ServiceError(
            "stale_version", _("the table is at version %(version)s") % {"version": table.version}
        )
    rnd = _current_round(table)
    if rnd is None:
        raise ServiceError("no_round", _("no deal is being played at this table"))
    game = get_game(table.game)
    action = game.parse_action(payload)
    state = game.apply(game.from_json(rnd.snapshot), seat, action)
    wire = action.to_wire()
    rnd.snapshot = game.to_json(state)
    rnd.actions = [*rnd.actions, {"seat": seat, "action": wire}]
    append_event(table, kind, seat=seat, round=rnd, data={"action": wire})
    if not finish_round_if_over(table, rnd, game, state):
        schedule_turn(table, rnd, game, state)
    rnd.save()
    table.save()
