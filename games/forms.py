"""The "New game" form: game and its options, bots' level, human seats, stakes and limit (minor units, through
ledger.forms.MoneyField), turn time; and the host's settings of a table (who may sit and watch), in the same
dialog and in the table's panel."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils.translation import gettext_lazy as _

from games.engines.core import BOT_LEVELS, all_games
from games.labels import BOT_LEVEL_LABELS
from games.models import Table, TableSettings
from games.services.table_terms import MAX_LIMIT, MAX_STAKE
from ledger.forms import MoneyField
from social.models import InviteList

MATCH_ENDS = [
    ("deals:1", _("1 deal")),
    ("deals:4", _("4 deals")),
    ("deals:8", _("8 deals")),
    ("target:100", _("first to 100")),
    ("target:500", _("first to 500")),
    ("open", _("open-ended")),
]


def has_table_module(key: str) -> bool:
    """Whether the game has its front-end module (static/js/games/<key>.js) for the table shell."""
    return finders.find(f"js/games/{key}.js") is not None


def game_choices() -> list[tuple[str, str]]:
    """Registered games that the browser can show, as (key, title): an engine without its front-end module
    (static/js/games/<key>.js) cannot be opened from the dialog yet."""
    return [(key, game.title or key) for key, game in all_games().items() if has_table_module(key)]


class NewTableForm(forms.Form):
    """Validates the dialog; `options()` gives the engine options (the engine normalises them)."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    profile = forms.ChoiceField(
        label=_("Rules"),
        required=False,
        initial="fft",
        choices=[("fft", _("FFT (official)")), ("seed002", _("Classic, no handful or slam"))],
    )
    match_end = forms.ChoiceField(label=_("Match"), required=False, choices=MATCH_ENDS, initial="deals:8")
    extra_options = forms.CharField(
        label=_("Other options (JSON)"), required=False, widget=forms.TextInput(attrs={"placeholder": "{}"})
    )
    bot_level = forms.ChoiceField(
        label=_("Bots' level"), choices=[(b, BOT_LEVEL_LABELS[b]) for b in BOT_LEVELS], initial="standard"
    )
    human_seats = forms.IntegerField(label=_("Human seats"), min_value=1, max_value=6, initial=1)
    stake = MoneyField(label=_("Stake per point"), allow_negative=False, initial="0", max_value=MAX_STAKE)
    limit = MoneyField(
        label=_("Limit per payment"),
        allow_negative=False,
        max_value=MAX_LIMIT,
        required=False,
        help_text=_(
            "Empty: the game's default (French Tarot 150, Tarock 12, Rummy 100, Schieber 1, "
            "Differenzler 100 × the stake)."
        ),
    )
    access = forms.ChoiceField(label=_("Access"), choices=Table.Access.choices, initial=Table.Access.PUBLIC)
    turn_seconds = forms.IntegerField(label=_("Turn time (seconds)"), min_value=10, max_value=300, initial=30)
    fixed_deal = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not settings.KIBITZ_ALLOW_FIXED_DEALS:
            del self.fields["fixed_deal"]  # the test hook exists only where the setting allows it

    def clean_extra_options(self) -> dict[str, Any]:
        raw = self.cleaned_data.get("extra_options") or "{}"
        try:
            value = json.loads(raw)
        except ValueError:
            raise forms.ValidationError(_("Enter a JSON object.")) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Enter a JSON object."))
        return value

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

    def options(self) -> dict[str, Any]:
        """The engine options from the form (French Tarot's named fields, else the JSON field)."""
        data = self.cleaned_data
        if data["game"] == "french-tarot":
            return {
                "profile": data.get("profile") or "fft",
                "match_end": data.get("match_end") or "deals:8",
                **data["extra_options"],
            }
        return dict(data["extra_options"])


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
