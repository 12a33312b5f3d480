"""Deck commitment (docs/design.md "Deck commitment").

At the deal the table shows `sha256(salt + ":" + " ".join(order))` in hex; the hand history reveals
`order` and `salt` so anyone can recompute the hash and redeal the cards with the game's dealing rule.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def deck_hash(salt: str, order: Sequence[str | int]) -> str:
    """Return the hex SHA-256 commitment of a shuffled deck.

    Args:
        salt: 32 hex digits, secret until the hand history is shown.
        order: the shuffled deck as card codes (Rummy: followed by the two restock permutations as numbers).
    """
    text = salt + ":" + " ".join(str(item) for item in order)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
