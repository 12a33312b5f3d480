"""What each recipient receives: its own projection of a table (docs/style.md "Secrets leave only through view()").

Frames hold the engine's `view` for the recipient's seat (None: a spectator), public table facts (seats,
names, whether each seat is dealt in, why a bot holds a person's seat, the deck hash, the deadline of each seat
with a move due, match scores and the match totals after each finished deal, the time of the automatic next deal,
a stakes table's worst case and, once the ledger booked it, the finished unit's money by seat),
and for a seat to act its legal actions, the engine's hints for the kinds it does not list (melds, lay-offs,
Weis, discards, handfuls) and, for every call its page offers, the engine's refusal code when that call is not
allowed now (shown as the reason on hover).
Event summaries carry a kind, a seat and an action's kind only: never a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from accounts.models import User
from games.declarations import game_title
from games.engines.core import get_game
from games.models import Event, Match, Round, Seat, Table
from games.realtime import table_rows
from games.realtime.built_once import MISSING, BuiltOnce
from ledger import services as ledger
from platform_config.notify import in_process_on_commit

from .table_terms import dealt_in, table_limit, table_money_terms, unit_id_for

MAX_CATCH_UP = 200
CACHE_SIZE = 512
RECENT_EVENTS = (
    16  # the event summaries each version's load keeps: a recipient at most this far behind needs no query
)


@dataclass(frozen=True)
class TableAt:
    """Everything a frame needs about a table at one version (immutable: a version never changes)."""

    table: Table
    seats: list[Seat]  # without their users cached: `names` has what a frame shows of them
    names: dict[int, str]  # the shown name of each user sitting or replaced at a seat, by user id
    round: Round | None
    match: Match | None
    state: Any
    dealt: list[str | None]  # per seat, the display name of the person dealt into the round (None: a bot)
    money: (
        dict[str, Any] | None
    )  # the round's booked settlement unit by table seat (None: not booked, no stakes)
    match_rounds: list[
        dict[str, Any]
    ]  # the match sheet: `{"number", "scores"}` per finished deal of the match
    recent_events: list[
        dict[str, Any]
    ]  # event summaries of versions after `version - RECENT_EVENTS`, in order

    @property
    def version(self) -> int:
        """The table's version these rows are at."""
        return int(self.table.version)

    def holder(self, seat: int) -> int | None:
        """The user id of the person holding seat `seat` at this version (None: a bot, an open seat, no seat)."""
        row = next((s for s in self.seats if s.number == seat), None)
        return row.user_id if row is not None and not row.bot_level else None

    def builds_without_query(self, since: int | None) -> bool:
        """Whether `build_frame` of this load with the events after `since` runs no query (they are kept here,
        or none are sent, or the gap sends a snapshot)."""
        return (
            since is None
            or since >= self.version
            or self.version - since > MAX_CATCH_UP
            or since >= self.version - RECENT_EVENTS
        )

    def events_after(self, since: int) -> list[dict[str, Any]] | None:
        """The event summaries after version `since` up to this version, or None when they are older than the
        ones kept with this version (the caller queries them)."""
        if since < self.version - RECENT_EVENTS:
            return None
        return [e for e in self.recent_events if e["version"] > since]


# Tables by (id, version), shared by every socket of this process: one load per version, not per recipient. Correct
# without invalidation because the rows behind a version never change; a table's versions share a build lock.
_loads: BuiltOnce[tuple[int, int], TableAt] = BuiltOnce(CACHE_SIZE, group=lambda key: key[0])


def forget_loads() -> None:
    """Drop every cached load: for tests, whose rolled-back rows may come back under the same ids and versions
    (in a running site a version's rows never change, so nothing else needs this)."""
    _loads.clear()


