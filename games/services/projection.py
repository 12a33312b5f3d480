"""What each recipient receives: its own projection of a table (STYLE.md "Secrets leave only through view()").

Frames hold the engine's `view` for the recipient's seat (None: a spectator), public table facts (seats,
names, the deck hash, deadlines, match scores), and for a seat to act its legal actions and, for each
card of its own hand that it may not play now, the engine's refusal code (shown as the reason on hover).
Event summaries carry a kind, a seat and an action's kind only: never a card.
"""

from __future__ import annotations

from typing import Any

from games.engine import get_game
from games.engine.errors import RuleError
from games.models import Event, Match, Round, Seat, Table

MAX_CATCH_UP = 200


def seat_of(table: Table, user: Any) -> int | None:
    """The seat a user plays at this table (None: a spectator). Bots' seats are not users' seats."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(table=table, user=user, bot_level="").values_list("number", flat=True).first()


def table_frame(table_id: int, seat: int | None, since: int | None = None) -> dict[str, Any] | None:
    """The frame for a recipient at `seat`: `{"type": "state", "version", "table", "view", "legal",
    "refusals", "events"}`. `events` are the summaries after `since` (None: none; a gap larger than
    MAX_CATCH_UP sends `"snapshot": true` and no events). Returns None when the table does not exist.

    The table row is read again at the end: if it moved meanwhile, the frame is rebuilt, so a frame is
    always one consistent version.
    """
    for _ in range(5):
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            return None
        frame = _build(table, seat, since)
        if Table.objects.filter(pk=table_id).values_list("version", flat=True).first() == table.version:
            return frame
    return frame


def _build(table: Table, seat: int | None, since: int | None) -> dict[str, Any]:
    game = get_game(table.game)
    seats = list(Seat.objects.filter(table=table).select_related("user__profile"))
    rnd = Round.objects.filter(table=table).order_by("-number").first()
    match = Match.objects.filter(table=table).order_by("-number").first()
    view = legal = refusals = None
    if rnd is not None:
        state = game.from_json(rnd.snapshot)
        view = game.view(state, seat)
        if seat is not None and seat in game.to_act(state):
            legal_actions = game.legal_actions(state, seat)
            legal = [a.to_wire() for a in legal_actions]
            refusals = _card_refusals(game, state, seat, view, legal)
    frame: dict[str, Any] = {
        "type": "state",
        "version": table.version,
        "table": {
            "id": table.pk, "game": table.game, "title": game.title or table.game, "status": table.status,
            "options": table.options, "turn_seconds": table.turn_seconds, "stake": table.stake,
            "limit": table.limit, "access": table.access, "bot_level": table.bot_level, "you": seat,
            "seats": [_seat_json(s) for s in seats],
            "round": None if rnd is None else {
                "number": rnd.number, "dealer": rnd.dealer, "deck_hash": rnd.deck_hash, "status": rnd.status,
                "deadline": rnd.deadline.isoformat() if rnd.deadline else None,
            },
            "next_deal_at": table.next_deal_at.isoformat() if table.next_deal_at else None,
            "standings": match.standings if match else None,
            "match_over": bool(match and match.over),
        },
        "view": view,
        "legal": legal,
        "refusals": refusals,
        "events": [],
    }
    if since is not None and since < table.version:
        if table.version - since > MAX_CATCH_UP:
            frame["snapshot"] = True
        else:
            frame["events"] = [event_summary(e) for e in
                               Event.objects.filter(table=table, version__gt=since, version__lte=table.version)]
    return frame


def _seat_json(seat: Seat) -> dict[str, Any]:
    user = seat.user
    return {"number": seat.number, "name": user.display_name if user else None, "bot": seat.is_bot,
            "bot_level": seat.bot_level or None, "open": user is None}


def event_summary(event: Event) -> dict[str, Any]:
    """`{"version", "kind", "seat", "action_kind"}` of an event: no card, no secret."""
    action = event.data.get("action") if event.kind in ("act", "timeout") else None
    return {"version": event.version, "kind": event.kind, "seat": event.seat,
            "action_kind": next(iter(action)) if isinstance(action, dict) and action else None}


def _card_refusals(game: Any, state: Any, seat: int, view: dict[str, Any],
                   legal: list[dict[str, Any]]) -> dict[str, str] | None:
    """For games whose cards are played as `{"play": code}`: why each held card may not be played now."""
    hand = view.get("hand")
    plays = {a["play"] for a in legal if "play" in a}
    if not isinstance(hand, list) or not plays:
        return None
    reasons: dict[str, str] = {}
    for card in hand:
        if card in plays:
            continue
        try:
            game.apply(state, seat, game.parse_action({"play": card}))
        except RuleError as error:
            reasons[str(card)] = error.code
    return reasons
