"""The social pages through Django's test client: the friends page, invite lists and ignores by form, and their
translations."""

from __future__ import annotations

import pytest
from django.test import Client

from social import services as social
from social.models import Ignore

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_it_renders_the_friends_page_with_the_search(users):
    alice = _client(users["alice"])
    social.accept_friend(users["bob"], social.request_friend(users["alice"], users["bob"]).pk)
    page = alice.get("/social/?q=car")
    assert page.status_code == 200 and b"carol" in page.content and b"bob" in page.content


def test_it_keeps_invite_lists_by_form(users):
    alice = _client(users["alice"])
    alice.post("/social/lists/", {"name": "Thursday Jass"})
    thursday = users["alice"].invite_lists.get()
    alice.post(f"/social/lists/{thursday.pk}/add/", {"username": "bob"})
    assert list(thursday.members.values_list("username", flat=True)) == ["bob"]
    alice.post(f"/social/lists/{thursday.pk}/remove/bob/")
    assert thursday.members.count() == 0


def test_it_ignores_by_form_and_goes_back_only_within_the_site(users):
    alice = _client(users["alice"])
    back = alice.post("/social/ignore/dave/", {"next": "/tables/1/"})
    assert back.url == "/tables/1/"
    assert Ignore.objects.filter(user=users["alice"], ignored=users["dave"]).exists()
    away = alice.post("/social/unignore/dave/", {"next": "https://elsewhere.example/"})
    assert away.url == "/social/" and not Ignore.objects.filter(user=users["alice"]).exists()


def test_it_translates_the_social_pages_and_scripts(users):
    users["alice"].profile.language = "de"
    users["alice"].profile.save()
    alice = _client(users["alice"])
    assert "Einladungslisten" in alice.get("/social/").content.decode()
    assert "Chat der Zuschauer" in alice.get("/jsi18n/").content.decode()
