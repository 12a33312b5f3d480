"""THE one place where a settlement unit starts, ends or is aborted (rules/settlement.md).

The table service calls these three functions inside the same database transaction as the action that
causes them, so booking is all-or-nothing with the move. This app books no money: the ledger issue wires
`ledger.services` calls here (reserve / settle / release). What is recorded now is the engine's payments
on the Round, which is what the ledger will read.
"""

from __future__ import annotations

import logging

from games.engine.protocol import Payment
from games.models import Round, Table

log = logging.getLogger(__name__)


def unit_starting(table: Table, round: Round) -> None:
    """Before a deal is played (called once per round, after the Round row exists).

    Whether a new settlement unit starts here is the game's business (a deal in French Tarot, the whole
    match in Jass: then only the match's first round starts one). Ledger: reserve the stake here.
    """
    log.debug("table %s round %s: settlement unit may start (stake %s)", table.pk, round.number, table.stake)


def unit_settled(table: Table, round: Round, payments: list[Payment]) -> None:
    """After a round whose `engine.settlement(state)` returned payments (a finished settlement unit).

    Args:
        payments: `(payer seat, payee seat, game units)` as the engine returned them.
    Ledger: settle with the stake and limit of `table`, idempotent on `round.pk`.
    """
    round.settlement = [list(p) for p in payments]


def unit_aborted(table: Table, round: Round) -> None:
    """A round that will never be scored (table closed mid-deal). Ledger: release the reservation."""
    round.settlement = None
