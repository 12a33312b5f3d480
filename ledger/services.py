"""The ledger's public API (docs/style.md "Service functions own every write"): the table service, pages, the
player sign-up (signup.players) and management commands call these and nothing else writes ledger rows.

For the table service, per settlement unit (a deal, or a Jass match), at its single settlement spot:

    from ledger import services as ledger

    # before the deal: all seats or none; SeatsCannotCover.refusals says which seats to stand up and why
    wallets = [ledger.wallet_for(user) if user else ledger.bot_wallet(f"table:{t.pk}:seat:{s}") ...]
    ledger.reserve_unit(unit_id=f"round:{round.pk}", table_key=f"table:{t.pk}", stake=t.stake,
                        limit=t.limit, wallets=wallets, round_id=round.pk, game=t.game)
    # when the engine reports payments (Game.settlement(state) is not None), in the same DB transaction:
    ledger.settle_unit(unit_id=f"round:{round.pk}", payments=payments, result=game.result(state))
    # what the booked unit paid each position (None until it is settled), for the score sheet:
    ledger.booked_unit(f"round:{round.pk}")
    # a unit that never finishes (table closed):
    ledger.release_unit(unit_id=f"round:{round.pk}", reason="table closed")

    # before seating a player at a stakes table (raises NotEligible with .code and .message):
    ledger.check_can_join_stakes_table(user, stake, limit, players)

Money is always integer minor units. Errors are subclasses of ledger.errors.LedgerError with a stable `code`.
"""

from __future__ import annotations

from ledger.books import (
    adjustments_account,
    bot_wallet,
    escrow_for,
    house_account,
    promotions_account,
    wallet_for,
)
from ledger.calculation import calculate_settlement, worst_case
from ledger.errors import (
    AlreadyReversed,
    AppendOnly,
    ApprovalRefused,
    IdempotencyConflict,
    InsufficientFunds,
    LedgerError,
    NotEligible,
    SeatsCannotCover,
    Unbalanced,
    UnitClosed,
    UnknownUnit,
)
from ledger.players import (
    check_can_join_stakes_table,
    exclude_self,
    excluded_until,
    grant_starting_balance,
    limit_in_force,
    set_loss_limit,
)
from ledger.posting import post, reverse
from ledger.results import BookedUnit, booked_unit
from ledger.schedule import add_schedule, approve_schedule, bands_in_force, reject_schedule
from ledger.staff import (
    approve_adjustment,
    approve_reversal,
    approve_role_grant,
    bootstrap_administrator,
    reject_adjustment,
    reject_reversal,
    reject_role_grant,
    request_adjustment,
    request_reversal,
    set_cool_off,
    set_staff_roles,
)
from ledger.units import fund_bot, release_unit, reserve_unit, settle_unit

__all__ = [
    "AlreadyReversed",
    "AppendOnly",
    "BookedUnit",
    "ApprovalRefused",
    "IdempotencyConflict",
    "InsufficientFunds",
    "LedgerError",
    "NotEligible",
    "SeatsCannotCover",
    "Unbalanced",
    "UnitClosed",
    "UnknownUnit",
    "add_schedule",
    "adjustments_account",
    "approve_adjustment",
    "approve_role_grant",
    "approve_schedule",
    "bootstrap_administrator",
    "reject_role_grant",
    "reject_schedule",
    "bands_in_force",
    "booked_unit",
    "bot_wallet",
    "calculate_settlement",
    "check_can_join_stakes_table",
    "escrow_for",
    "exclude_self",
    "excluded_until",
    "fund_bot",
    "grant_starting_balance",
    "house_account",
    "limit_in_force",
    "post",
    "promotions_account",
    "reject_adjustment",
    "release_unit",
    "request_adjustment",
    "reserve_unit",
    "reverse",
    "request_reversal",
    "approve_reversal",
    "reject_reversal",
    "set_cool_off",
    "set_staff_roles",
    "set_loss_limit",
    "settle_unit",
    "wallet_for",
    "worst_case",
]
