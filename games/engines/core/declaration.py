"""What a game declares about itself for the platform: `Declaration`, `Option`, `Preference`, `SharedPreferences`,
`Choice`, `N_`.

A game's `declaration` says everything the generic code needs and must not write per game (docs/engines.md "A game
declares itself"): its title, the seat counts it allows, its settlement unit and default money limit (rules file §9),
its card deck and browser module, the player preferences it offers, and its §10 options as a typed schema. The New
game dialog builds its fields from the schema, `normalize_options` of every package checks options against it
(`normalize_with`), and the lobby box summarises a table's options from it.

Texts (titles, labels, help) are English literals marked with `N_`, which returns them unchanged: the engines import
no Django. The project's makemessages extracts every `N_("…")` literal (games/management/commands/makemessages.py),
and the Django edge translates them (games/declarations.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import IllegalAction
from .guide import Guide
from .wire import is_json_int

Scalar = str | int | bool
OptionKind = Literal["choice", "flag", "number"]
SettlementUnit = Literal["deal", "match"]
SETTLEMENT_UNITS: tuple[SettlementUnit, ...] = ("deal", "match")
RatedUnit = Literal["deal", "match"]
RATED_UNITS: tuple[RatedUnit, ...] = ("deal", "match")


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for a no-op marker
    """Mark `text` for translation and return it unchanged (translated later, at the Django edge)."""
    return text


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type: `True` is not 1 and `"4"` is not 4 (options are JSON, compared strictly)."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of a choice option or preference and its label.

    `label` is marked with `N_`; when `count` is set the label holds `%(count)s` and is filled with it after
    translation (`N_("%(count)s deals")`, count 12).
    """

    value: Scalar
    label: str
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Option:
    """One table option of the rules file §10.

    kind:
        `choice`: one of `choices` (values compared with `same_value`); `flag`: a JSON boolean; `number`: a JSON
        integer within `minimum` .. `maximum` (a number option must have a maximum; no minimum: unbounded below).
    default: the value an absent option takes. `label`, `help`: texts marked with `N_` (help may be "").
    `zero_label`: for a number option whose 0 means "none" (e.g. no fixed number of deals), what a summary shows
    instead of 0 (marked with `N_`; "" shows the number).
    """

    name: str
    kind: OptionKind
    default: Scalar
    label: str
    help: str = ""
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    zero_label: str = ""

    def __post_init__(self) -> None:
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice option {self.name} has no choices")
        if not self.accepts(self.default):
            raise ValueError(f"the default of option {self.name} is not one of its values")
        if self.kind == "number" and self.maximum is None:
            # an unbounded JSON integer reaches every frame of the table, whose encoder stops at 64 bits
            raise ValueError(f"number option {self.name} has no maximum")

    def accepts(self, value: Any) -> bool:
        """Whether `value` is an allowed value of this option (strict JSON types)."""
        if self.kind == "choice":
            return any(same_value(value, c.value) for c in self.choices)
        if self.kind == "flag":
            return isinstance(value, bool)
        if not is_json_int(value):
            return False
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return bool(low <= value <= high)

    def choice(self, value: Any) -> Choice | None:
        """The choice of `value` (None for a flag or number option, or a value not among the choices)."""
        return next((c for c in self.choices if same_value(value, c.value)), None)


@dataclass(frozen=True, slots=True)
class Preference:
    """A setting a player keeps per game in the profile (e.g. the Jass deck design): one of `choices`.

    `label`, `help`: texts marked with `N_`; `default`: the value of a player who never chose.
    """

    name: str
    label: str
    choices: tuple[Choice, ...]
    default: Scalar
    help: str = ""

    def __post_init__(self) -> None:
        if not any(same_value(self.default, c.value) for c in self.choices):
            raise ValueError(f"the default of preference {self.name} is not one of its choices")

    def accepts(self, value: Any) -> bool:
        """Whether `value` is one of the choices."""
        return any(same_value(value, c.value) for c in self.choices)


