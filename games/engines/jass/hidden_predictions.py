"""Estimating the Differenzler predictions a seat's view hides, for the expert's playouts (docs/rules/jass.md §5.2, §7).

With `secret` predictions a seat sees only its own value until the round is scored. Its playouts still need every
seat's aim (a seat wants points while below its prediction), so each hidden value is estimated in each sampled
world: the seat's hand as it was dealt is rebuilt from that world (its cards now, its cards in the visible tricks
and an equal share of the cards gone in earlier tricks, drawn at random), and the estimate is what the standard
bot predicts for that hand (`heuristics.estimate_points`).
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK
from .heuristics import estimate_points


def filled_predictions(
    view: dict[str, Any], world: list[list[str]], mode: str, rng: random.Random
) -> list[int]:
    """Every seat's prediction for one sampled `world` (current hands per seat, consistent with `view`): the
    values the view shows, and for each hidden one the standard bot's prediction (card points 0–157) for a dealt
    hand rebuilt from the world. `rng` draws which earlier-trick cards each seat held."""
    shown: list[int | None] = list(view["predictions"])
    if all(value is not None for value in shown):
        return [int(v) for v in shown if v is not None]
    dealt = _dealt_hands(view, world, rng)
    return [value if value is not None else estimate_points(dealt[s], mode) for s, value in enumerate(shown)]


def _dealt_hands(view: dict[str, Any], world: list[list[str]], rng: random.Random) -> list[list[str]]:
    """Hands as dealt, consistent with the view and `world`: each seat's cards now, its cards of the current and
    the last trick, and a random equal share of the cards of the earlier tricks (the dealer's share holds the face-up
    trump card while it is among them)."""
    dealt = [list(hand) for hand in world]
    for trick in (view["trick"], view["last_trick"]):
        if trick:
            for i, card in enumerate(trick["cards"]):
                dealt[(trick["leader"] + i) % 4].append(card)
    held = {card for hand in dealt for card in hand}
    gone = [card for card in DECK if card not in held]
    rng.shuffle(gone)
    trump_card = view.get("trump_card")
    if trump_card in gone:
        gone.remove(trump_card)
        dealt[view["dealer"]].append(trump_card)
    for seat in range(4):
        need = len(DECK) // 4 - len(dealt[seat])
        dealt[seat].extend(gone[:need])
        gone = gone[need:]
    return dealt
