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
from games.engines.core.seat_choice import seat_choice, show_earlier_views
from games.errors import ServiceError
from games.models import Move, Round, Seat, Table
from games.reads.projection import remember_move
from games.realtime import table_rows
from platform_config import rows

from .events import append_event
from .locking import lock_table, lock_table_for_move
from .round_flow import expired_seats, finish_round_if_over, schedule_turn

log = logging.getLogger(__name__)

MOVE_ID_MAX = 64
MOVED_ROUND_FIELDS = ("snapshot", "actions", "deadlines", "deadline", "bot_due_at")
"""What a move that does not end the deal changes on its round (the engine's state, the log, schedule_turn's times)."""
MAX_SEATS = 8  # at most this many timeouts in one sweep of a table (one per seat with a move due)


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
        # The move id's first answer, the seats and the round are read with the lock, in the same statement.
        locked = lock_table_for_move(table_id, actor, move_id)
        if locked.answer is not None:
            return locked.answer  # type: ignore[no-any-return]
        table = locked.table
        # the actor's seat, and the bots' for the next turn
        seat = next((s for s in locked.seats if s.user_id == user.pk and not s.bot_level), None)
        if seat is None:
            raise ServiceError("not_seated", _("you have no seat at this table"))
        bots = {s.number for s in locked.seats if s.bot_level}
        _apply_guarded(table, seat.number, version, action, "act", bot_seats=bots, rnd=locked.round)
        answer = {"type": "ack", "id": move_id, "version": table.version}
        rows.insert(Move(table=table, actor=actor, move_id=move_id, answer=answer))
    return answer


def apply_timeout(table_id: int, version: int) -> bool:
    """The sweeper's timeouts: if the table is still at `version`, apply the engine's `timeout_action` for every
    seat with a move due (`Game.due`) whose own deadline has passed, earliest first, each through the guarded
    path (seats whose deadlines run at once, e.g. Differenzler's secret predictions, each time out on their
    own). A seat holding only an optional call has no deadline. Returns whether an action was applied; run
    twice, or after a move that committed first, it does nothing."""
    applied = False
    with transaction.atomic():
        table = lock_table(table_id)
        if table.version != version:
            return False
        for _seat_count in range(MAX_SEATS):
            rnd = _current_round(table)
            if rnd is None:
                break
            game = get_game(table.game)
            state = game.from_json(rnd.snapshot)
            due = game.due(state)
            seat = next((s for s in expired_seats(rnd, timezone.now()) if s in due), None)
            if seat is None:
                break
            wire = game.timeout_action(state, seat).to_wire()
            _apply_guarded(table, seat, table.version, wire, "timeout")
            applied = True
    return applied


def bot_move(
    table_id: int,
    rng: random.Random | None = None,
    *,
    expected_version: int | None = None,
    decide: Callable[..., Any] | None = None,
) -> bool:
    """Let a bot act: compute its choice from its own seat's view outside any lock, then apply it through the
    guarded path at the version it saw. Returns whether a move was applied (False when nothing was due, every
    bot declined its optional call, or a concurrent change won).

    expected_version: when given, act only if the table is still at that version (a dispatched bot task is
    idempotent by version). decide: `decide(game, bot, view, seat, legal, rng)` → choice, in place of
    `bot.choose(view, seat, legal, rng)` for the due move (games.services.bot_work bounds the thinking by a
    wall-clock cap); an optional call is a quick question and is asked directly.

    Bots holding only an optional call (in `to_act`, not in `Game.due`: Jass's "Enough, thanks", Rummy's
    knock) are asked `optional_call` first, lowest seat first, since the first valid action wins (rules files
    §5); "no" is no action. Then the lowest bot seat with a move due is asked `choose`. When every bot only
    declined, the bots are not asked again until the table moves (the round's bot due time is cleared). A
    bot that returns a refused action, or none for a due move, gets its seat's timeout action instead
    (logged: that is an engine bug); a refused optional call is dropped."""
    snapshot = _bot_snapshot(table_id)
    if snapshot is None:
        return False
    version, bots, state_json, game_key, bot_seed, round_log = snapshot
    if expected_version is not None and version != expected_version:
        return False
    game = get_game(game_key)
    state = game.from_json(state_json)
    if rng is None:
        seeded = bot_seed and settings.KIBITZ_ALLOW_FIXED_DEALS
        rng = random.Random(f"{bot_seed}:{version}" if seeded else secrets.randbits(64))
    due = game.due(state)
    for caller in sorted((game.to_act(state) - due) & bots.keys()):
        bot = game.bot(bots[caller])
        show_earlier_views(game, bot, caller, round_log)
        call = bot.optional_call(game.view(state, caller), caller, game.legal_actions(state, caller), rng)
        if call is not None and _accepted(game, state, caller, call, bots[caller], table_id):
            return _apply_bot(table_id, version, caller, bots[caller], call.to_wire())
    due_bots = sorted(due & bots.keys())
    if not due_bots:
        _bots_declined(table_id, version)
        return False
    seat = due_bots[0]
    choice = seat_choice(game, game.bot(bots[seat]), state, seat, round_log, rng, decide)
    if choice is None:
        log.error("bot %s at table %s made no move at seat %s, which has one due", bots[seat], table_id, seat)
    if choice is not None and _accepted(game, state, seat, choice, bots[seat], table_id):
        wire = choice.to_wire()
    else:
        wire = game.timeout_action(state, seat).to_wire()
    return _apply_bot(table_id, version, seat, bots[seat], wire)


