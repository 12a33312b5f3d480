"""Crediting points and ending the game (docs/rules/jass.md §6.2–§6.5, §9).

Schieber credits arrive as events (Stöck, Weis, trick, Match) to a team's running total, each multiplied by the
round's multiplier; a team reaches the target at the first event after which its total ≥ target. Differenzler
credits card points per seat and scores penalties at the end. Results and payments are built here too.
"""

from __future__ import annotations

from typing import Any

from .cards import OBENABE, UNENUFE
from .state import CREDIT_KINDS, DONE, SCHIEBER, Ended, JassState
from .weis import group_points

# keyed by the Swiss suit behind each letter (Roses S, Shields H, Bells D, Acorns C) so ×2 stays on H and D.
MULTIPLIERS: dict[str, dict[str, int]] = {
    "stargames": {"S": 1, "C": 1, "H": 2, "D": 2, OBENABE: 3, UNENUFE: 4},
    "swisslos": {"S": 1, "C": 1, "H": 2, "D": 2, OBENABE: 3, UNENUFE: 3},
    "none": {"S": 1, "C": 1, "H": 1, "D": 1, OBENABE: 1, UNENUFE: 1},
}
STOECK_POINTS = 20
MATCH_BONUS = 100
DIFFERENZLER_ROUNDS = 4


def empty_credits(count: int) -> list[dict[str, int]]:
    """`count` credit records, each `{"cards": 0, "match": 0, "weis": 0, "stoeck": 0}`."""
    return [dict.fromkeys(CREDIT_KINDS, 0) for _ in range(count)]


def multiplier(state: JassState) -> int:
    """The round's multiplier m by option `multipliers` and mode (docs/rules/jass.md §6.2); 1 before a mode or in
    Differenzler."""
    if state.variant != SCHIEBER or state.mode is None:
        return 1
    return MULTIPLIERS[state.options["multipliers"]][state.mode]


def round_total(state: JassState, team: int) -> int:
    """Points credited to `team` in this round so far, after the multiplier."""
    return sum(state.credits[team].values()) * multiplier(state)


def match_totals(state: JassState) -> list[int]:
    """Schieber: team totals (match total before the round + credited so far). Differenzler: penalty totals
    before the round, plus this round's penalties once it is done."""
    if state.variant == SCHIEBER:
        return [state.start_totals[t] + round_total(state, t) for t in range(2)]
    if state.phase != DONE:
        return list(state.start_totals)
    return [t + p for t, p in zip(state.start_totals, penalties(state), strict=True)]


def credit(state: JassState, team: int, kind: str, raw: int, trick_number: int) -> None:
    """Credit `raw` points of `kind` to `team` as one event (docs/rules/jass.md §6.2) and apply the target.

    Records when the team first reaches the target (`reached`); with `auto_end` that ends the game at once
    (docs/rules/jass.md §6.3): phase `done`, nothing later is credited. Mutates `state` (a clone inside `apply`).
    """
    state.credits[team][kind] += raw
    state.events += 1
    if state.reached[team] is None and match_totals(state)[team] >= state.options["target"]:
        state.reached[team] = [state.events, trick_number]
        if state.options["auto_end"] and state.ended is None:
            state.ended = Ended("auto", None, team)
            state.phase = DONE


def thanks_winner(state: JassState, caller_team: int) -> int:
    """The winning team when `caller_team` calls "Enough, thanks" after trick k (docs/rules/jass.md §6.3).

    Below the target the other team wins; at it the caller wins unless the other team also reached it during
    trick k by an earlier event (Stöck–Weis–trick order).
    """
    other = 1 - caller_team
    mine = state.reached[caller_team]
    if mine is None:
        return other
    theirs = state.reached[other]
    if theirs is not None and theirs[1] == state.tricks_done and theirs[0] < mine[0]:
        return other
    return caller_team


def round_end_winner(state: JassState, last_trick_team: int) -> int | None:
    """After trick 9 without a call: the last-trick team is counted first (docs/rules/jass.md §6.3); None: no winner."""
    for team in (last_trick_team, 1 - last_trick_team):
        if state.reached[team] is not None:
            return team
    return None


def schieber_payments(winner_team: int) -> list[list[int]]:
    """Each loser s pays seat s + 1 (a winner) one unit (docs/rules/jass.md §9), sorted by payer."""
    return [[s, (s + 1) % 4, 1] for s in range(4) if s % 2 != winner_team]


