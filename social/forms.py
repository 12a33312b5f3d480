"""Forms of the social pages: a name to find or add, a list name, a table's social settings."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from social.models import InviteList, TableSocial


class NameForm(forms.Form):
    """A player's username (adding to a list, inviting by name)."""

    username = forms.CharField(label=_("Player"), max_length=150)


class ListNameForm(forms.Form):
    """The name of a new invite list."""

    name = forms.CharField(label=_("List name"), max_length=40)


class TableSocialForm(forms.Form):
    """The host's social settings of a table (docs/decisions-social.md "table access"): in the New game dialog, and in the table's
    panel while it waits for players."""

    invite_list = forms.ModelChoiceField(
        label=_("Admit the members of"),
        queryset=InviteList.objects.none(),
        required=False,
        empty_label=_("(invited players only)"),
    )
    spectators = forms.ChoiceField(
        label=_("Spectators"), choices=TableSocial.Spectators.choices, required=False
    )
    approval = forms.BooleanField(label=_("I approve seat requests"), required=False)

    def __init__(self, *args: Any, owner: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["invite_list"].queryset = InviteList.objects.filter(owner=owner)

    def clean_spectators(self) -> str:
        """Not given: the table's default, anyone the access admits may watch."""
        return self.cleaned_data.get("spectators") or TableSocial.Spectators.ANYONE
