"""The state transitions of a round, one small function per action kind (docs/rules/jass.md §5, §6).

Each changes the state it is given, which is `apply`'s private copy, and raises its refusals as `IllegalAction`.
The checks that every action shares (phase `done`, seat in `to_act`, action of another phase) run in
`rules.JassGame.apply` first.
"""

from __future__ import annotations

from games.engines.core import IllegalAction

from .cards import SUIT_OF, SUITS, trick_points, trick_winner
from .legality import MAX_PREDICTION, play_refusal
from .scoring import MATCH_BONUS, STOECK_POINTS, credit, round_end_winner, thanks_winner
from .state import DONE, PLAY, SCHIEBER, TRICKS, Ended, JassState
from .weis import best_weis_seat, check_declaration, group_points


def apply_trump(state: JassState, seat: int, mode: str) -> None:
    """The forehand or, after a push, its partner names the mode; the forehand leads trick 1 (§5.1)."""
    state.mode = mode
    state.chooser = seat
    state.phase = PLAY
    state.leader = state.forehand
    if mode in SUITS:
        king, queen = "K" + mode, "Q" + mode
        for s, hand in enumerate(state.deal["hands"]):
            if king in hand and queen in hand:
                state.stoeck_seat = s


def apply_push(state: JassState, seat: int) -> None:
    """The forehand passes the choice to its partner; only once (§5.1, `already_pushed`)."""
    if state.pushed:
        raise IllegalAction("already_pushed", "the choice was already pushed; name the mode")
    state.pushed = True


def apply_predict(state: JassState, seat: int, points: int) -> None:
    """Record a Differenzler prediction 0–157 (§5.2, `prediction_out_of_range`); all four in → phase `play`."""
    if not 0 <= points <= MAX_PREDICTION:
        raise IllegalAction("prediction_out_of_range", "a prediction is 0 to 157 points")
    state.predictions[seat] = points
    if all(p is not None for p in state.predictions):
        state.phase = PLAY
        state.leader = state.forehand


def apply_weis(state: JassState, seat: int, groups: tuple[tuple[str, ...], ...]) -> None:
    """Declare Weis before the seat's card in trick 1 (§5.4), refusals in the rules file's order."""
    if state.variant != SCHIEBER:
        raise IllegalAction("weis_not_allowed", "there is no Weis in Differenzler")
    if state.tricks_done > 0 or seat != state.to_play():
        raise IllegalAction("weis_too_late", "Weis only before your card in the first trick")
    if state.weis[seat] is not None:
        raise IllegalAction("weis_already_declared", "you already declared your Weis")
    hand = state.hands[seat]
    if any(card not in hand for group in groups for card in group):
        raise IllegalAction("not_in_hand", "a Weis card is not in your hand")
    normalized = check_declaration(groups, state.mode or "")
    if normalized is None:
        raise IllegalAction("weis_invalid", "not a valid Weis declaration")
    state.weis[seat] = [list(g) for g in normalized]


def apply_thanks(state: JassState, seat: int) -> None:
    """ "Enough, thanks" by the team that took the last trick (§5.6); ends the game either way (§6.3)."""
    if state.variant != SCHIEBER or state.options["auto_end"]:
        raise IllegalAction("thanks_not_allowed", '"Enough, thanks" is not part of this game')
    if not state.thanks_window:
        raise IllegalAction("thanks_not_now", '"Enough, thanks" only right after your team took a trick')
    team = seat % 2
    state.ended = Ended("thanks", seat, thanks_winner(state, team))
    state.thanks_window = False
    state.phase = DONE


def apply_play(state: JassState, seat: int, card: str) -> None:
    """Play a card (§5.3): Stöck at the second of trump K and Q (§5.5), then the trick's credits when it is
    complete (§6.2) and the end of the round or the game (§6.3, §6.4)."""
    if seat != state.to_play():
        raise IllegalAction("not_your_turn", "only the trick's winner leads; you may only say thanks")
    mode = state.mode or ""
    refusal = play_refusal(state.hands[seat], state.trick, mode, card, state.variant)
    if refusal is not None:
        raise IllegalAction(refusal, _REFUSAL_TEXT[refusal])
    state.hands[seat].remove(card)
    state.trick.append(card)
    state.thanks_window = False
    if (
        seat == state.stoeck_seat
        and not state.stoeck_credited
        and SUIT_OF[card] == mode
        and card[:-1] in ("K", "Q")
        and ("K" + mode) not in state.hands[seat]
        and ("Q" + mode) not in state.hands[seat]
    ):
        state.stoeck_credited = True
        credit(state, seat % 2, "stoeck", STOECK_POINTS, state.tricks_done + 1)
        if state.phase == DONE:
            return
    if len(state.trick) == 4:
        _complete_trick(state)


def _complete_trick(state: JassState) -> None:
    mode = state.mode or ""
    cards = state.trick
    last = state.tricks_done + 1 == TRICKS
    winner = trick_winner(state.leader, cards, mode)
    points = trick_points(cards, mode, last)
    state.last_trick = [state.leader, list(cards), winner]
    state.tricks_done += 1
    state.tricks_won[winner] += 1
    state.trick = []
    state.leader = winner
    if state.variant != SCHIEBER:
        state.credits[winner]["cards"] += points
        if last:
            state.phase = DONE
        return
    k = state.tricks_done
    if k == 1:
        best = best_weis_seat(state.weis, state.forehand, mode)
        if best is not None:
            state.weis_team = best % 2
            raw = sum(_weis_points(state, s) for s in range(4) if s % 2 == state.weis_team)
            credit(state, state.weis_team, "weis", raw, k)
            if state.phase == DONE:
                return
    team = winner % 2
    credit(state, team, "cards", points, k)
    if state.phase == DONE:
        return
    if last:
        if state.tricks_won[team] + state.tricks_won[team + 2] == TRICKS:
            credit(state, team, "match", MATCH_BONUS, k)
            if state.phase == DONE:
                return
        winner_team = round_end_winner(state, team)
        if winner_team is not None:
            state.ended = Ended("round_end", None, winner_team)
        state.phase = DONE
        return
    state.thanks_window = not state.options["auto_end"]


def _weis_points(state: JassState, seat: int) -> int:
    groups = state.weis[seat] or []
    return sum(group_points(g, state.mode or "") for g in groups)


_REFUSAL_TEXT = {
    "not_in_hand": "that card is not in your hand",
    "must_follow_suit": "you must follow suit",
    "undertrump_forbidden": "you may not play a trump below the highest trump in the trick",
}
