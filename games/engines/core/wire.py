"""Strict readers for JSON payloads (docs/design.md "Conventions every engine shares").

JSON types are strict: a number must be a JSON integer (`45.0` and `true` are not), a flag takes only
`true`. Every reader raises `InvalidAction(BAD_ACTION, "...")` (code `bad_action`) on anything else.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, TypeGuard

from .errors import BAD_ACTION, InvalidAction


def is_json_int(value: Any) -> TypeGuard[int]:
    """True for a JSON integer: an `int` that is not a `bool` (JSON `true` is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def single_key(payload: Any, allowed: Collection[str]) -> tuple[str, Any]:
    """Return `(key, value)` of a one-key action object whose key is in `allowed`.

    Raises:
        InvalidAction: not an object, not exactly one key, or an unknown key.
    """
    if not isinstance(payload, Mapping) or len(payload) != 1:
        raise InvalidAction(BAD_ACTION, "an action is an object with exactly one key")
    ((key, value),) = payload.items()
    if key not in allowed:
        raise InvalidAction(BAD_ACTION, f"unknown action {key!r}")
    return key, value


def read_int(value: Any, what: str = "value", lo: int | None = None, hi: int | None = None) -> int:
    """Return `value` if it is a JSON integer (not a bool, not a float) within `[lo, hi]`.

    Raises:
        InvalidAction: wrong type or out of range.
    """
    if not is_json_int(value):
        raise InvalidAction(BAD_ACTION, f"{what} must be an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InvalidAction(BAD_ACTION, f"{what} out of range")
    return value


def read_true(value: Any, what: str = "flag") -> bool:
    """Accept only JSON `true` for a flag action (`push`, `thanks`, `knock`, `pass`).

    Raises:
        InvalidAction: anything but `true`.
    """
    if value is not True:
        raise InvalidAction(BAD_ACTION, f"{what} takes only true")
    return True


def read_bool(value: Any, what: str = "flag") -> bool:
    """Return a JSON boolean.

    Raises:
        InvalidAction: anything but `true` or `false`.
    """
    if not isinstance(value, bool):
        raise InvalidAction(BAD_ACTION, f"{what} must be true or false")
    return value


def read_choice(value: Any, choices: Collection[str], what: str = "value") -> str:
    """Return `value` if it is a string among `choices`.

    Raises:
        InvalidAction: not a string or not one of the choices.
    """
    if not isinstance(value, str) or value not in choices:
        raise InvalidAction(BAD_ACTION, f"unknown {what} {value!r}")
    return value


def read_card(value: Any, deck: Collection[str]) -> str:
    """Return a card code that exists in `deck`.

    Raises:
        InvalidAction: not a string or not a card of this game.
    """
    if not isinstance(value, str) or value not in deck:
        raise InvalidAction(BAD_ACTION, f"unknown card code {value!r}")
    return value


def read_card_list(value: Any, deck: Collection[str], allow_empty: bool = False) -> tuple[str, ...]:
    """Return a tuple of card codes (duplicates kept, so the rules can refuse them with their own code).

    Raises:
        InvalidAction: not a list, empty when not allowed, or an unknown code in it.
    """
    if not isinstance(value, list) or (not value and not allow_empty):
        raise InvalidAction(BAD_ACTION, "expected a list of card codes")
    return tuple(read_card(v, deck) for v in value)