def _current_version(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()


def cached_table_at(table_id: int, version: int | None) -> TableAt | None:
    """`table_at(table_id, version)` when it needs no query (this process has the table at `version` or newer),
    else None."""
    if version is None:
        return None
    latest = _loads.newest(table_id)
    if latest is MISSING or latest.version < version:
        return None
    return latest


def table_at(table_id: int, version: int | None = None) -> TableAt | None:
    """The table at its current version (cached per version). None when the table does not exist.

    With `version` (a version a notification announced), the newest cached load of the table is returned
    without a query when it is at least that version: the rows behind a version never change, and a recipient
    that gets version N before N+1's notification arrives stays contiguous. The rows are read and the version read
    again afterwards: if a writer moved the table meanwhile, the load is repeated, so the result is always one
    consistent version (the load's last read, the recent events, shows a writer that moved it).
    """
    if version is not None:
        newer = cached_table_at(table_id, version)
        if newer is not None:
            return newer  # as new as announced, or newer
    else:
        version = _current_version(table_id)
    for _ in range(5):
        if version is None:
            return None
        key = (table_id, version)
        cached = _loads.cached(key)
        if cached is not MISSING:
            return cached
        # One load per version even when every socket of the table asks at once from the thread pool: the
        # others wait for the first and find its load in the cache.
        with _loads.building(key):
            cached = _loads.cached(key)
            if cached is not MISSING:
                return cached
            loaded, version = _load(table_id)
            if loaded is not None:
                _loads.put((table_id, loaded.version), loaded)
                return loaded
            if version is None:
                return None
    raise RuntimeError(f"table {table_id} kept moving while being read")


def remember_move(table: Table, rnd: Round, event: Event, state: Any) -> None:
    """After a move that did not end the deal, in its transaction (the table locked, `table.version` the move's, `rnd`
    saved with `state`, the engine's state after the move, as its snapshot, `event` appended): the new version's
    load, derived from the previous version's load when this process has it, is cached once the transaction commits,
    so the move's frames are built without reading the table again (nor parsing the snapshot just written: engine
    states are values, never changed in place). Only the round, the table row and the latest event changed with the
    move: the seats, names, dealt names and match sheet are the previous version's (a seat that changes hands writes
    its own event), and no money is booked mid-deal."""
    earlier = _loads.cached((table.pk, table.version - 1))
    if earlier is MISSING or earlier.round is None or earlier.round.pk != rnd.pk:
        return
    if earlier.round.status != Round.Status.PLAYING or earlier.match is None:
        return
    kept = [e for e in earlier.recent_events if e["version"] > table.version - RECENT_EVENTS]
    loaded = TableAt(
        table=table,
        seats=earlier.seats,
        names=earlier.names,
        round=rnd,
        match=earlier.match,
        state=state,
        dealt=earlier.dealt,
        money=None,
        match_rounds=earlier.match_rounds,
        recent_events=[*kept, event_summary(event)],
    )
    key = (table.pk, table.version)
    in_process_on_commit(lambda: _loads.put(key, loaded))


def _load(table_id: int) -> tuple[TableAt | None, int | None]:
    """Read the table's rows once: `(load, its version)`, or `(None, a newer version)` when a writer moved the
    table during the read (or `(None, None)`: no such table)."""
    # The table row comes with its seats (one query), the match with the latest round (a table has one match).
    table, seats, names = table_rows.table_with_seats(table_id)
    if table is None:
        return None, None
    rnd = table_rows.latest_round(table_id)
    match = rnd.match if rnd is not None else Match.objects.filter(table=table).order_by("-number").first()
    state = get_game(table.game).from_json(rnd.snapshot) if rnd is not None else None
    newest = _loads.newest(table_id)
    earlier = None if newest is MISSING else newest
    same_deal = (
        earlier is not None
        and rnd is not None
        and earlier.round is not None
        and earlier.round.pk == rnd.pk
        and earlier.round.status == rnd.status == Round.Status.PLAYING
        and earlier.round.players == rnd.players
        and earlier.match is not None
        and match is not None
        and earlier.match.pk == match.pk
    )
    # While one deal is played its dealt names and the match's finished deals do not change: they are
    # taken from the previous version's load instead of read again.
    dealt = earlier.dealt if same_deal and earlier else _dealt_names(rnd)
    money = _booked_money(table, rnd)
    match_rounds = earlier.match_rounds if same_deal and earlier else _match_rounds(table.game, match)
    # Read last, the recent events also tell whether a writer moved the table during this load: a version's
    # event commits with its version, so an event past `table.version` means the rows above may be newer.
    # The summaries the previous load kept are not read again: only the events after it.
    oldest = table.version - RECENT_EVENTS
    reuse = earlier is not None and oldest <= earlier.version <= table.version
    kept = [e for e in earlier.recent_events if e["version"] > oldest] if reuse and earlier else []
    events = table_rows.events_after(table_id, earlier.version if reuse and earlier else oldest)
    if events and events[-1].version > table.version:
        return None, events[-1].version
    recent = [*kept, *(event_summary(e) for e in events)]
    return TableAt(table, seats, names, rnd, match, state, dealt, money, match_rounds, recent), table.version


def _match_rounds(game_key: str, match: Match | None) -> list[dict[str, Any]]:
    """Each finished deal of the match with the match totals after it, `[{"number": n, "scores": [per seat]}]`
    in deal order: the engine's standings of the deal's final state (public facts; rules file §8)."""
    if match is None:
        return []
    game = get_game(game_key)
    done = Round.objects.filter(match=match, status=Round.Status.DONE).order_by("number")
    return [
        {"number": number, "scores": list(game.standings(game.from_json(snapshot))["scores"])}
        for number, snapshot in done.values_list("number", "snapshot")
    ]


def _booked_money(table: Table, rnd: Round | None) -> dict[str, Any] | None:
    """What the ledger booked for the settlement unit `rnd` ended (ledger.BookedUnit.to_json by table seat): the
    same figures as each player's wallet line. None at a free table, while the deal runs, and for a Jass deal before
    the match's end (its unit is not booked yet)."""
    if table.stake <= 0 or rnd is None or rnd.status != Round.Status.DONE:
        return None
    booked = ledger.booked_unit(unit_id_for(table, rnd))
    return None if booked is None else booked.to_json(dealt_in(table, rnd))


def _dealt_names(rnd: Round | None) -> list[str | None]:
    """Who was dealt into the round, by display name (a person who left stays named on its score sheet)."""
    ids = [uid for uid in (rnd.players if rnd is not None else []) if uid is not None]
    names = {u.pk: u.display_name for u in User.objects.filter(pk__in=ids).select_related("profile")}
    return [names.get(uid) if uid is not None else None for uid in (rnd.players if rnd is not None else [])]


def seat_of(table: Table, user: Any) -> int | None:
    """The seat a user plays at this table (None: a spectator). Bots' seats are not users' seats."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(table=table, user=user, bot_level="").values_list("number", flat=True).first()


def table_exists_with_seat(table_id: int, user: Any) -> tuple[bool, int | None]:
    """For a socket opening: whether the table exists, and the seat `user` plays there (None: a spectator)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return False, None
    return True, seat_of(table, user)


def holds_seat(table_id: int, user: Any, seat: int, loaded: TableAt | None = None) -> bool:
    """Whether `user` (a person) still holds seat `seat` of the table (not after a leave or a kick), at the
    version `loaded` (default: the current one, `table_at`): answered from the version's seat → user map, so the
    check every recipient makes costs no query of its own."""
    loaded = loaded or table_at(table_id)
    return loaded is not None and loaded.holder(seat) == getattr(user, "pk", None)


def stood_up_reason(table_id: int, user: Any, seat: int, loaded: TableAt | None = None) -> str | None:
    """Why `user` lost seat `seat` when they were stood up for want of funds (games.services.settlement.stand_up):
    the ledger's refusal code (`insufficient_funds`, `loss_limit`, `self_excluded`, ...), for that player's own
    notice; None when the seat went another way (left, kicked) or is theirs again. The seat is read at the
    version `loaded` (default: the current one); only a stood-up seat reads its event."""
    loaded = loaded or table_at(table_id)
    row = None if loaded is None else next((s for s in loaded.seats if s.number == seat), None)
    if row is None or row.bot_reason != "cannot_cover" or row.replaced_id != getattr(user, "pk", None):
        return None
    event = Event.objects.filter(table_id=table_id, seat=seat, kind="stood_up").order_by("-version").first()
    if event is None or event.data.get("user") != getattr(user, "pk", None):
        return None
    return str(event.data.get("code") or "insufficient_funds")


def table_frame(
    table_id: int, seat: int | None, since: int | None = None, newer_than: int | None = None
) -> dict[str, Any] | None:
    """The frame for a recipient at `seat`: `{"type": "state", "version", "table", "view", "legal",
    "refusals", "hints", "events"}`; `legal`, `refusals` (`{kind: {value key: code}}`) and `hints` (by kind) are
    None unless the seat is in `to_act` (docs/decisions-tables.md "Sockets"). `events` are the summaries after
    `since` (None: none; a gap larger than MAX_CATCH_UP sends `"snapshot": true` and no events). Returns None
    when the table does not exist.

    A frame is always one consistent version of the table (see `table_at`). With `newer_than`, None is
    also returned when the table is not past that version (the recipient is up to date: nothing is built).
    """
    if newer_than is not None and (_current_version(table_id) or 0) <= newer_than:
        return None
    loaded = table_at(table_id)
    return None if loaded is None else build_frame(loaded, seat, since)


def build_frame(loaded: TableAt, seat: int | None, since: int | None) -> dict[str, Any]:
    """The frame of `table_frame` for the recipient at `seat` (None: a spectator) from one version's load, with
    the events after `since` (None: none). Queries only for events older than the load keeps."""
    return _build(loaded, seat, since)


def _build(loaded: TableAt, seat: int | None, since: int | None) -> dict[str, Any]:
    table, seats, rnd, match, state = loaded.table, loaded.seats, loaded.round, loaded.match, loaded.state
    game = get_game(table.game)
    view = legal = refusals = hints = None
    if rnd is not None:
        view = game.view(state, seat)
        if seat is not None and seat in game.to_act(state):
            legal = [a.to_wire() for a in game.legal_actions(state, seat)]
            refusals = game.refusals(state, seat)
            hints = game.hints(state, seat)
    frame: dict[str, Any] = {
        "type": "state",
        "version": table.version,
        "table": {
            "id": table.pk,
            "game": table.game,
            "title": game_title(game),
            "status": table.status,
            "options": table.options,
            "turn_seconds": table.turn_seconds,
            "stake": table.stake,
            "limit": table.limit,
            "money_terms": _money_terms(table),
            "access": table.access,
            "bot_level": table.bot_level,
            "suggestions": table.suggestions,
            "you": seat,
            "seats": [
                _seat_json(s, loaded.names, None if state is None else game.dealt_in(state)) for s in seats
            ],
            "round": None
            if rnd is None
            else {
                "number": rnd.number,
                "dealer": rnd.dealer,
                "deck_hash": rnd.deck_hash,
                "status": rnd.status,
                "deadline": rnd.deadline.isoformat() if rnd.deadline else None,
                "deadlines": rnd.deadlines or {},
                "players": loaded.dealt,
                "money": loaded.money,
                # the match before this deal as the engine's rules file §8 `start` gives it (public totals and
                # deals played; None for a match's first deal), e.g. for "Deal 2 of 4" in the table's bar
                "start": rnd.start,
                "reserved": _reserved_per_seat(table, game, state),
            },
            "next_deal_at": table.next_deal_at.isoformat() if table.next_deal_at else None,
            "standings": match.standings if match else None,
            "match_rounds": loaded.match_rounds,
            "match_over": bool(match and match.over),
        },
        "view": view,
        "legal": legal,
        "refusals": refusals,
        "hints": hints,
        "events": [],
    }
    if since is not None and since < table.version:
        if table.version - since > MAX_CATCH_UP:
            frame["snapshot"] = True
        else:
            kept = loaded.events_after(since)
            frame["events"] = (
                kept
                if kept is not None
                else [
                    event_summary(e)
                    for e in Event.objects.filter(table=table, version__gt=since, version__lte=table.version)
                ]
            )
    return frame


def _reserved_per_seat(table: Table, game: Any, state: Any) -> int | None:
    """What the running settlement unit holds back from each seat dealt in, in minor units: the ledger's worst case
    (ledger.services.worst_case: limit × (seats dealt in − 1), docs/rules/settlement.md "Money safety"); None at a
    free table or without a deal. The Leave dialog names it (static/js/table/leave.js)."""
    if table.stake <= 0 or state is None:
        return None
    return ledger.worst_case(table_limit(table), len(game.dealt_in(state)))


def _money_terms(table: Table) -> dict[str, Any] | None:
    terms = table_money_terms(table)
    return terms.to_json() if terms else None


def _seat_json(seat: Seat, names: dict[int, str], dealt_in: frozenset[int] | None) -> dict[str, Any]:
    """A seat's public facts; `dealt_in` False for a seat not dealt into the current deal (a Rummy seat out of
    the match), None before the first deal. A bot in a person's seat says why (`bot_reason`, seating.BotReason)
    and whose seat it was (`replaced`, a display name)."""
    return {
        "bot_reason": seat.bot_reason or None,
        "replaced": names[seat.replaced_id] if seat.replaced_id is not None else None,
        "number": seat.number,
        "name": names[seat.user_id] if seat.user_id is not None else None,
        "bot": seat.is_bot,
        "bot_level": seat.bot_level or None,
        "open": seat.user_id is None,
        "dealt_in": None if dealt_in is None else seat.number in dealt_in,
    }


def event_summary(event: Event) -> dict[str, Any]:
    """`{"version", "kind", "seat", "action_kind"}` of an event: no card, no secret."""
    action = event.data.get("action") if event.kind in ("act", "timeout") else None
    return {
        "version": event.version,
        "kind": event.kind,
        "seat": event.seat,
        "action_kind": next(iter(action)) if isinstance(action, dict) and action else None,
    }
