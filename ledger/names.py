"""How people name ledger accounts on pages and in exports: the owner's name beside the account id, and the
group an account belongs to (player, bot, staff, house), so reports keep them apart."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ledger.models import Account, AccountKind

PLAYER, BOT, STAFF, HOUSE = "player", "bot", "staff", "house"
GROUPS = {
    PLAYER: _("Players"),
    BOT: _("Bots"),
    STAFF: _("Staff"),
    HOUSE: _("House accounts"),
}
HOUSE_KINDS = (AccountKind.HOUSE, AccountKind.PROMOTIONS, AccountKind.ADJUSTMENTS, AccountKind.ESCROW)


def group_q(group: str, prefix: str = "") -> Q:
    """A filter on accounts (or on a relation to one, with `prefix` such as "account__") for one group.

    Bots: flagged `is_bot` or a house bot user (profile.bot_level). Staff: a wallet of an `is_staff` user that is
    not a bot. Players: every other wallet. House: escrow, house, promotions and adjustments accounts.
    Raises KeyError for an unknown group.
    """
    p = prefix
    bot = Q(**{f"{p}is_bot": True}) | Q(**{f"{p}user__profile__bot_level__gt": ""})
    wallet = Q(**{f"{p}kind": AccountKind.WALLET})
    staff = Q(**{f"{p}user__is_staff": True})
    return {
        BOT: wallet & bot,
        STAFF: wallet & staff & ~bot,
        PLAYER: wallet & ~bot & ~staff,
        HOUSE: Q(**{f"{p}kind__in": HOUSE_KINDS}),
    }[group]


def account_group(account: Account) -> str:
    """The group of one account (see group_q)."""
    if account.kind != AccountKind.WALLET:
        return HOUSE
    user = account.user
    profile = getattr(user, "profile", None) if user is not None else None
    if account.is_bot or (profile is not None and profile.bot_level):
        return BOT
    if user is not None and user.is_staff:
        return STAFF
    return PLAYER


def owner_name(account: Account) -> str:
    """The person's (or bot's) name for a wallet, the account's name otherwise: "Alice", "bot:table:3:seat:1",
    "house:EUR"."""
    user = account.user
    if user is not None:
        return str(getattr(user, "display_name", "") or user.get_username())
    return account.name


def account_label(account: Account) -> str:
    """Name beside id, as reports show it: "Alice (#12)"."""
    return f"{owner_name(account)} (#{account.pk})"