@dataclass(frozen=True, slots=True)
class SharedPreferences:
    """Where games that offer the same preferences keep them once (both Jass variants' deck): the profile stores
    them under `key` (not a game key) and its page shows them once, under `title` (marked with `N_`). Every game
    naming the same `key` declares the same preferences and the same `title`."""

    key: str
    title: str


@dataclass(frozen=True, slots=True)
class Declaration:
    """Everything the platform knows of one game (one registered variant).

    title: the game's name, marked with `N_`.
    seat_counts: the numbers of seats the game allows, ascending (4,) or (2, 3, 4).
    seats_option: the option whose value is the seat count (Rummy's `players`), or None when the count is fixed.
    settlement_unit: `deal` (each scored deal settles) or `match` (the whole match settles once), rules file §9.
    default_limit_units: the default limit per payment in game units; the money limit is this × the stake (§9).
    deck: the name of the card deck the browser draws (static/js/cards/<deck>.js).
    module: the browser module's name (static/js/games/<module>.js).
    options: the §10 options as a schema, in the order the New game dialog shows them.
    preferences: the player preferences of this game (stored per game key in the profile, or under the key of
        `shared_preferences` when that is set).
    shared_preferences: the preferences' place shared with other games (one setting for all of them), or None.
    guide: the game's How to play page (games/engines/core/guide.py), or None when it has none.
    rated_unit: what a rated table rates (docs/decisions-ratings.md): `deal` (each deal whose `Game.deal_sides` are
        not None) or `match` (the finished match, by `Game.seat_groups` and the final places), None for a game
        that is not rated.
    """

    title: str
    seat_counts: tuple[int, ...]
    settlement_unit: SettlementUnit
    default_limit_units: int
    deck: str
    module: str
    options: tuple[Option, ...] = ()
    preferences: tuple[Preference, ...] = ()
    seats_option: str | None = None
    shared_preferences: SharedPreferences | None = None
    guide: Guide | None = None
    rated_unit: RatedUnit | None = None

    def __post_init__(self) -> None:
        if not self.seat_counts or list(self.seat_counts) != sorted(set(self.seat_counts)):
            raise ValueError("seat_counts are distinct and ascending")
        if self.settlement_unit not in SETTLEMENT_UNITS:
            raise ValueError(f"settlement_unit is one of {SETTLEMENT_UNITS}")
        if self.rated_unit is not None and self.rated_unit not in RATED_UNITS:
            raise ValueError(f"rated_unit is one of {RATED_UNITS} or None")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError("option names are unique")
        if self.shared_preferences is not None and not self.preferences:
            raise ValueError("shared_preferences need preferences to share")
        if self.seats_option is not None:
            seats = self.option(self.seats_option)
            if tuple(sorted(int(c.value) for c in seats.choices)) != self.seat_counts:
                raise ValueError(f"the choices of {self.seats_option} are the seat counts")

    def option(self, name: str) -> Option:
        """The option called `name`. Raises KeyError."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def defaults(self) -> dict[str, Scalar]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}


def normalize_with(schema: Sequence[Option], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """`options` checked against `schema`, with the default of every absent option filled in.

    Args:
        schema: the game's options; options: a JSON object of some of them, or None (all defaults).
    Returns:
        A new dict with exactly the schema's options, in schema order.
    Raises:
        IllegalAction: `bad_options` when `options` is not an object, names an unknown option, or gives a value
            the option does not accept (strict types: `true` is not 1, `"4"` is not 4).
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise IllegalAction("bad_options", "options are an object")
    known = {o.name: o for o in schema}
    unknown = sorted(str(k) for k in set(options) - set(known))
    if unknown:
        raise IllegalAction("bad_options", f"unknown option(s) {unknown}")
    normalized: dict[str, Any] = {}
    for option in schema:
        value = options.get(option.name, option.default)
        if not option.accepts(value):
            raise IllegalAction("bad_options", f"option {option.name} cannot be {value!r}")
        normalized[option.name] = value
    return normalized
