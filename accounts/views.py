"""Account pages beyond allauth's: the player's profile."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.http import AuthenticatedHttpRequest

from .forms import ProfileForm
from .models import Profile


@login_required
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    """GET shows, POST saves the player's display name, language and sound setting."""
    instance, _created = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=instance)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Profile saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


@login_required
@require_POST
def sound(request: AuthenticatedHttpRequest) -> JsonResponse:
    """POST `on=1|0`: the table's sound switch, remembered in the profile. Returns `{"sound": bool}`."""
    instance, _created = Profile.objects.get_or_create(user=request.user)
    instance.sound = request.POST.get("on") == "1"
    instance.save(update_fields=["sound"])
    return JsonResponse({"sound": instance.sound})
