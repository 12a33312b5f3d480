"""The "New game" form: game and its options (fields built from each game's declaration), bots' level, human seats,
stakes and limit (minor units, through ledger.forms.MoneyField), turn time, "Suggest a move"; and the host's
settings of a table (who may sit and watch), in the same dialog and in the table's panel."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.declarations import (
    game_title,
    has_table_module,
    option_fields,
    player_preferences,
    preference_field,
    preferences_key,
    preferences_title,
    value_token,
)
from games.engines.core import BOT_LEVELS, Game, all_games
from games.engines.core.errors import RuleError
from games.labels import BOT_LEVEL_LABELS
from games.models import Table, TableSettings
from games.reads.rating_range import PRIOR_STANDING, RATING_BOUNDS, range_error
from games.reads.table_terms import (
    MAX_LIMIT,
    MAX_STAKE,
    TURN_SECONDS,
    MoneyTerms,
    TableTerms,
    suggestions_allowed,
    worst_case_terms,
)
from ledger.forms import MoneyField
from social.models import InviteList

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

GAME_OPTION_SEPARATOR = "__"
RATED_FIELDS = ("rating_min", "rating_max", "established_only")
"""The dialog's fields of a rated table's rating range, shown beside "Rated" while it is ticked."""

LEAVER_RULE = _(
    "Whoever leaves a rated match before its end is rated last (in teams, their side loses), and the others of "
    "that match are not rated for it."
)
"""The leaver rule (docs/decisions-ratings.md "The leaver rule"), as the dialog states it under "Rated"."""


def option_field_name(game: Game[Any], option: str) -> str:
    """The dialog's field of one game option: `<game key>__<option>`, so that two games' options of one name, and a
    game option named like a table term (Rummy's `limit` counts penalty points, the table's `limit` is money), stay
    apart."""
    return f"{game.key}{GAME_OPTION_SEPARATOR}{option}"


def offered_games() -> list[Game[Any]]:
    """Registered games that the browser can show: an engine without its browser module (static/js/games/
    <module>.js) cannot be opened from the dialog yet."""
    return [game for game in all_games().values() if has_table_module(game)]


def game_choices() -> list[tuple[str, str]]:
    """The offered games as (key, title in the active language)."""
    return [(game.key, game_title(game)) for game in offered_games()]


def money_terms(game: Game[Any]) -> str:
    """The dialog's money terms of `game`, in the active language: its default limit per payment and when it
    settles (the declaration's §9 terms). The one place the dialog states a game's money terms."""
    units = game.declaration.default_limit_units
    if game.declaration.settlement_unit == "match":
        text = gettext(
            "Settled once, at the end of the match. Default limit per payment: %(units)s × the stake."
        )
    else:
        text = gettext("Settled after each deal. Default limit per payment: %(units)s × the stake.")
    return text % {"units": units}


def rated_terms() -> str:
    """What a rated table means, in the active language, for the How to play pages: the results move the ratings
    and the match must end, the rating range (its bounds, games.reads.rating_range.RATING_BOUNDS) and "established
    players only", and the leaver rule (LEAVER_RULE)."""
    rule = gettext(
        "A rated table may keep players out by rating: a lowest and a highest rating (whole numbers from %(low)s "
        "to %(high)s), and established players only (no provisional rating). A new player is rated %(new)s and "
        "is provisional."
    ) % {"low": RATING_BOUNDS[0], "high": RATING_BOUNDS[1], "new": PRIOR_STANDING.display}
    return " ".join(
        [
            gettext("The results move the players' ratings; the match must have an end."),
            rule,
            str(LEAVER_RULE),
        ]
    )


@dataclass(frozen=True)
class GameSection:
    """The dialog's part of one game: its options' bound fields, its seat counts and its money terms."""

    game: Game[Any]
    title: str
    fields: list[forms.BoundField]
    max_seats: int
    money_terms: str


def _rating_bound(label: str | _StrPromise) -> forms.IntegerField:
    """One end of a rated table's rating range in the New game dialog: optional, a whole number within
    games.reads.rating_range.RATING_BOUNDS (docs/decisions-ratings.md "Rating range")."""
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=RATING_BOUNDS[0],
        max_value=RATING_BOUNDS[1],
        widget=forms.NumberInput(attrs={"placeholder": _("none"), "inputmode": "numeric"}),
    )


