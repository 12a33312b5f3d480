"""How people read a deal's game, table and unit on ledger pages and in exports: the game's translated title,
"Table #2", "Deal #3", never the internal keys (`french-tarot`, `table:2`, `round:3`).

The ledger imports nothing of the tables (import-linter contract `ledger-without-tables`), so the games app
registers the function that gives a game's title at startup (games/apps.py `ready`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

_game_title: Callable[[str], str | None] | None = None


def register_game_titles(title: Callable[[str], str | None]) -> None:
    """Set the function giving a game key's title in the active language (None for an unknown key)."""
    global _game_title
    _game_title = title


def game_label(key: str) -> str:
    """The game's title in the active language ("French tarot"); the key itself when no game has it, "" for ""."""
    if not key:
        return ""
    title = _game_title(key) if _game_title is not None else None
    return title or key


def _numbered(key: str | None, prefix: str) -> str | None:
    if not key:
        return None
    head, _sep, number = key.partition(":")
    return number if head == prefix and number.isdigit() else None


def table_label(table_key: str | None) -> str:
    """`table:2` → "Table #2" (translated); other keys unchanged, None → ""."""
    number = _numbered(table_key, "table")
    return _("Table #%(number)s") % {"number": number} if number else (table_key or "")


def deal_label(unit_id: str | None) -> str:
    """`round:3` → "Deal #3", `match:4` (a Jass match settled as one unit) → "Match #4", translated; other unit
    ids unchanged, None → ""."""
    number = _numbered(unit_id, "round")
    if number:
        return _("Deal #%(number)s") % {"number": number}
    number = _numbered(unit_id, "match")
    return _("Match #%(number)s") % {"number": number} if number else (unit_id or "")
