"""Account pages beyond allauth's: the player's profile."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .forms import ProfileForm
from .models import Profile


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """GET shows, POST saves the player's display name, language and sound setting."""
    instance, _created = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=instance)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Profile saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})