class NewTableForm(forms.Form):
    """Validates the dialog. The game options' fields are built from each offered game's declaration (`<game
    key>__<option>`); only the chosen game's fields are read. `options()` gives the chosen game's options,
    normalised by its engine."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    bot_level = forms.ChoiceField(
        label=_("Bots' level"), choices=[(b, BOT_LEVEL_LABELS[b]) for b in BOT_LEVELS], initial="standard"
    )
    human_seats = forms.IntegerField(label=_("Human seats"), min_value=1, initial=1)
    stake = MoneyField(label=_("Stake per point"), allow_negative=False, initial="0", max_value=MAX_STAKE)
    limit = MoneyField(
        label=_("Limit per payment"),
        allow_negative=False,
        max_value=MAX_LIMIT,
        required=False,
        help_text=_(
            "Empty: the game's default limit (with the game's options above). Not 0 at a stakes table."
        ),
    )
    access = forms.ChoiceField(label=_("Access"), choices=Table.Access.choices, initial=Table.Access.PUBLIC)
    turn_seconds = forms.IntegerField(
        label=_("Turn time (seconds)"), min_value=TURN_SECONDS[0], max_value=TURN_SECONDS[1], initial=30
    )
    suggestions = forms.BooleanField(
        label=_("Suggest a move"),
        required=False,
        help_text=_(
            "Each seat may ask, on its turn, which move the standard bot would make with its cards. "
            "Only at an unrated table without stakes."
        ),
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        help_text=_("The results move the players' ratings; the match must have an end."),
    )
    rating_min = _rating_bound(_("Lowest rating"))
    rating_max = _rating_bound(_("Highest rating"))
    established_only = forms.BooleanField(
        label=_("Established players only"),
        required=False,
        help_text=_("Players whose rating in this game is still provisional cannot join."),
    )
    fixed_deal = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not settings.KIBITZ_ALLOW_FIXED_DEALS:
            del self.fields["fixed_deal"]  # the test hook exists only where the setting allows it
        self._games = offered_games()
        chosen = self.data.get("game") if self.is_bound else None
        for game in self._games:
            for name, field in option_fields(game).items():
                # Another game's fields keep their initial values: a stale value there is no error of this table.
                field.disabled = self.is_bound and game.key != chosen
                _mark_open_values(game, name, field)
                self.fields[option_field_name(game, name)] = field
        seats = self.fields["human_seats"]
        assert isinstance(seats, forms.IntegerField)
        most = max((game.declaration.seat_counts[-1] for game in self._games), default=1)
        seats.max_value = most
        seats.validators.append(MaxValueValidator(most))
        seats.widget.attrs["max"] = str(most)

    def game_sections(self) -> list[GameSection]:
        """Each offered game's part of the dialog, in the order of the game select."""
        return [
            GameSection(
                game,
                game_title(game),
                [self[option_field_name(game, o.name)] for o in game.declaration.options],
                game.declaration.seat_counts[-1],
                money_terms(game),
            )
            for game in self._games
        ]

    def table_fields(self) -> list[forms.BoundField]:
        """The visible fields that are not a game option nor a rating range field (the game, bots, seats, money,
        access, turn time, suggestions, rated)."""
        return [
            f
            for f in self.visible_fields()
            if GAME_OPTION_SEPARATOR not in f.name and f.name not in RATED_FIELDS
        ]

    def rated_fields(self) -> list[forms.BoundField]:
        """The rating range's fields (RATED_FIELDS), which the dialog shows under "Rated" while it is ticked."""
        return [self[name] for name in RATED_FIELDS]

    def leaver_rule(self) -> str:
        """The leaver rule, in the active language (LEAVER_RULE)."""
        return str(LEAVER_RULE)

    def clean_fixed_deal(self) -> dict[str, Any] | None:
        raw = self.cleaned_data.get("fixed_deal")
        if not raw or not settings.KIBITZ_ALLOW_FIXED_DEALS:
            return None
        try:
            value = json.loads(raw)
        except ValueError:
            raise forms.ValidationError("fixed_deal is JSON") from None
        if not isinstance(value, dict) or not isinstance(value.get("order"), list):
            raise forms.ValidationError('fixed_deal is {"order": [...], "dealer": d}')
        return value

    def clean(self) -> dict[str, Any]:
        """The chosen game's options, checked by its engine, the human seats within its seat count, and a match
        that ends (Game.match_ends) at a rated table."""
        super().clean()
        data = self.cleaned_data
        key = data.get("game")
        game = next((g for g in self._games if g.key == key), None)
        if game is None:
            return data
        names = [o.name for o in game.declaration.options]
        if any(option_field_name(game, name) in self.errors for name in names):
            return data
        try:
            given = {name: data.get(option_field_name(game, name)) for name in names}
            data["options"] = game.normalize_options({k: v for k, v in given.items() if v is not None})
        except RuleError:
            # The fields hold only the schema's values, which the engine accepts (tests/tables/test_new_game.py).
            self.add_error(None, gettext("These options do not go together."))
            return data
        seats = game.seat_count(data["options"])
        if data.get("stake") and data.get("limit") == 0:
            # Never a hidden default: the table would show "limit 0.00" while it reserves the game's default.
            self.add_error(
                "limit",
                gettext("A limit of 0 is not allowed: leave the field empty for the game's default limit."),
            )
        asked = TableTerms(
            game.key,
            stake=data.get("stake") or 0,
            suggestions=bool(data.get("suggestions")),
            rated=bool(data.get("rated")),
        )
        if asked.suggestions and "stake" not in self.errors and not suggestions_allowed(asked):
            self.add_error(
                "suggestions", gettext("Suggested moves are only for unrated tables without stakes.")
            )
        if data.get("rated") and not game.match_ends(data["options"]):
            self.add_error(
                self._match_end_field(game),
                gettext("A rated table needs a match that ends: choose a number of deals or a target."),
            )
        self._clean_range(data)
        if data.get("human_seats") is not None and data["human_seats"] > seats:
            self.add_error(
                "human_seats",
                gettext("This table has %(seats)s seats: at most %(seats)s people.") % {"seats": seats},
            )
        return data

    def _match_end_field(self, game: Game[Any]) -> str:
        """The dialog field where a rated table's open match is refused: `game`'s first option with values whose
        match never ends (marked by _mark_open_values), where the player chooses the end; "rated" when none is."""
        for option in game.declaration.options:
            name = option_field_name(game, option.name)
            attrs = self.fields[name].widget.attrs
            if "data-open-values" in attrs or "data-rated-min" in attrs:
                return name
        return "rated"

    def _clean_range(self, data: dict[str, Any]) -> None:
        """The rating range: dropped at an unrated table (its fields are hidden there; a value typed before
        "Rated" was unticked is no error), else checked by games.reads.rating_range.range_error, an inverted
        range being an error on the lowest rating."""
        if not data.get("rated"):
            data.update(rating_min=None, rating_max=None, established_only=False)
            return
        if {"rating_min", "rating_max"} & set(self.errors):
            return  # not a number, or out of bounds: the field's own error says so
        wrong = range_error(
            True, data.get("rating_min"), data.get("rating_max"), bool(data.get("established_only"))
        )
        if wrong is not None:
            self.add_error("rating_min", wrong)

    def options(self) -> dict[str, Any]:
        """The chosen game's options, normalised (after `is_valid()`)."""
        return dict(self.cleaned_data["options"])

    def terms(self) -> TableTerms:
        """The terms of the table these fields open (after `is_valid()` returned True): the chosen game, its
        normalised options, human seats, bots' level, stake and limit (minor units; no limit: None, the game's
        default), access, turn time, suggestions, whether it is rated and a rated table's rating range."""
        data = self.cleaned_data
        return TableTerms(
            data["game"],
            self.options(),
            human_seats=data["human_seats"],
            bot_level=data["bot_level"],
            stake=data["stake"] or 0,
            limit=data.get("limit"),
            access=data["access"],
            turn_seconds=data["turn_seconds"],
            suggestions=bool(data.get("suggestions")),
            rated=bool(data.get("rated")),
            rating_min=data.get("rating_min"),
            rating_max=data.get("rating_max"),
            established_only=bool(data.get("established_only")),
        )

    def money_preview(self) -> MoneyTerms | None:
        """The money terms (games.reads.table_terms.worst_case_terms: the worst case per settlement unit) of the
        table these fields would open, after `is_valid()`: None for a free table, or while the game, its options,
        the stake or the limit has an error (the fields the other parts of the dialog hold do not matter here)."""
        data = self.cleaned_data
        if "options" not in data or {"game", "stake", "limit"} & set(self.errors):
            return None
        return worst_case_terms(data["game"], data["options"], data.get("stake") or 0, data.get("limit"))


