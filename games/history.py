"""Hand histories and replay files of finished deals (docs/design.md "Deck commitment", "Cards and replay files").
Once the match is over they show the whole deal; while it runs they leave out what the rules file says is never
shown (`shown_actions`: Schieber's Weis of the non-scoring team, docs/rules/jass.md §7)."""

from __future__ import annotations

import json
from typing import Any

from accounts.models import User
from games.engines.core import get_game
from games.models import Round, Seat


def shown_actions(rnd: Round) -> list[dict[str, Any]]:
    """The action log of the finished deal `rnd` as its history and replay file show it: every action once the
    match is over, else without those its game's `hidden_while_match_runs` names (a Schieber Weis of the team that
    does not score its Weis: what is left still replays to the same result, as that Weis scored nothing)."""
    if rnd.match.over or rnd.status != Round.Status.DONE:
        return list(rnd.actions)
    try:
        game = get_game(rnd.table.game)
    except KeyError:
        return list(rnd.actions)
    hidden = game.hidden_while_match_runs(game.from_json(rnd.snapshot), rnd.actions)
    return [step for i, step in enumerate(rnd.actions) if i not in hidden]


def replay_document(rnd: Round) -> dict[str, Any]:
    """The replay file of a deal: `{"game", "options", "dealer", "deal", "start", "actions"}` (`shown_actions`)."""
    doc: dict[str, Any] = {
        "game": rnd.table.game,
        "options": rnd.options,
        "dealer": rnd.dealer,
        "deal": rnd.deal,
        "actions": shown_actions(rnd),
    }
    if rnd.start is not None:
        doc["start"] = rnd.start
    return doc


def hand_history(rnd: Round) -> dict[str, Any]:
    """Everything about a finished deal (its actions: `shown_actions`): who was dealt into each seat, the deal,
    each action, the result, and the deck `order` and `salt` whose `sha256(salt + ":" + " ".join(order))` is the
    `deck_hash` shown at the deal.

    Returns `{"table", "round", "game", "dealer", "dealer_name", "names": [name per seat], "deal", "hands": [{"seat",
    "name", "cards"}], "actions": [{"seat", "action"}], "steps": [{"seat", "name", "text"}], "scores": [{"name",
    "score"}] | None, "result", "result_json" (the result as indented JSON text), "status", "deck_hash", "order",
    "salt"}`; `steps` spell each action out
    (e.g. "play 7H").
    """
    seats = {s.number: s for s in Seat.objects.filter(table=rnd.table).select_related("user__profile")}
    dealt = {
        u.pk: u.display_name
        for u in User.objects.filter(pk__in=[p for p in rnd.players if p]).select_related("profile")
    }
    names = []
    for number in range(len(seats)):
        person = rnd.players[number] if number < len(rnd.players) else None
        seat = seats.get(number)
        named = dealt.get(person) if person is not None else None
        names.append(named or (seat.user.display_name if seat and seat.user else None))
    hands = rnd.deal.get("hands") if isinstance(rnd.deal, dict) else None
    scores = _round_scores(rnd)
    actions = shown_actions(rnd)
    return {
        "table": rnd.table_id,
        "round": rnd.number,
        "game": rnd.table.game,
        "dealer": rnd.dealer,
        "names": names,
        "dealer_name": names[rnd.dealer] if rnd.dealer < len(names) else None,
        "deal": rnd.deal,
        "hands": [
            {"seat": i, "name": names[i] if i < len(names) else None, "cards": h}
            for i, h in enumerate(hands or [])
        ],
        "actions": actions,
        "steps": [
            {
                "seat": a["seat"],
                "name": names[a["seat"]] if a["seat"] < len(names) else None,
                "text": action_text(a["action"]),
            }
            for a in actions
        ],
        "scores": [{"name": names[i] if i < len(names) else None, "score": v} for i, v in enumerate(scores)]
        if isinstance(scores, list)
        else None,
        "result": rnd.result,
        "result_json": json.dumps(rnd.result, indent=2, ensure_ascii=False, sort_keys=True),
        "status": rnd.status,
        "deck_hash": rnd.deck_hash,
        "order": rnd.order,
        "salt": rnd.salt,
    }


def _round_scores(rnd: Round) -> list[int] | None:
    """Each seat's score change of the finished deal as its engine counts it (`Game.round_scores` of the stored
    final state: French Tarot's scores, a Schieber team's points, minus a Differenzler difference), so that every
    game's history shows it, not only a game whose result names `scores`; None for a deal not finished."""
    if rnd.status != Round.Status.DONE:
        return None
    try:
        game = get_game(rnd.table.game)
    except KeyError:
        return None
    return game.round_scores(game.from_json(rnd.snapshot))


def action_text(action: Any) -> str:
    """A wire action spelled out for people: `{"play": "7H"}` → "play 7H", `{"discard": ["AS", "KS"]}` →
    "discard AS KS", `{"slam": false}` → "slam no", nested objects as `key value` pairs."""
    if isinstance(action, dict):
        return " · ".join(
            f"{key.replace('_', ' ')} {action_text(value)}".strip() for key, value in action.items()
        )
    if isinstance(action, list):
        return " ".join(action_text(item) for item in action)
    if isinstance(action, bool):
        return "yes" if action else "no"
    return "" if action is None else str(action)
