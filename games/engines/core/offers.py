"""The calls a page offers a seat, as the engine asks them (docs/engines.md "Hints and refusals").

`Game.refusals` answers, for each call a page may offer the seat to act, the engine's refusal code when `apply`
refuses it now. A game lists those calls as `Offers`: by action kind, a value key, and one representative action
to ask `apply` about. The value key is the action's value as text for a one-value call (`"KH"` for
`{"play": "KH"}`, `"garde"` for a bid, `"true"` for `{"thanks": true}`), or `ANY` (`"*"`) for a kind whose value is
a choice of cards (a meld, a discard, a Weis): its entry then stands for the kind as a whole, e.g. `must_draw_first`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .protocol import Action, Offers, SimpleAction, value_key

ANY = "*"


def offers_of(actions: Iterable[SimpleAction]) -> Offers:
    """`SimpleAction`s keyed by kind and `value_key(value)`."""
    found: Offers = {}
    for action in actions:
        found.setdefault(action.kind, {})[value_key(action.value)] = action
    return found


def play_offers(hand: Sequence[str], kind: str = "play") -> Offers:
    """Every card of `hand` as a `{kind: card}` call (the page offers each card of its hand to play)."""
    return offers_of(SimpleAction(kind, card) for card in dict.fromkeys(hand))


def merge(*parts: Mapping[str, Mapping[str, Action]]) -> Offers:
    """Several `Offers` as one (a later part's entry wins on the same kind and key)."""
    merged: Offers = {}
    for part in parts:
        for kind, calls in part.items():
            merged.setdefault(kind, {}).update(calls)
    return merged


__all__ = ["ANY", "Offers", "merge", "offers_of", "play_offers", "value_key"]
