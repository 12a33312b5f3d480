"""Finding (or opening) the ledger's accounts by their role: wallets, bot wallets, table escrows and the house,
promotions and adjustments accounts of a currency."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from ledger.models import Account, AccountKind


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


def house_account(currency: str | None = None) -> Account:
    """The house commission (revenue) account."""
    currency = currency or default_currency()
    return _open(f"house:{currency}", AccountKind.HOUSE, currency)


def promotions_account(currency: str | None = None) -> Account:
    """The promotions account that funds starting balances and bots (its balance goes negative)."""
    currency = currency or default_currency()
    return _open(f"promotions:{currency}", AccountKind.PROMOTIONS, currency)


def adjustments_account(currency: str | None = None) -> Account:
    """The counter-account of staff adjustments."""
    currency = currency or default_currency()
    return _open(f"adjustments:{currency}", AccountKind.ADJUSTMENTS, currency)
