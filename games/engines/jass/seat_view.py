"""What one seat or a spectator may see (docs/rules/jass.md §7). Every secret leaves the engine only through here.

Keys of every view: `game`, `seat`, `phase`, `dealer`, `forehand`, `to_act`, `options`, `hand` (own, canonical
order; None for a spectator), `hand_sizes`, `totals` (match totals), `trick` (`{"leader", "cards"}`),
`last_trick` (`{"leader", "cards", "winner"}` or None), `tricks_played`, `tricks_won` (per seat), `result`.
Schieber adds `mode`, `chooser`, `pushed`, `multiplier`, `tricks_won_team`, `credited` (per team, the result's
`teams` shape), `weis` (`announced` per seat `{"best": points}` or None, `own` groups or None, `scored` the
scoring team's Weis after trick 1 or None) and `stoeck` (`{"seat", "points"}` or None).
Differenzler adds `trump_card`, `trump`, `predictions` (values this seat may see, else None: with `secret`
predictions another seat's value only in phase `done`, §5.2), `predicted` (per seat) and `points` (card points
taken per seat). Earlier tricks are never in a view.
"""

from __future__ import annotations

from typing import Any

from .cards import sort_canonical
from .legality import to_act
from .scoring import STOECK_POINTS, match_totals, multiplier, round_total, scoring_declarations
from .state import DONE, SCHIEBER, JassState
from .weis import group_points


def build_view(
    state: JassState, seat: int | None, game_key: str, result: dict[str, Any] | None
) -> dict[str, Any]:
    """The view of `seat` (None: a spectator), JSON-ready (docs/rules/jass.md §7)."""
    last = None
    if state.last_trick is not None:
        leader, cards, winner = state.last_trick
        last = {"leader": leader, "cards": list(cards), "winner": winner}
    view: dict[str, Any] = {
        "game": game_key,
        "seat": seat,
        "phase": state.phase,
        "dealer": state.dealer,
        "forehand": state.forehand,
        "to_act": sorted(to_act(state)),
        "options": dict(state.options),
        "hand": None if seat is None else sort_canonical(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "totals": match_totals(state),
        "trick": {"leader": state.leader, "cards": list(state.trick)},
        "last_trick": last,
        "tricks_played": state.tricks_done,
        "tricks_won": list(state.tricks_won),
        "result": result if state.phase == DONE else None,
    }
    if state.variant == SCHIEBER:
        view.update(_schieber_part(state, seat))
    else:
        view.update(_differenzler_part(state, seat))
    return view


def _schieber_part(state: JassState, seat: int | None) -> dict[str, Any]:
    mode = state.mode or ""
    announced: list[dict[str, int] | None] = [
        None if groups is None else {"best": max(group_points(g, mode) for g in groups)}
        for groups in state.weis
    ]
    scored = None
    if state.tricks_done >= 1 and state.weis_team is not None:
        scored = {"team": state.weis_team, "declarations": scoring_declarations(state)}
    own = None
    if seat is not None and state.weis[seat] is not None:
        own = [list(g) for g in state.weis[seat] or []]
    stoeck = None
    if state.stoeck_credited:
        stoeck = {"seat": state.stoeck_seat, "points": STOECK_POINTS}
    return {
        "mode": state.mode,
        "chooser": state.chooser,
        "pushed": state.pushed,
        "multiplier": multiplier(state),
        "tricks_won_team": [
            state.tricks_won[0] + state.tricks_won[2],
            state.tricks_won[1] + state.tricks_won[3],
        ],
        "credited": [{**state.credits[t], "total": round_total(state, t)} for t in range(2)],
        "weis": {"announced": announced, "own": own, "scored": scored},
        "stoeck": stoeck,
    }


def _differenzler_part(state: JassState, seat: int | None) -> dict[str, Any]:
    # Secret ("verdeckt") values are written down and shown once the round is scored (§5.2, §7), not when the
    # fourth is in: until `done` a seat sees only its own value and which seats have predicted.
    public = state.phase == DONE or state.options["predictions"] == "open"
    predictions = [p if (public or s == seat) else None for s, p in enumerate(state.predictions)]
    return {
        "trump_card": state.deal["trump_card"],
        "trump": state.mode,
        "predictions": predictions,
        "predicted": [p is not None for p in state.predictions],
        "points": [c["cards"] for c in state.credits],
    }


def public_cards(state: JassState) -> frozenset[str]:
    """The cards every viewer, spectators included, may see now (docs/rules/jass.md §7, "other seats, spectators").

    Returns:
        a frozenset of card codes: the trick in progress and the last completed trick; Differenzler's
        `trump_card`, dealt face up; in Schieber after trick 1 the Weis cards of the scoring team (the other
        team's never). A Stöck is shown by seat and points, not as cards, and earlier tricks are never shown.
    """
    cards = set(state.trick)
    if state.last_trick is not None:
        cards.update(state.last_trick[1])
    if state.variant != SCHIEBER:
        cards.add(state.deal["trump_card"])
    elif state.tricks_done >= 1 and state.weis_team is not None:
        team = [groups or [] for seat, groups in enumerate(state.weis) if seat % 2 == state.weis_team]
        cards.update(card for groups in team for group in groups for card in group)
    return frozenset(cards)
