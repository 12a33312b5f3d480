"""Ledger errors, each with a stable `code` that pages and the table service can translate.

Every constructor takes `(code, message)` first, in the order of the engines' and the table service's
refusals (games.engines.core.errors.RuleError): `UnitClosed("unit_closed", "unit round:4 is settled")`.
"""

from __future__ import annotations


class LedgerError(Exception):
    """Base of every refusal by the ledger.

    Args:
        code: stable machine-readable reason (the codes of each subclass are in its docstring).
        message: for people; translated where a person sees it (docs/decisions-i18n.md).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class InsufficientFunds(LedgerError):
    """`insufficient_funds`: a wallet or escrow would go below zero; `account_id` names the account."""

    def __init__(self, code: str, message: str, account_id: int) -> None:
        super().__init__(code, message)
        self.account_id = account_id


class IdempotencyConflict(LedgerError):
    """`idempotency_conflict`: the key was already used for a different request (docs/rules/settlement.md
    "Invariants")."""


class Unbalanced(LedgerError):
    """`unbalanced`: the postings of a transaction do not sum to zero."""


class AppendOnly(LedgerError):
    """`append_only`: transactions and postings are never updated or deleted; corrections are reversals."""


class AlreadyReversed(LedgerError):
    """`already_reversed`: a transaction can be reversed once."""


class UnitClosed(LedgerError):
    """`unit_closed`: the settlement unit was already settled or released (settle and release exclude each
    other)."""


class UnknownUnit(LedgerError):
    """`unknown_unit`: no reservation exists for this settlement unit."""


class NotEligible(LedgerError):
    """A player may not join a stakes table; `code` says why: `email_unverified`, `self_excluded`, `insufficient_funds`,
    `loss_limit`, `no_limit` (the table has no limit)."""


class SeatsCannotCover(LedgerError):
    """`seats_cannot_cover`: some seats cannot cover the unit's worst case; `refusals` maps seat → NotEligible.
    Nothing was reserved. `SeatsCannotCover.of(refusals)` writes the message."""

    def __init__(self, code: str, message: str, refusals: dict[int, NotEligible]) -> None:
        super().__init__(code, message)
        self.refusals = refusals

    @classmethod
    def of(cls, refusals: dict[int, NotEligible]) -> SeatsCannotCover:
        """The error for these refusals, its message naming each seat's reason."""
        seats = ", ".join(f"seat {s}: {e.message}" for s, e in sorted(refusals.items()))
        return cls("seats_cannot_cover", f"cannot reserve the worst case ({seats})", refusals)


class ApprovalRefused(LedgerError):
    """An adjustment needs a second staff member: the requester cannot approve it, and it is decided once.
    Codes: `not_staff`, `no_reason`, `zero_amount`, `already_decided`, `same_staff`."""
