"""The profile form (display name, language, sound, hiding from the leaderboards)."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import Profile, User


class ProfileForm(forms.ModelForm):
    """Edit the player's own Profile. A display name may not be another player's username or display name
    (compared without case), so nobody can pass for someone else at a table, in chat or in a friends list."""

    class Meta:
        model = Profile
        fields = ["display_name", "language", "sound", "hide_from_leaderboards"]

    def clean_display_name(self) -> str:
        name = (self.cleaned_data.get("display_name") or "").strip()
        if not name:
            return name
        others = User.objects.exclude(pk=self.instance.user_id)
        if others.filter(Q(username__iexact=name) | Q(profile__display_name__iexact=name)).exists():
            raise forms.ValidationError(_("Another player already goes by this name."))
        return name
