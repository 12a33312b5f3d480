"""A random player that reads only what a frame gives a page: the listed `legal` actions and the engine's `hints`.

Shared by the engine tests of hints (tests/engine/test_hints.py) and the table matches driven through the socket
(tests/tables/test_matches.py): it plays every kind a page offers, the unlisted ones (discard, handful, Weis,
bundled announcements, melds, lay-offs, the combined pile draw) through their hints, without knowing a rule.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any


def hint_actions(hints: Mapping[str, Any] | None) -> Iterator[dict[str, Any]]:
    """Every wire action the hints spell out whole (the discard, whose choice is the player's, is not one)."""
    hints = hints or {}
    for cards in hints.get("handful", {}).get("sizes", {}).values():
        yield {"handful": list(cards)}
    if "weis" in hints:
        yield {"weis": hints["weis"]["groups"]}
    for contract, announcements in hints.get("bundles", {}).items():
        for announcement in announcements:
            yield {"contract": contract, "announce": [announcement]}
    for kind in ("melds", "natural_melds"):
        melds = hints.get(kind)
        if melds and melds["opens"]:
            yield {"meld": melds["groups"]}
    for lay_off in hints.get("lay_offs", ()):
        yield {"lay_off": {"meld": lay_off["meld"], "cards": list(lay_off["cards"])}}
    if "open_with_pile" in hints:
        yield {"draw": "discard", "meld": hints["open_with_pile"]}


def random_discard(hint: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A discard chosen the way a page lets a player choose it: the hint's `must` cards and the rest at random
    from its `cards` (French Tarot §5.2; the hint's cards beyond `must` are all of one kind, so any pick is legal)."""
    must = list(hint["must"])
    rest = [c for c in hint["cards"] if c not in must]
    return {"discard": must + rng.sample(rest, hint["size"] - len(must))}


def random_move(
    legal: Sequence[Mapping[str, Any]] | None,
    hints: Mapping[str, Any] | None,
    rng: random.Random,
    avoid: Sequence[str] = (),
) -> dict[str, Any] | None:
    """A random move of a seat to act from its frame: a hinted action about half the time when there is one,
    else a random listed action whose kind is not in `avoid` (e.g. `thanks`, to keep a match going); None when
    neither exists (a seat in `to_act` only for an optional call it skips)."""
    hints = hints or {}
    if "discard" in hints:
        return random_discard(hints["discard"], rng)
    hinted = list(hint_actions(hints))
    if hinted and rng.random() < 0.5:
        return rng.choice(hinted)
    listed = [dict(a) for a in legal or () if not set(a) & set(avoid)]
    return rng.choice(listed) if listed else None
