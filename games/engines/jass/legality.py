"""Who may act and what (docs/rules/jass.md §5): `to_act`, `legal_actions`, and which card a seat may play
(§5.3: follow suit, the trump Under, undertrumping per variant).

`play_refusal` is a question: the refusal code for one card (None when legal); `legal_cards` lists every legal
card. Both read only the hand, the cards already in the trick and the mode, so bots call them on sampled worlds.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.core import Action

from . import actions
from .cards import MODES, ROUND_CARD_POINTS, STRENGTH, SUIT_OF, SUITS, highest_trump
from .state import DIFFERENZLER, PLAY, PREDICT, SCHIEBER, TRUMP, JassState

MAX_PREDICTION = ROUND_CARD_POINTS
_PREDICTIONS = tuple(actions.predict(n) for n in range(MAX_PREDICTION + 1))


def to_act(state: JassState) -> frozenset[int]:
    """Seats that may act now (docs/rules/jass.md §5 table).

    `trump`: the forehand, after a push its partner. `predict`: every seat still to predict (`secret`) or the
    next predictor from the forehand (`open`). `play`: the seat to play, plus in the "Enough, thanks" window the
    partner of the trick's winner.
    """
    if state.phase == PLAY:
        seat = state.to_play()
        if state.thanks_window:
            return frozenset((seat, (seat + 2) % 4))
        return frozenset((seat,))
    if state.phase == TRUMP:
        return frozenset(((state.forehand + 2) % 4 if state.pushed else state.forehand,))
    if state.phase == PREDICT:
        waiting = [
            (state.forehand + i) % 4 for i in range(4) if state.predictions[(state.forehand + i) % 4] is None
        ]
        if state.options["predictions"] == "open":
            return frozenset(waiting[:1])
        return frozenset(waiting)
    return frozenset()


def due(state: JassState) -> frozenset[int]:
    """Seats whose move is awaited (docs/rules/jass.md §5.6, §5.7): `to_act` without the winner's partner in the
    "Enough, thanks" window, who may only make that optional call (the round waits only for the leader's card)."""
    if state.phase == PLAY:
        return frozenset((state.to_play(),))
    return to_act(state)


def legal_actions(state: JassState, seat: int) -> list[Action]:
    """Every listable legal action of `seat` (docs/rules/jass.md §5): trump choices and the push, predictions 0–157,
    legal cards and "Enough, thanks". Weis are never listed. Empty for a seat not in `to_act`."""
    if seat not in to_act(state):
        return []
    if state.phase == TRUMP:
        choices: list[Action] = [actions.trump(mode) for mode in MODES]
        return choices if state.pushed else [*choices, actions.PUSH]
    if state.phase == PREDICT:
        return list(_PREDICTIONS)
    found: list[Action] = []
    if seat == state.to_play():
        found = [
            actions.play(c)
            for c in legal_cards(state.hands[seat], state.trick, state.mode or "", state.variant)
        ]
    if state.thanks_window:
        found.append(actions.THANKS)
    return found


def play_refusal(hand: Sequence[str], trick: Sequence[str], mode: str, card: str, variant: str) -> str | None:
    """The refusal code for playing `card`, or None when it is legal (docs/rules/jass.md §5.3 steps 1–5).

    Args:
        hand: the cards the seat holds.
        trick: cards already played in this trick, lead first (empty when leading).
        mode: `S H D C`, `obenabe` or `unenufe`.
        card: the card to play.
        variant: `schieber` (undertrump only with a hand of trumps) or `differenzler` (when void in the lead).
    Returns:
        `not_in_hand`, `must_follow_suit`, `undertrump_forbidden` or None.
    """
    if card not in hand:
        return "not_in_hand"
    if not trick:
        return None
    led = SUIT_OF[trick[0]]
    suit = SUIT_OF[card]
    if mode not in SUITS:
        if suit != led and any(SUIT_OF[c] == led for c in hand):
            return "must_follow_suit"
        return None
    trump_under = "J" + mode
    if led == mode:
        if suit != mode and any(SUIT_OF[c] == mode and c != trump_under for c in hand):
            return "must_follow_suit"
        return None
    if suit == led:
        return None
    holds_led = any(SUIT_OF[c] == led for c in hand)
    if suit != mode:
        return "must_follow_suit" if holds_led else None
    top = highest_trump(trick, mode)
    if top is None or STRENGTH[mode][card] > STRENGTH[mode][top]:
        return None
    undertrump_allowed = all(SUIT_OF[c] == mode for c in hand) if variant == SCHIEBER else not holds_led
    return None if undertrump_allowed else "undertrump_forbidden"


def legal_cards(hand: Sequence[str], trick: Sequence[str], mode: str, variant: str) -> list[str]:
    """Every card of `hand` that may be played now, in the order of `hand` (docs/rules/jass.md §5.3).

    The fast path of `play_refusal` (same rules, one pass over the hand; a test checks they agree). Never
    empty for a non-empty hand: a seat holding the led suit can follow; one void in it may discard or trump.
    """
    if not trick:
        return list(hand)
    led = SUIT_OF[trick[0]]
    following = [c for c in hand if SUIT_OF[c] == led]
    if mode not in SUITS:
        return following or list(hand)
    if led == mode:
        if any(c != "J" + mode for c in following):
            return following
        return list(hand)
    trumps = [c for c in hand if SUIT_OF[c] == mode]
    if len(trumps) == len(hand):
        return list(hand)
    top = highest_trump(trick, mode)
    if top is not None and not (variant == DIFFERENZLER and not following):
        strength = STRENGTH[mode]
        floor = strength[top]
        trumps = [c for c in trumps if strength[c] > floor]
    allowed = (
        set(following) | set(trumps) if following else {c for c in hand if SUIT_OF[c] != mode} | set(trumps)
    )
    return [c for c in hand if c in allowed]
