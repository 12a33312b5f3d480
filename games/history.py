"""Hand histories and replay files of finished deals (DESIGN.md "Deck commitment", "Cards and replay files")."""

from __future__ import annotations

from typing import Any

from games.models import Round, Seat


def replay_document(rnd: Round) -> dict[str, Any]:
    """The replay file of a deal: `{"game", "options", "dealer", "deal", "start", "actions"}`."""
    doc: dict[str, Any] = {"game": rnd.table.game, "options": rnd.options, "dealer": rnd.dealer,
                           "deal": rnd.deal, "actions": rnd.actions}
    if rnd.start is not None:
        doc["start"] = rnd.start
    return doc


def hand_history(rnd: Round) -> dict[str, Any]:
    """Everything about a finished deal: seats' names, the deal, each action, the result, and the deck
    `order` and `salt` whose `sha256(salt + ":" + " ".join(order))` is the `deck_hash` shown at the deal."""
    names = {s.number: (s.user.display_name if s.user else None)
             for s in Seat.objects.filter(table=rnd.table).select_related("user__profile")}
    return {
        "table": rnd.table_id, "round": rnd.number, "game": rnd.table.game, "dealer": rnd.dealer,
        "names": [names.get(i) for i in range(len(names))], "deal": rnd.deal,
        "actions": rnd.actions, "result": rnd.result, "status": rnd.status,
        "deck_hash": rnd.deck_hash, "order": rnd.order, "salt": rnd.salt,
    }