def _accepted(game: Any, state: Any, seat: int, action: Any, level: str, table_id: int) -> bool:
    """Whether the engine accepts a bot's action now; a refusal is logged (a bot must only choose legal actions)."""
    try:
        game.apply(state, seat, action)
    except RuleError as error:
        log.error("bot %s at table %s chose a refused action %r: %s", level, table_id, action, error)
        return False
    return True


def _apply_bot(table_id: int, version: int, seat: int, level: str, wire: dict[str, Any]) -> bool:
    """Apply a bot's action under the table lock at the version it saw; False when the seat changed hands or the
    table moved meanwhile."""
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


def _bots_declined(table_id: int, version: int) -> None:
    """Every bot in `to_act` declined its optional call and none has a move due: clear the bot due time at this
    version, so the sweeper does not ask them again until the table moves (the next move schedules anew)."""
    with transaction.atomic():
        table = lock_table(table_id)
        if table.version == version:
            Round.objects.filter(table=table, status=Round.Status.PLAYING).update(bot_due_at=None)


def _bot_snapshot(table_id: int) -> tuple[int, dict[int, str], Any, str, str, dict[str, Any]] | None:
    """What a bot move reads, outside any lock: `(version, {bot seat: level} of the bots in to_act, snapshot,
    game key, bot seed, round log)`, or None when no bot is due now."""
    table = Table.objects.filter(pk=table_id, status=Table.Status.PLAYING).first()
    if table is None:
        return None
    rnd = _current_round(table)
    if rnd is None or rnd.bot_due_at is None or rnd.bot_due_at > timezone.now():
        return None
    if Table.objects.filter(pk=table_id).values_list("version", flat=True).first() != table.version:
        return None  # moved while we read the round; the next sweep will see it afresh
    game = get_game(table.game)
    to_act = game.to_act(game.from_json(rnd.snapshot))
    bots = {
        s.number: s.bot_level
        for s in Seat.objects.filter(table=table).exclude(bot_level="")
        if s.number in to_act
    }
    if not bots:
        return None
    round_log = {
        "options": rnd.options,
        "deal": rnd.deal,
        "dealer": rnd.dealer,
        "start": rnd.start,
        "actions": rnd.actions,
    }
    return table.version, bots, rnd.snapshot, table.game, table.bot_seed, round_log


def _current_round(table: Table) -> Round | None:
    return table_rows.playing_round(table.pk)


def _apply_guarded(
    table: Table,
    seat: int,
    version: Any,
    payload: Any,
    kind: str,
    bot_seats: set[int] | None = None,
    rnd: Round | None = None,
) -> None:
    """Inside a transaction with `table` locked: check the version, let the engine apply, log, schedule.
    `bot_seats`: the table's bot seat numbers when the caller has read them (else schedule_turn reads them);
    `rnd`: the round being played when the caller read it under the lock (else it is read here).
    The table row is written again only when the round ended (append_event already wrote its version)."""
    if isinstance(version, bool) or not isinstance(version, int) or version != table.version:
        raise ServiceError(
            "stale_version", _("the table is at version %(version)s") % {"version": table.version}
        )
    rnd = rnd or _current_round(table)
    if rnd is None:
        raise ServiceError("no_round", _("no deal is being played at this table"))
    game = get_game(table.game)
    action = game.parse_action(payload)
    state = game.apply(game.from_json(rnd.snapshot), seat, action)
    wire = action.to_wire()
    rnd.snapshot = game.to_json(state)
    rnd.actions = [*rnd.actions, {"seat": seat, "action": wire}]
    event = append_event(table, kind, seat=seat, round=rnd, data={"action": wire})
    if finish_round_if_over(table, rnd, game, state):
        rnd.save()
        table.save()
        return
    schedule_turn(table, rnd, game, state, acted=seat, bot_seats=bot_seats)
    rows.update(rnd, MOVED_ROUND_FIELDS)
    remember_move(table, rnd, event, state)
