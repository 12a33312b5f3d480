"""One French Tarot deal booked straight through ledger.services (docs/rules/settlement.md "Steps"): a petite
at stake 0.12 per game unit with limit 18.00, the three defenders paying the taker 25 game units each."""

from __future__ import annotations

from typing import Any

from ledger import services as ledger


def settle_example_deal(users: list[Any], result: dict[str, Any] | None = None) -> None:
    """Reserve and settle unit "round:42" of table 3 for `users` (four players, seat order); `result` is the
    round result stored with the settlement."""
    ledger.reserve_unit(
        unit_id="round:42",
        table_key="table:3",
        stake=12,
        limit=1800,
        wallets=[ledger.wallet_for(u) for u in users],
        round_id=42,
        game="french-tarot",
    )
    ledger.settle_unit(unit_id="round:42", payments=[(1, 0, 25), (2, 0, 25), (3, 0, 25)], result=result)
