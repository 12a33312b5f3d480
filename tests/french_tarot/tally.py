"""An independent count of a finished deal from its final spectator view (docs/rules/french_tarot.md §6.2-§6.3).

Used by the property tests to check the engine's result against a second reading of the rules.
"""

from __future__ import annotations

from typing import Any

POINTS2 = {"K": 9, "Q": 7, "N": 5, "J": 3}
BOUTS = {"T1", "T21", "EX"}


def half_points(card: str) -> int:
    """Half-point value of a card (§2)."""
    if card in BOUTS:
        return 9
    if card.startswith("T"):
        return 1
    return POINTS2.get(card[:-1], 1)


def camp_tally(view: dict[str, Any], profile: str) -> dict[str, Any]:
    """Half-points and bouts of each camp from a `done` spectator view of a scored deal.

    Returns:
        `{"taker": {"half": h, "bouts": b}, "defence": {...}, "excuse_camps": n}` where `excuse_camps` is
        how many camps ended up counting the Excuse (must be 1).
    """
    taker = view["taker"]
    camps = {"taker": {"half": 0, "bouts": 0}, "defence": {"half": 0, "bouts": 0}}
    excuse_camps = 0

    def give(camp: str, card: str, value: int | None = None) -> None:
        camps[camp]["half"] += half_points(card) if value is None else value
        camps[camp]["bouts"] += 1 if card in BOUTS else 0

    for number, trick in enumerate(view["tricks"], start=1):
        winner_camp = "taker" if trick["winner"] == taker else "defence"
        for play in trick["cards"]:
            owner_camp = "taker" if play["seat"] == taker else "defence"
            if play["card"] == "EX":
                excuse_camps += 1
                if number < 18 and owner_camp != winner_camp:
                    give(owner_camp, "EX", 8 if profile == "fft" else 9)
                    camps[winner_camp]["half"] += 1 if profile == "fft" else 0
                    continue
            give(winner_camp, play["card"])
    contract = view["contract"]
    if contract in ("petite", "garde"):
        for card in view["discard"]:
            give("taker", card)
    else:
        for card in view["dog"]:
            give("taker" if contract == "garde_sans" else "defence", card)
            excuse_camps += card == "EX"
    return {**camps, "excuse_camps": excuse_camps}
