from django.urls import path

from . import views

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/sound/", views.sound, name="profile_sound"),
]
