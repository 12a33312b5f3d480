"""Ledger errors, each with a stable `code` that pages and the table service can translate."""

from __future__ import annotations


class LedgerError(Exception):
    """Base of every refusal by the ledger; `code` is stable, `message` is for people."""

    code = "ledger_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class InsufficientFunds(LedgerError):
    """A wallet or escrow would go below zero. `account_id` names the account."""

    code = "insufficient_funds"

    def __init__(self, message: str, account_id: int) -> None:
        super().__init__(message)
        self.account_id = account_id


class IdempotencyConflict(LedgerError):
    """The key was already used for a different request (docs/rules/settlement.md "Invariants")."""

    code = "idempotency_conflict"


class Unbalanced(LedgerError):
    """The postings of a transaction do not sum to zero."""

    code = "unbalanced"


class AppendOnly(LedgerError):
    """Transactions and postings are never updated or deleted; corrections are reversals."""

    code = "append_only"


class AlreadyReversed(LedgerError):
    """A transaction can be reversed once."""

    code = "already_reversed"


class UnitClosed(LedgerError):
    """The settlement unit was already settled or released (settle and release exclude each other)."""

    code = "unit_closed"


class UnknownUnit(LedgerError):
    """No reservation exists for this settlement unit."""

    code = "unknown_unit"


class NotEligible(LedgerError):
    """A player may not join a stakes table; `code` says why: self_excluded, insufficient_funds, loss_limit,
    no_limit (the table has no limit)."""

    code = "not_eligible"


class SeatsCannotCover(LedgerError):
    """Some seats cannot cover the unit's worst case; `refusals` maps seat → NotEligible. Nothing was reserved."""

    code = "seats_cannot_cover"

    def __init__(self, refusals: dict[int, NotEligible]) -> None:
        seats = ", ".join(f"seat {s}: {e.message}" for s, e in sorted(refusals.items()))
        super().__init__(f"cannot reserve the worst case ({seats})")
        self.refusals = refusals


class ApprovalRefused(LedgerError):
    """An adjustment needs a second staff member: the requester cannot approve it, and it is decided once."""

    code = "approval_refused"
