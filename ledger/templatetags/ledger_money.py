"""Template filters for money in minor units and rates in basis points, in the page's language
(ledger.money)."""

from __future__ import annotations

from django import template
from django.utils import translation

from ledger.books import wallet_for
from ledger.labels import deal_label, game_label, table_label
from ledger.money import decimal_mark as decimal_mark_of
from ledger.money import format_money, format_rate, format_signed_money

register = template.Library()


@register.filter
def money(minor: int | None) -> str:
    """792 → "7.92" ("7,92" in German); None → "" (a value not computed yet)."""
    return "" if minor is None else format_money(int(minor), translation.get_language())


@register.filter
def signed_money(minor: int | None) -> str:
    """792 → "+7.92", -300 → "-3.00", 0 → "0.00"; None → ""."""
    return "" if minor is None else format_signed_money(int(minor), translation.get_language())


@register.filter
def percent(rate_bp: int | None) -> str:
    """Basis points as a percentage: 900 → "9 %", 750 → "7.5 %"; None → ""."""
    return "" if rate_bp is None else format_rate(int(rate_bp), translation.get_language())


@register.simple_tag
def wallet_balance(user: object) -> str:
    """The signed-in user's wallet balance as text ("100.00"); "" for an anonymous visitor."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return format_money(wallet_for(user).balance, translation.get_language())


@register.simple_tag
def decimal_mark() -> str:
    """The decimal mark of the page's language, for the browser's money module (static/js/money.js)."""
    return decimal_mark_of(translation.get_language())


@register.filter
def get_item(mapping: dict | None, key: object) -> object:
    """`mapping[key]`, or None (a template cannot index a dict by a variable)."""
    return (mapping or {}).get(key)


register.filter("game_label", game_label)
register.filter("table_label", table_label)
register.filter("deal_label", deal_label)