def _mark_open_values(game: Game[Any], name: str, field: forms.Field) -> None:
    """Mark on the widget of `game`'s option `name` the values whose match never ends (Game.match_ends, the other
    options at their defaults), which the dialog's script takes away while "Rated" is ticked: a select's
    `data-open-values` (the JSON list of those choices' form values) and `data-rated-default` (the value it shows
    instead: the option's default when that ends), a number box's `data-rated-min` (the lowest value that ends, when
    its minimum does not) and `data-rated-help` (its help while "Rated" is ticked). The server still refuses them
    (`clean`, create_table)."""
    option = next(o for o in game.declaration.options if o.name == name)

    def ends(value: Any) -> bool:
        try:
            return game.match_ends(game.normalize_options({name: value}))
        except RuleError:
            return True  # a value the engine refuses is no open match

    if option.kind == "choice":
        open_values = [value_token(c.value) for c in option.choices if not ends(c.value)]
        if open_values:
            field.widget.attrs["data-open-values"] = json.dumps(open_values)
            if ends(option.default):
                field.widget.attrs["data-rated-default"] = value_token(option.default)
    elif option.kind == "number" and option.minimum is not None and not ends(option.minimum):
        field.widget.attrs["data-rated-min"] = str(option.minimum + 1)
        field.widget.attrs["data-rated-help"] = gettext(
            "A rated table needs a match that ends: at least %(minimum)s."
        ) % {"minimum": option.minimum + 1}


