"""Jass actions and their strict wire reader (docs/rules/jass.md §5, docs/design.md "Conventions every engine shares").

Every action is a `SimpleAction(kind, value)`: `trump` (mode), `push` (True), `predict` (int), `play` (card),
`weis` (tuple of card tuples), `thanks` (True). The same reader serves both variants, so a kind that belongs to
another variant's phase is refused by `apply` with `wrong_phase` / `weis_not_allowed` / `thanks_not_allowed`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.core import BAD_ACTION, InvalidAction, SimpleAction
from games.engines.core.wire import read_card, read_card_list, read_choice, read_int, read_true, single_key

from .cards import DECK, DECK_SET, MODES
from .state import PLAY, PREDICT, TRUMP

KIND_PHASE: dict[str, str] = {
    "trump": TRUMP,
    "push": TRUMP,
    "predict": PREDICT,
    "play": PLAY,
    "weis": PLAY,
    "thanks": PLAY,
}

PUSH = SimpleAction("push", True)
_PLAYS = {card: SimpleAction("play", card) for card in DECK}
THANKS = SimpleAction("thanks", True)


def trump(mode: str) -> SimpleAction:
    """`{"trump": mode}` with mode in `S H D C obenabe unenufe` (docs/rules/jass.md §5.1)."""
    return SimpleAction("trump", mode)


def play(card: str) -> SimpleAction:
    """`{"play": card}` (docs/rules/jass.md §5.3); one shared value per card (actions are immutable)."""
    return _PLAYS[card]


def predict(points: int) -> SimpleAction:
    """`{"predict": points}`, points 0–157 (docs/rules/jass.md §5.2)."""
    return SimpleAction("predict", points)


def weis(groups: Sequence[Sequence[str]]) -> SimpleAction:
    """`{"weis": [[codes], …]}` (docs/rules/jass.md §5.4); groups as given, checked by `apply`."""
    return SimpleAction("weis", tuple(tuple(g) for g in groups))


def parse_action(payload: Any) -> SimpleAction:
    """Read a wire action. Raises `InvalidAction` (`bad_action`) for an unknown key, a bad card code or mode, a
    non-integer prediction, a flag other than `true`, or a Weis that is not a list of lists of card codes.

    Range and shape rules (prediction 0–157, an empty or odd Weis) are `apply`'s refusals, not form errors.
    """
    kind, value = single_key(payload, KIND_PHASE)
    if kind == "trump":
        return trump(read_choice(value, MODES, "mode"))
    if kind in ("push", "thanks"):
        read_true(value, kind)
        return PUSH if kind == "push" else THANKS
    if kind == "predict":
        return predict(read_int(value, "prediction"))
    if kind == "play":
        return play(read_card(value, DECK_SET))
    if not isinstance(value, list):
        raise InvalidAction(BAD_ACTION, "a Weis is a list of lists of card codes")
    return weis([list(read_card_list(group, DECK_SET, allow_empty=True)) for group in value])