def differenzler_payments(totals: list[int]) -> list[list[int]]:
    """For each pair with different totals the higher pays the lower the difference (docs/rules/jass.md §9), sorted
    by payer then payee."""
    payments = [
        [payer, payee, totals[payer] - totals[payee]]
        for payer in range(4)
        for payee in range(4)
        if totals[payer] > totals[payee]
    ]
    return sorted(payments)


def penalties(state: JassState) -> list[int]:
    """Differenzler penalty per seat: |prediction − card points| (docs/rules/jass.md §6.4); predictions must be in."""
    found = []
    for predicted, credited in zip(state.predictions, state.credits, strict=True):
        assert predicted is not None, "every seat predicts before the play"
        found.append(abs(predicted - credited["cards"]))
    return found


def differenzler_winner(totals: list[int], rounds_played: int) -> int | None:
    """The match winner after `rounds_played` rounds: the single lowest total from round 4 on, else None
    (a tie for lowest means another round, docs/rules/jass.md §8)."""
    if rounds_played < DIFFERENZLER_ROUNDS:
        return None
    low = min(totals)
    return totals.index(low) if totals.count(low) == 1 else None


def scoring_declarations(state: JassState) -> list[dict[str, Any]]:
    """The scoring team's Weis in play order from the forehand: `[{"seat", "weis": [[codes]], "values"}]`
    (docs/rules/jass.md §6.5); empty before trick 1 is complete or when nobody declared."""
    found = []
    for offset in range(4):
        seat = (state.forehand + offset) % 4
        groups = state.weis[seat]
        if groups and state.weis_team is not None and seat % 2 == state.weis_team:
            found.append(
                {
                    "seat": seat,
                    "weis": [list(g) for g in groups],
                    "values": [group_points(g, state.mode or "") for g in groups],
                }
            )
    return found


def schieber_result(state: JassState) -> dict[str, Any]:
    """The Schieber result JSON of docs/rules/jass.md §6.5 (every credit itemised, raw and multiplied)."""
    m = multiplier(state)
    teams = [{**state.credits[t], "total": round_total(state, t)} for t in range(2)]
    weis: dict[str, Any] | None = None
    if any(state.weis):
        weis = {"team": state.weis_team, "declarations": scoring_declarations(state)}
    ended = None
    if state.ended is not None:
        ended = {
            "by": state.ended.by,
            "caller": state.ended.caller,
            "winner_team": state.ended.winner_team,
            "payments": schieber_payments(state.ended.winner_team),
        }
    return {
        "mode": state.mode,
        "chooser": state.chooser,
        "pushed": state.pushed,
        "multiplier": m,
        "tricks_played": state.tricks_done,
        "teams": teams,
        "weis": weis,
        "totals": match_totals(state),
        "ended": ended,
    }


def differenzler_result(state: JassState) -> dict[str, Any]:
    """The Differenzler result JSON of docs/rules/jass.md §6.5."""
    totals = match_totals(state)
    winner = differenzler_winner(totals, state.rounds_played + 1)
    ended = None if winner is None else {"winner": winner, "payments": differenzler_payments(totals)}
    return {
        "trump_card": state.deal["trump_card"],
        "trump": state.mode,
        "predictions": list(state.predictions),
        "points": [c["cards"] for c in state.credits],
        "penalties": penalties(state),
        "totals": totals,
        "ended": ended,
    }


def result(state: JassState) -> dict[str, Any] | None:
    """The round's result JSON (docs/rules/jass.md §6.5), None while the round is not over."""
    if state.phase != DONE:
        return None
    return schieber_result(state) if state.variant == SCHIEBER else differenzler_result(state)


def settlement(state: JassState) -> list[tuple[int, int, int]] | None:
    """§9's payments `(payer, payee, units)` when this round ends the match, else None."""
    if state.phase != DONE:
        return None
    if state.variant == SCHIEBER:
        if state.ended is None:
            return None
        payments = schieber_payments(state.ended.winner_team)
    else:
        totals = match_totals(state)
        if differenzler_winner(totals, state.rounds_played + 1) is None:
            return None
        payments = differenzler_payments(totals)
    return [(payer, payee, units) for payer, payee, units in payments]
