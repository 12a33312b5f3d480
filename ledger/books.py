"""Finding (or opening) the ledger's accounts by their role: wallets, bot wallets, table escrows and the house,
promotions and adjustments accounts of a currency; and the stripes of the house account, one of which each
settlement locks and credits (docs/decisions-ledger.md "House stripes")."""

from __future__ import annotations

import zlib
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from ledger.models import Account, AccountKind
from platform_config.rows import for_update, table_name


def _open(name: str, kind: str, currency: str, **extra: object) -> Account:
    account = Account.objects.filter(name=name).first()
    if account is not None:
        return account
    try:
        with transaction.atomic():
            return Account.objects.create(name=name, kind=kind, currency=currency, **extra)
    except IntegrityError:  # opened concurrently by another writer
        return Account.objects.get(name=name)


def default_currency() -> str:
    """The site's currency (setting KIBITZ_CURRENCY, ISO 4217, default EUR)."""
    return str(getattr(settings, "KIBITZ_CURRENCY", "EUR"))


def wallet_for(user: Any, *, is_bot: bool = False) -> Account:
    """The wallet of a user (opened empty on first use). `is_bot` flags the wallet as a bot's (for good)."""
    account = _open(
        f"wallet:user:{user.pk}", AccountKind.WALLET, default_currency(), user=user, is_bot=is_bot
    )
    if is_bot and not account.is_bot:
        # A bot user's wallet opened before a table seated it as a bot (e.g. by a report) is flagged then, so
        # reports keep bots apart from players.
        Account.objects.filter(pk=account.pk).update(is_bot=True)
        account.is_bot = True
    return account


def bot_wallet(name: str) -> Account:
    """The wallet of a bot that is not a user (e.g. `french-tarot:expert:3`), flagged as a bot."""
    return _open(f"bot:{name}", AccountKind.WALLET, default_currency(), is_bot=True)


def escrow_for(table_key: str, currency: str | None = None) -> Account:
    """The escrow account of a table (`table_key`, e.g. `table:17`), where reservations wait."""
    return _open(f"escrow:{table_key}", AccountKind.ESCROW, currency or default_currency())


def house_stripe_count() -> int:
    """How many stripes a house account has at most (setting KIBITZ_HOUSE_STRIPES, default 8, the head included)."""
    return max(1, int(getattr(settings, "KIBITZ_HOUSE_STRIPES", 8)))


def house_head(currency: str | None = None) -> Account:
    """The head row of the house commission account, `house:{currency}` (stripe 0), with its own cached balance
    only (minor units); `house_account` gives the house as one."""
    currency = currency or default_currency()
    return _open(f"house:{currency}", AccountKind.HOUSE, currency)


def house_stripes(currency: str | None = None, *, open_missing: bool = False) -> list[Account]:
    """Every stripe of the house account of `currency`, the head first, then by id.

    `open_missing` opens the stripes not there yet (`house:{currency}:1` … up to KIBITZ_HOUSE_STRIPES − 1, empty);
    the posting service does that the first time two settlements meet at the house (ledger.books
    `lock_house_stripe`), and migration 0008 for the house accounts it finds. Each returned Account carries its own
    cached balance (minor units).
    """
    head = house_head(currency)
    stripes = [head, *Account.objects.filter(stripe_of=head).order_by("pk")]
    if open_missing and len(stripes) < house_stripe_count():
        for k in range(1, house_stripe_count()):
            _open(f"{head.name}:{k}", AccountKind.HOUSE, head.currency, stripe_of=head)
        stripes = [head, *Account.objects.filter(stripe_of=head).order_by("pk")]
    return stripes


def house_account(currency: str | None = None) -> Account:
    """The house commission (revenue) account as one account: the head row `house:{currency}` whose `balance` is
    the sum of every stripe's cached balance (minor units: all the commission the house holds).

    The returned object is for reading (reports, tests, the benchmark): the posting service never takes a balance
    from it, it locks the stripe it credits (`lock_house_stripe`).
    """
    stripes = house_stripes(currency)
    head = stripes[0]
    head.balance = sum(s.balance for s in stripes)
    return head


def lock_house_stripe(currency: str, spread_key: str) -> int:
    """Lock one stripe of the house account of `currency` for the caller's database transaction; return its id.

    The first stripe no other transaction holds (`SELECT … FOR UPDATE SKIP LOCKED`, by id), so up to
    KIBITZ_HOUSE_STRIPES settlements credit the house at once without waiting for each other. When every stripe is
    held, the missing stripes are opened (the first time) and tried again; when all of them are still held, the
    caller waits for the one `spread_key` (e.g. the settlement's key) hashes to. Must run inside a transaction
    (the lock lasts until it ends). On SQLite, which has no row locks, it is always the head.
    """
    name = f"house:{currency}"
    account = table_name(Account)
    sql = (
        f"SELECT a.id FROM {account} a WHERE a.name = %s OR a.stripe_of_id IN"
        f" (SELECT h.id FROM {account} h WHERE h.name = %s) ORDER BY a.id LIMIT 1{for_update('a', skip_locked=True)}"
    )

    def first_free() -> int | None:
        with connection.cursor() as cursor:
            cursor.execute(sql, [name, name])
            row = cursor.fetchone()
        return None if row is None else int(row[0])

    found = first_free()
    if found is not None:
        return found
    stripes = house_stripes(currency, open_missing=True)
    found = first_free()
    if found is not None:
        return found
    chosen = stripes[zlib.crc32(spread_key.encode()) % len(stripes)].pk
    Account.objects.select_for_update().filter(pk=chosen).values_list("pk", flat=True).first()
    return chosen


def promotions_account(currency: str | None = None) -> Account:
    """The promotions account that funds starting balances and bots (its balance goes negative)."""
    currency = currency or default_currency()
    return _open(f"promotions:{currency}", AccountKind.PROMOTIONS, currency)


def adjustments_account(currency: str | None = None) -> Account:
    """The counter-account of staff adjustments."""
    currency = currency or default_currency()
    return _open(f"adjustments:{currency}", AccountKind.ADJUSTMENTS, currency)
