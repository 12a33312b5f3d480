"""The profile form (display name, language, sound)."""

from __future__ import annotations

from django import forms

from .models import Profile


class ProfileForm(forms.ModelForm):
    """Edit the player's own Profile."""

    class Meta:
        model = Profile
        fields = ["display_name", "language", "sound"]
