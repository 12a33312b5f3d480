"""The games' declarations at the Django edge (games/engines/core/declaration.py): their texts translated, their
options as form fields and as a lobby summary, their player preferences as form fields.

The engines mark their texts with `N_` (makemessages extracts them into locale/, docs/decisions-i18n.md); this module
is where they are translated, in the active language, so no other code names a game or one of its options.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.contrib.staticfiles import finders
from django.utils.translation import gettext

from games.engines.core import Game
from games.engines.core.declaration import Choice, Option, Preference, Scalar


def game_title(game: Game[Any]) -> str:
    """The game's title in the active language."""
    return gettext(game.declaration.title)


def choice_label(choice: Choice) -> str:
    """A choice's label in the active language, its `%(count)s` filled in."""
    text = gettext(choice.label)
    return text % {"count": choice.count} if choice.count is not None else text


def module_path(game: Game[Any]) -> str:
    """The static path of the game's browser module: `js/games/<module>.js`."""
    return f"js/games/{game.declaration.module}.js"


def stylesheet_path(game: Game[Any]) -> str | None:
    """The static path of the game's own stylesheet, `css/games/<module>.css`, or None when it has none (the
    table shell's styles are tables.css; a game adds only what its felt draws that no other game does)."""
    path = f"css/games/{game.declaration.module}.css"
    return path if finders.find(path) is not None else None


def has_table_module(game: Game[Any]) -> bool:
    """Whether the game's browser module exists (the table shell cannot show the game without it)."""
    return finders.find(module_path(game)) is not None


def value_token(value: Scalar) -> str:
    """The form value of an option value: a string as it is, a number or boolean as JSON (`4`, `true`)."""
    return value if isinstance(value, str) else json.dumps(value)


def _typed_choice(
    choices: tuple[Choice, ...], default: Scalar, label: str, help_text: str, required: bool = True
) -> forms.Field:
    by_token = {value_token(c.value): c.value for c in choices}
    return forms.TypedChoiceField(
        label=label,
        help_text=help_text,
        choices=[(value_token(c.value), choice_label(c)) for c in choices],
        coerce=by_token.__getitem__,
        initial=value_token(default),
        required=required,
        empty_value=None,
    )


def option_field(option: Option) -> forms.Field:
    """The form field of one option, labelled in the active language: a select of the choices (the values come
    back typed), a checkbox for a flag, a number box within the option's range. Not required: a value left out
    cleans to None, which the dialog reads as the option's default."""
    label = gettext(option.label)
    help_text = gettext(option.help) if option.help else ""
    if option.kind == "choice":
        return _typed_choice(option.choices, option.default, label, help_text, required=False)
    if option.kind == "flag":
        return forms.BooleanField(label=label, help_text=help_text, required=False, initial=option.default)
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        min_value=option.minimum,
        max_value=option.maximum,
        initial=option.default,
        required=False,
    )


def option_fields(game: Game[Any]) -> dict[str, forms.Field]:
    """The form fields of the game's options by option name, in the declaration's order."""
    return {option.name: option_field(option) for option in game.declaration.options}


def preference_field(preference: Preference) -> forms.Field:
    """The form field of one player preference (a select of its choices), labelled in the active language."""
    help_text = gettext(preference.help) if preference.help else ""
    return _typed_choice(preference.choices, preference.default, gettext(preference.label), help_text)


def option_summary(game: Game[Any], options: Mapping[str, Any]) -> list[str]:
    """`"<label>: <value>"` of every declared option of a table's `options`, in the active language, for the
    lobby box. An option missing from `options` shows its default."""
    lines = []
    for option in game.declaration.options:
        value = options.get(option.name, option.default)
        if option.kind == "flag":
            shown = gettext("on") if value else gettext("off")
        elif (choice := option.choice(value)) is not None:
            shown = choice_label(choice)
        elif value == 0 and option.zero_label:
            shown = gettext(option.zero_label)
        else:
            shown = str(value)
        lines.append(f"{gettext(option.label)}: {shown}")
    return lines


def preferences_key(game: Game[Any]) -> str:
    """Where the profile's `game_preferences` keep `game`'s preferences: the key of the place it shares with other
    games (`Declaration.shared_preferences`, e.g. both Jass variants' deck), else the game's own key."""
    shared = game.declaration.shared_preferences
    return shared.key if shared is not None else game.key


def preferences_title(game: Game[Any]) -> str:
    """The heading of `game`'s preferences on the profile page, in the active language: the shared place's title,
    else the game's."""
    shared = game.declaration.shared_preferences
    return gettext(shared.title) if shared is not None else game_title(game)


def player_preferences(stored: Any, game: Game[Any]) -> dict[str, Scalar]:
    """The player's preferences for `game`: what the profile stores under its `preferences_key` (`stored`, the
    profile's `game_preferences`), each missing or no longer allowed value replaced by the declared default."""
    mine = stored.get(preferences_key(game), {}) if isinstance(stored, Mapping) else {}
    mine = mine if isinstance(mine, Mapping) else {}
    return {
        p.name: mine[p.name] if p.name in mine and p.accepts(mine[p.name]) else p.default
        for p in game.declaration.preferences
    }


def into_shared_preferences(stored: Any, games: Iterable[Game[Any]]) -> dict[str, Any]:
    """The profile's `game_preferences` (`stored`) with every preference that `games` keep in a shared place
    (`Declaration.shared_preferences`) moved from the games' own keys to that place, keeping the player's choice:
    a valid choice other than the default wins (the player made it on purpose, for one of the games), else a valid
    default one; a non-default value already in the place stays (the first of `games` in their order). The games'
    own entries of those preferences go (an emptied game entry too); invalid values are dropped. Returns a new
    dict; `stored` is not changed. Used by the migration games 0009_shared_game_preferences."""
    updated = _copied(stored)
    for game in games:
        shared = game.declaration.shared_preferences
        own = updated.get(game.key)
        if shared is None or not isinstance(own, dict):
            continue
        place = updated.setdefault(shared.key, {})
        if not isinstance(place, dict):
            place = updated[shared.key] = {}
        for preference in game.declaration.preferences:
            if preference.name not in own:
                continue
            value = own.pop(preference.name)
            if not preference.accepts(value):
                continue
            kept = place.get(preference.name)
            if not preference.accepts(kept) or (kept == preference.default and value != preference.default):
                place[preference.name] = value
        if not own:
            del updated[game.key]
    return updated


def out_of_shared_preferences(stored: Any, games: Iterable[Game[Any]]) -> dict[str, Any]:
    """The inverse of `into_shared_preferences`, for undoing the migration: each of `games` gets the values of its
    shared place under its own key again, and the shared places go. Returns a new dict."""
    updated = _copied(stored)
    places = set()
    for game in games:
        shared = game.declaration.shared_preferences
        if shared is None or not isinstance(updated.get(shared.key), dict):
            continue
        places.add(shared.key)
        names = {p.name for p in game.declaration.preferences}
        values = {k: v for k, v in updated[shared.key].items() if k in names}
        if values:
            updated[game.key] = {**(updated.get(game.key) or {}), **values}
    for key in places:
        del updated[key]
    return updated


def _copied(stored: Any) -> dict[str, Any]:
    """A copy of a profile's `game_preferences` whose entries may be changed without touching `stored`."""
    if not isinstance(stored, Mapping):
        return {}
    return {k: dict(v) if isinstance(v, Mapping) else v for k, v in stored.items()}
