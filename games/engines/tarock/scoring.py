"""Scoring a finished deal: items, the game value N, payments and deltas (docs/rules/tarock.md §6).

Everything here reads only the finished state's public-after-`done` facts: hands as dealt, tricks, the
contract and its items.
"""

from __future__ import annotations

from typing import Any

from .cards import KOENIGSTRULL, MOND, PAGAT, SKUS, TRULL, points_of
from .state import DECL, DEF, TarockState

# Values by item and contract (§6.2); a missing contract means the item does not exist there.
VALUES: dict[str, dict[str, int]] = {
    "game": {"rufer": 1, "solo": 4, "farbensolo": 4},
    "absolut": {"rufer": 2, "solo": 4, "farbensolo": 4},
    "absolut_still": {"rufer": 1, "solo": 2, "farbensolo": 2},
    "pagat": {"rufer": 2, "solo": 4},
    "pagat_still": {"rufer": 1, "solo": 2},
    "valat": {"rufer": 12, "solo": 24, "farbensolo": 24},
    "valat_still": {"rufer": 6, "solo": 12, "farbensolo": 12},
    "trull": {"rufer": 1, "solo": 2},
    "koenigstrull": {"rufer": 1, "solo": 2, "farbensolo": 2},
    "mondfang": {"rufer": 1, "solo": 2},
}


def _other(side: str) -> str:
    return DEF if side == DECL else DECL


def _entry(item: str, announced: bool, kontra: int, winner: str, value: int) -> dict[str, Any]:
    sign = 1 if winner == DECL else -1
    return {
        "item": item,
        "announced": announced,
        "kontra": kontra,
        "winner": winner,
        "units": sign * value * 2**kontra,
    }


def side_facts(state: TarockState) -> tuple[dict[str, int], dict[str, int]]:
    """`(points, tricks)` per side (`decl`, `def`) from the completed tricks (§6.1)."""
    points = {DECL: 0, DEF: 0}
    tricks = {DECL: 0, DEF: 0}
    for trick in state.tricks:
        assert trick.winner is not None
        side = state.side_of(trick.winner)
        points[side] += points_of(c for _, c in trick.cards)
        tricks[side] += 1
    return points, tricks


def _holder_side(state: TarockState, cards: frozenset[str]) -> str | None:
    """Side of the seat dealt every card of `cards`, if one seat was."""
    for seat in range(4):
        if cards.issubset(state.dealt[seat]):
            return state.side_of(seat)
    return None


def _score_items(state: TarockState, points: dict[str, int], tricks: dict[str, int]) -> list[dict[str, Any]]:
    """The §6.2 items that apply, in result order, before the Valat replacement."""
    contract = state.contract
    assert contract is not None
    game_item = state.item("game")
    assert game_item is not None
    entries: list[dict[str, Any]] = [
        _entry("game", False, game_item.kontra, DECL if points[DECL] >= 45 else DEF, VALUES["game"][contract])
    ]
    entries.extend(_absolut_entries(state, contract, points))
    if contract in VALUES["pagat"]:
        entries.extend(_pagat_entries(state, contract))
    entries.extend(_valat_entries(state, contract, tricks, game_item.kontra))
    entries.extend(_trull_entries(state, contract))
    if contract in VALUES["mondfang"]:
        entries.extend(_mondfang_entries(state, contract))
    return entries


def _absolut_entries(state: TarockState, contract: str, points: dict[str, int]) -> list[dict[str, Any]]:
    """The announced Absolut (§6.2: 56 card points or more for its side), or a still one for each side that
    made it where Absolut exists (Rufer, or a Solo with option `absolut_in_solo`)."""
    absolut = state.item("absolut")
    if absolut is not None:
        won = points[absolut.owner] >= 56
        winner = absolut.owner if won else _other(absolut.owner)
        return [_entry("absolut", True, absolut.kontra, winner, VALUES["absolut"][contract])]
    if not (contract == "rufer" or state.options["absolut_in_solo"]):
        return []
    return [
        _entry("absolut", False, 0, side, VALUES["absolut_still"][contract])
        for side in (DECL, DEF)
        if points[side] >= 56
    ]


def _valat_entries(
    state: TarockState, contract: str, tricks: dict[str, int], game_kontra: int
) -> list[dict[str, Any]]:
    """The announced Valat (§6.2: all 10 tricks for its side), or a still one for a side that took every trick,
    kontra'd like the game under option `still_valat_kontra`."""
    valat = state.item("valat")
    if valat is not None:
        winner = valat.owner if tricks[valat.owner] == 10 else _other(valat.owner)
        return [_entry("valat", True, valat.kontra, winner, VALUES["valat"][contract])]
    return [
        _entry(
            "valat",
            False,
            game_kontra if state.options["still_valat_kontra"] else 0,
            side,
            VALUES["valat_still"][contract],
        )
        for side in (DECL, DEF)
        if tricks[side] == 10
    ]


