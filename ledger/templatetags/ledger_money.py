"""Template filters for money in minor units."""

from __future__ import annotations

from django import template

from ledger.books import wallet_for
from ledger.players import format_money

register = template.Library()


@register.filter
def money(minor: int | None) -> str:
    """792 → "7.92"; None → "" (a value not computed yet)."""
    return "" if minor is None else format_money(int(minor))


@register.filter
def signed_money(minor: int | None) -> str:
    """792 → "+7.92", -300 → "-3.00", 0 → "0.00"."""
    if minor is None:
        return ""
    return ("+" if minor > 0 else "") + format_money(int(minor))


@register.filter
def percent(rate_bp: int | None) -> str:
    """Basis points as a percentage: 900 → "9 %", 750 → "7.5 %"."""
    if rate_bp is None:
        return ""
    whole, rest = divmod(int(rate_bp), 100)
    return f"{whole} %" if rest == 0 else f"{whole}.{rest:02d}".rstrip("0") + " %"


@register.simple_tag
def wallet_balance(user: object) -> str:
    """The signed-in user's wallet balance as text ("100.00"); "" for an anonymous visitor."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return format_money(wallet_for(user).balance)