class TableSettingsForm(forms.Form):
    """The host's settings of a table (docs/decisions-social.md "Access"): in the New game dialog, and in the table's
    panel while it waits for players. `owner`: the host, whose invite lists are offered."""

    invite_list = forms.ModelChoiceField(
        label=_("Admit the members of"),
        queryset=InviteList.objects.none(),
        required=False,
        empty_label=_("(invited players only)"),
    )
    spectators = forms.ChoiceField(
        label=_("Spectators"), choices=TableSettings.Spectators.choices, required=False
    )
    approval = forms.BooleanField(label=_("I approve seat requests"), required=False)

    def __init__(self, *args: Any, owner: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        invite_list = self.fields["invite_list"]
        assert isinstance(invite_list, forms.ModelChoiceField)
        invite_list.queryset = InviteList.objects.filter(owner=owner)

    def clean_spectators(self) -> str:
        """Not given: the table's default, anyone the access admits may watch."""
        return self.cleaned_data.get("spectators") or TableSettings.Spectators.ANYONE


class GamePreferencesForm(forms.Form):
    """The profile page's game preferences: one section per place the profile keeps them (a game's own key, or the
    key several games share, `declarations.preferences_key`), one field per preference (`<key>__<name>`), initially
    the player's stored choice. `preferences()` gives the profile's new `game_preferences`."""

    def __init__(self, *args: Any, stored: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stored = stored if isinstance(stored, dict) else {}
        self._places: dict[
            str, Game[Any]
        ] = {}  # each key with the first game that keeps its preferences there
        for game in all_games().values():
            if game.declaration.preferences:
                self._places.setdefault(preferences_key(game), game)
        for key, game in self._places.items():
            mine = player_preferences(self._stored, game)
            for preference in game.declaration.preferences:
                field = preference_field(preference)
                field.initial = value_token(mine[preference.name])
                self.fields[_preference_field_name(key, preference.name)] = field

    def sections(self) -> list[tuple[str, list[forms.BoundField]]]:
        """(heading, its bound fields) of every place with preferences: a game's title, or the shared title."""
        return [
            (
                preferences_title(game),
                [self[_preference_field_name(key, p.name)] for p in game.declaration.preferences],
            )
            for key, game in self._places.items()
        ]

    def preferences(self) -> dict[str, Any]:
        """The stored preferences with this form's choices (after `is_valid()`); other entries are kept."""
        updated = dict(self._stored)
        for key, game in self._places.items():
            updated[key] = {
                p.name: self.cleaned_data[_preference_field_name(key, p.name)]
                for p in game.declaration.preferences
            }
        return updated


def _preference_field_name(key: str, name: str) -> str:
    """The profile form's field of one preference kept under `key`: `<key>__<name>`."""
    return f"{key}{GAME_OPTION_SEPARATOR}{name}"
