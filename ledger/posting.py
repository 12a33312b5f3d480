"""The one posting service: the only code that writes transactions, postings and cached balances.

`post()` books one balanced transaction under an idempotency key:
- the same key with the same request returns the transaction booked first; the same key with a different
  request raises IdempotencyConflict (never replayed silently);
- the accounts are locked in id order, so two transfers between the same accounts in opposite directions
  cannot deadlock;
- a wallet or escrow that would go below zero raises InsufficientFunds (checked after the locks, so it is
  never a symptom of a concurrent writer); the database CHECK is the backstop;
- serialization failures and deadlocks are retried with the same key when `post` owns the transaction; inside
  a caller's transaction they propagate, and the caller retries its whole transaction.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils.translation import get_language, gettext

from ledger.errors import AlreadyReversed, IdempotencyConflict, InsufficientFunds, Unbalanced
from ledger.models import NON_NEGATIVE_KINDS, Account, Posting, Transaction, TransactionKind
from ledger.money import format_money
from platform_config import rows

MAX_ATTEMPTS = 8
RETRYABLE_SQLSTATES = {"40001", "40P01"}  # serialization_failure, deadlock_detected

T = TypeVar("T")


def fingerprint(request: Mapping[str, Any]) -> str:
    """sha256 hex of the canonical JSON of `request` (sorted keys, no spaces)."""
    text = json.dumps(request, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def is_retryable(error: BaseException) -> bool:
    """True for a PostgreSQL serialization failure or deadlock, or SQLite's "database is locked"."""
    cause = error.__cause__
    sqlstate = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    return sqlstate in RETRYABLE_SQLSTATES or "database is locked" in str(error)


def run_with_retries(work: Callable[[], T], *, savepoint: bool = False) -> T:
    """Run `work` in its own atomic block, retrying serialization failures and deadlocks.

    Inside a caller's atomic block there is nothing to retry alone, so `work` runs once and errors propagate;
    with `savepoint` it runs in a savepoint there, so an error after some of its writes undoes them and leaves
    the caller's transaction usable.
    """
    if connection.in_atomic_block:
        if savepoint:
            with transaction.atomic():
                return work()
        return work()
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
            with transaction.atomic():
                return work()
        except OperationalError as error:
            if attempt == MAX_ATTEMPTS or not is_retryable(error):
                raise
            time.sleep(random.uniform(0, 0.01 * attempt))
    raise AssertionError("unreachable")