def _trull_entries(state: TarockState, contract: str) -> list[dict[str, Any]]:
    """The still Trull and Königstrull items (§6.2): for the side of the seat dealt the whole group (§2: T1, T21,
    T22; the four Kings), where the contract has the item."""
    entries = []
    for name, cards in (("trull", TRULL), ("koenigstrull", KOENIGSTRULL)):
        holder = _holder_side(state, cards) if contract in VALUES[name] else None
        if holder is not None:
            entries.append(_entry(name, False, 0, holder, VALUES[name][contract]))
    return entries


def _mondfang_entries(state: TarockState, contract: str) -> list[dict[str, Any]]:
    """The Mondfang item (§6.2): against the side of the Mond's player when the Sküs took it in the trick it
    fell in."""
    for trick in state.tricks:
        played = {c: s for s, c in trick.cards}
        if MOND in played:
            if SKUS in played and trick.winner == played[SKUS]:
                winner = _other(state.side_of(played[MOND]))
                return [_entry("mondfang", False, 0, winner, VALUES["mondfang"][contract])]
            break
    return []


def _pagat_entries(state: TarockState, contract: str) -> list[dict[str, Any]]:
    """The announced or still Pagat item (§6.2): decided by T1 in trick 10."""
    last = state.tricks[9]
    pagat_seat = next((s for s, c in last.cards if c == PAGAT), None)
    pagat_won = pagat_seat is not None and last.winner == pagat_seat
    announced = state.item("pagat")
    if announced is not None:
        won = pagat_won and announced.by == pagat_seat
        winner = announced.owner if won else _other(announced.owner)
        return [_entry("pagat", True, announced.kontra, winner, VALUES["pagat"][contract])]
    if pagat_seat is None:
        return []
    holder_side = state.side_of(pagat_seat)
    winner = holder_side if pagat_won else _other(holder_side)
    return [_entry("pagat", False, 0, winner, VALUES["pagat_still"][contract])]


def payments_for(state: TarockState, value: int) -> list[list[int]]:
    """Payments `[payer, payee, units]` sorted by payer then payee (§6.4)."""
    if value == 0:
        return []
    assert state.declarer is not None
    declarers = sorted(s for s in range(4) if state.side_of(s) == DECL)
    defenders = sorted(s for s in range(4) if state.side_of(s) == DEF)
    winners, losers = (declarers, defenders) if value > 0 else (defenders, declarers)
    amount = abs(value)
    if state.contract == "rufer":
        pays = [[loser, winner, amount] for loser, winner in zip(losers, winners, strict=True)]
    else:
        pays = [[loser, winner, amount] for loser in losers for winner in winners]
    return sorted(pays)


def result(state: TarockState) -> dict[str, Any] | None:
    """§6.5 result JSON, `{"redeal": [codes]}` for a thrown-in deal, None before `done`."""
    if state.phase != "done":
        return None
    if state.redeal is not None:
        return {"redeal": list(state.redeal)}
    return score(state)


def settlement(state: TarockState) -> list[tuple[int, int, int]] | None:
    """§9: the payments of a played deal (possibly []), None for a redeal or an unfinished deal."""
    if state.phase != "done" or state.redeal is not None:
        return None
    return [(p, q, u) for p, q, u in score(state)["payments"]]


def score(state: TarockState) -> dict[str, Any]:
    """The §6.5 result JSON of a finished, played deal.

    Returns:
        `{"contract", "declarer", "called", "partner", "points": [decl, def], "tricks": [decl, def],
        "items": [...], "value": N, "payments": [[payer, payee, units], ...], "deltas": [d0..d3]}`.
    """
    points, tricks = side_facts(state)
    entries = _score_items(state, points, tricks)
    valats = [e for e in entries if e["item"] == "valat"]
    if valats:
        entries = valats
    value = sum(e["units"] for e in entries)
    payments = payments_for(state, value)
    deltas = [0, 0, 0, 0]
    for payer, payee, units in payments:
        deltas[payer] -= units
        deltas[payee] += units
    rufer = state.contract == "rufer"
    return {
        "contract": state.contract,
        "declarer": state.declarer,
        "called": state.called if rufer else None,
        "partner": state.partner if rufer else None,
        "points": [points[DECL], points[DEF]],
        "tricks": [tricks[DECL], tricks[DEF]],
        "items": entries,
        "value": value,
        "payments": payments,
        "deltas": deltas,
    }
