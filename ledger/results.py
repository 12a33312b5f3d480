"""What a booked settlement unit paid each seat (read side; docs/rules/settlement.md "Steps" 2, 6 and 7): the
score sheet at a stakes table shows these figures, never a calculation of its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ledger.models import SettlementUnit, UnitStatus


@dataclass(frozen=True)
class SeatResult:
    """One position of a booked unit (minor units): `result` Δ (received − paid), `commission` its share of C
    (winners only), `net` the wallet change Δ − share, which is the statement's line for the deal."""

    position: int
    result: int
    commission: int
    net: int


@dataclass(frozen=True)
class BookedUnit:
    """A settled unit: the currency, the rate (basis points) and money value V it used, the commission C, and its
    seats by position (the order the table service reserved them in)."""

    currency: str
    rate_bp: int
    value: int
    commission: int
    seats: tuple[SeatResult, ...]

    def to_json(self, table_seats: list[int]) -> dict[str, Any]:
        """The unit for a frame, positions mapped to `table_seats` (position i is table seat table_seats[i]):
        `{"currency", "rate_bp", "value", "commission", "seats": [{"seat", "result", "commission", "net"}]}`."""
        return {
            "currency": self.currency,
            "rate_bp": self.rate_bp,
            "value": self.value,
            "commission": self.commission,
            "seats": [
                {
                    "seat": table_seats[s.position],
                    "result": s.result,
                    "commission": s.commission,
                    "net": s.net,
                }
                for s in self.seats
            ],
        }


def booked_unit(unit_id: str) -> BookedUnit | None:
    """The booked settlement of `unit_id`, or None while it is reserved, after a release, or when it does not
    exist (a free table books nothing)."""
    unit = SettlementUnit.objects.filter(unit_id=unit_id, status=UnitStatus.SETTLED).first()
    if unit is None:
        return None
    return BookedUnit(
        currency=unit.currency,
        rate_bp=unit.rate_bp or 0,
        value=unit.value or 0,
        commission=unit.commission or 0,
        seats=tuple(
            SeatResult(s.seat, s.delta or 0, s.share or 0, s.change or 0)
            for s in unit.seat_set.order_by("seat")
        ),
    )