def merge_lines(lines: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sum `(account id, amount)` lines per account, drop zeros, sort by account id."""
    totals: dict[int, int] = {}
    for account_id, amount in lines:
        totals[account_id] = totals.get(account_id, 0) + int(amount)
    return [(a, amount) for a, amount in sorted(totals.items()) if amount != 0]


def post(
    *,
    key: str,
    kind: str,
    lines: Iterable[tuple[int, int]],
    actor_id: int | None = None,
    reason: str = "",
    details: Mapping[str, Any] | None = None,
    reverses: Transaction | None = None,
    request: Mapping[str, Any] | None = None,
    key_checked: bool = False,
) -> Transaction:
    """Book one balanced transaction, idempotently under `key`.

    Args:
        key: idempotency key (e.g. `settle:{unit}`, `reserve:{unit}:{seat}`).
        kind: a TransactionKind value.
        lines: `(account id, signed minor units)`; several lines of one account are summed.
        actor_id: the user who caused it (staff for adjustments), or None for the system.
        reason: free text (required by callers for adjustments and reversals).
        details: JSON recorded with the transaction (the settlement calculation).
        reverses: the transaction this one reverses (once only).
        request: what identifies the request for idempotency; defaults to kind, lines, reason and reverses.
        key_checked: the caller found `key` unused under a row lock that every writer of this key takes
            (settle_unit under the unit's lock): book at once, without looking the key up again and without the
            savepoint that recovers from a key race, which cannot happen then (two statements fewer).
    Returns the new transaction, or the one already booked under `key` for the same request.
    Raises Unbalanced, InsufficientFunds, IdempotencyConflict, AlreadyReversed.
    """
    merged = merge_lines(lines)
    if sum(amount for _, amount in merged) != 0:
        raise Unbalanced("unbalanced", f"transaction {key} does not balance: {merged}")
    if request is None:
        request = {
            "kind": kind,
            "lines": merged,
            "reason": reason,
            "reverses": reverses.pk if reverses else None,
        }
    digest = fingerprint(request)

    def work() -> Transaction:
        if key_checked:
            return _book(key, digest, kind, merged, actor_id, reason, dict(details or {}), reverses)
        existing = Transaction.objects.filter(key=key).first()
        if existing is not None:
            return same_or_conflict(existing, digest)
        try:
            with transaction.atomic():
                return _book(key, digest, kind, merged, actor_id, reason, dict(details or {}), reverses)
        except IntegrityError:
            # A concurrent writer claimed the key (or reversed the same transaction) and committed first.
            existing = Transaction.objects.filter(key=key).first()
            if existing is not None:
                return same_or_conflict(existing, digest)
            if reverses is not None and Transaction.objects.filter(reverses=reverses).exists():
                raise AlreadyReversed(
                    "already_reversed",
                    gettext("transaction %(id)s is already reversed") % {"id": reverses.pk},
                ) from None
            raise

    return run_with_retries(work)


def same_or_conflict(existing: Transaction, digest: str) -> Transaction:
    """Return `existing` if it was booked for the same request, else raise IdempotencyConflict."""
    if existing.fingerprint != digest:
        raise IdempotencyConflict(
            "idempotency_conflict", f"key {existing.key} was already used for a different request"
        )
    return existing


def _book(
    key: str,
    digest: str,
    kind: str,
    lines: list[tuple[int, int]],
    actor_id: int | None,
    reason: str,
    details: dict[str, Any],
    reverses: Transaction | None,
) -> Transaction:
    if reverses is not None and Transaction.objects.filter(reverses=reverses).exists():
        raise AlreadyReversed(
            "already_reversed", gettext("transaction %(id)s is already reversed") % {"id": reverses.pk}
        )
    booked = Transaction(
        key=key,
        fingerprint=digest,
        kind=kind,
        actor_id=actor_id,
        reason=reason,
        details=details,
        reverses=reverses,
    )
    rows.insert(booked)
    accounts = _lock_accounts([account_id for account_id, _ in lines])
    postings = []
    for account_id, amount in lines:
        account = accounts[account_id]
        new_balance = account.balance + amount
        if account.kind in NON_NEGATIVE_KINDS and new_balance < 0:
            raise InsufficientFunds(
                "insufficient_funds",
                gettext("%(account)s holds %(balance)s, cannot pay %(amount)s")
                % {
                    "account": account.name,
                    "balance": format_money(account.balance, get_language()),
                    "amount": format_money(-amount, get_language()),
                },
                account_id=account_id,
            )
        account.balance = new_balance
        postings.append((booked.pk, account_id, amount, new_balance))
    # One statement for all cached balances, so the row locks are held for less time.
    update_by_id(Account, ["balance"], [(a.id, a.balance) for a in accounts.values()])
    rows.insert_many(Posting, ["transaction", "account", "amount", "balance_after"], postings)
    return booked


@dataclass
class _Locked:
    """What a posting needs of an account it locked: its kind, name and cached balance (minor units)."""

    id: int
    kind: str
    name: str
    balance: int


def _lock_accounts(ids: list[int]) -> dict[int, _Locked]:
    """Lock the accounts `ids` in id order (two writers touching the same accounts queue instead of deadlocking,
    and the balance read is the one written over); return them by id."""
    placeholders = ", ".join(["%s"] * len(ids))
    sql = (
        f"SELECT a.id, a.kind, a.name, a.balance FROM {rows.table_name(Account)} a"
        f" WHERE a.id IN ({placeholders}) ORDER BY a.id{rows.for_update('a')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, ids)
        return {row[0]: _Locked(*row) for row in cursor.fetchall()}


def update_by_id(model: Any, fields: list[str], rows: list[tuple[Any, ...]]) -> None:
    """Write `fields` of several rows of `model` in one `UPDATE … FROM (VALUES …)` statement.

    Args: model: a Django model class; fields: the column names written; rows: `(pk, value of each field)`.
    The ledger's hot path writes its cached balances and its unit seats this way: Django's `bulk_update` builds a
    `CASE` expression per row and field, which cost about a third of a settlement's Python time
    (docs/decisions-ledger.md "House stripes").
    Works on PostgreSQL and SQLite (≥ 3.33); VALUES' columns are `column1` … on both.
    """
    if not rows:
        return
    table = connection.ops.quote_name(model._meta.db_table)
    pk = connection.ops.quote_name(model._meta.pk.column)
    columns = [connection.ops.quote_name(model._meta.get_field(f).column) for f in fields]
    sets = ", ".join(f"{c} = v.column{i + 2}" for i, c in enumerate(columns))
    values = ", ".join("(" + ", ".join(["%s"] * (len(fields) + 1)) + ")" for _ in rows)
    params = [value for row in rows for value in row]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {sets} FROM (VALUES {values}) AS v WHERE {table}.{pk} = v.column1", params
        )


def reverse(
    original: Transaction,
    *,
    key: str | None = None,
    actor_id: int | None = None,
    reason: str = "",
    kind: str = TransactionKind.REVERSAL,
) -> Transaction:
    """Book the reversal of `original` (every posting negated), once only.

    Returns the reversing transaction (the same one again for a repeated key). Raises AlreadyReversed when
    another reversal exists, InsufficientFunds when the money has already left a wallet or escrow.
    """
    lines = [(p.account_id, -p.amount) for p in original.postings.all()]
    return post(
        key=key or f"reverse:{original.pk}",
        kind=kind,
        lines=lines,
        actor_id=actor_id,
        reason=reason,
        details={"reverses": original.key},
        reverses=original,
    )
