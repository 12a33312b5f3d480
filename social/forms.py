"""Forms of the social pages: a name to find or add, a list name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class NameForm(forms.Form):
    """A player's username (adding to a list, inviting by name)."""

    username = forms.CharField(label=_("Player"), max_length=150)


class ListNameForm(forms.Form):
    """The name of a new invite list."""

    name = forms.CharField(label=_("List name"), max_length=40)
