"""Pages rendered for a German-speaking player (and visitor) through Django's test client: the wallet with
its statement, the staff reports, sign-up and the lobby carry the German texts and no English sentence of the
catalogs is left."""

from __future__ import annotations

import html
import re
from pathlib import Path

import allauth
import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games import services as tables
from games.engines.core import BOT_LEVELS
from games.labels import BOT_LEVEL_LABELS
from ledger import services as ledger
from ledger.models import SettlementUnit
from signup.players import open_player_account
from tests.ledger.example_deal import settle_example_deal
from tests.lobby import page_boxes
from tests.players import verified, with_role

from .checks import live
from .conftest import REPO
from .pofile import parse

pytestmark = pytest.mark.django_db

GERMAN_CATALOGS = [
    REPO / "locale/de/LC_MESSAGES/django.po",
    Path(allauth.__file__).parent / "locale/de/LC_MESSAGES/django.po",
]


def english_sentences() -> set[str]:
    """English msgids of several words whose German translation differs (the ones a page must not show)."""
    found = set()
    for path in GERMAN_CATALOGS:
        for e in live(parse(path)):
            text = e.msgstr.get(0, "")
            if " " in e.msgid and "%" not in e.msgid and "{" not in e.msgid and text and text != e.msgid:
                found.add(e.msgid)
    assert len(found) > 150  # the three catalogs were read
    return found


ENGLISH = english_sentences()


def visible_text(response) -> str:
    """The page's text as a reader sees it: no tags, scripts or styles; entities decoded; one space between
    words."""
    assert response.status_code == 200
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def english_left(text: str) -> list[str]:
    """The English sentences of the catalogs that `text` still shows, as whole words."""
    return sorted(s for s in ENGLISH if re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text))


def german_player(name: str, role: str | None = None, **extra) -> Client:
    """A logged-in client of a new user whose profile speaks German (`client.user` is the user), holding the
    staff role `role` when given."""
    user = get_user_model().objects.create_user(name, password="pw-for-tests-only", **extra)
    open_player_account(user, language="de")
    verified(user)
    if role:
        user = with_role(user, role)
    client = Client()
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture
def settled_deal():
    """Four German players; a deal of table 3 reserved and settled (alice won 25 units from each)."""
    users = [
        get_user_model().objects.create_user(n, password="pw-for-tests-only")
        for n in ("alice", "bob", "carol", "dave")
    ]
    for user in users:
        open_player_account(user, language="de")
        verified(user)
    settle_example_deal(users, result={"contract": "petite"})
    return users


def test_the_wallet_and_its_statement_speak_german(settled_deal):
    client = Client()
    client.force_login(settled_deal[0])
    text = visible_text(client.get(reverse("ledger:wallet")))
    for german in (
        "Geldbörse",
        "Guthaben",
        "Verlustlimits",
        "Selbstausschluss",
        "Spiele und Buchungen",
        "Reservierung (höchster möglicher Verlust)",
        "Spiel abgerechnet",
        "Startguthaben",
        "Tag",
        "Woche",
        "Monat",
    ):
        assert german in text
    assert english_left(text) == []
    assert "Loss limits" not in text and "Deal settled" not in text and "Starting balance" not in text


def test_the_staff_reports_speak_german(settled_deal):
    client = german_player("sam", role="Finance")
    unit = SettlementUnit.objects.get(unit_id="round:42")
    wallet = ledger.wallet_for(settled_deal[1])
    pages = {
        "settlement": visible_text(client.get(reverse("ledger:staff_settlement", args=[unit.pk]))),
        "settlements": visible_text(client.get(reverse("ledger:staff_settlements"))),
        "statement": visible_text(client.get(reverse("ledger:staff_statement", args=[wallet.pk]))),
        "reconciliation": visible_text(client.get(reverse("ledger:staff_reconciliation"))),
    }
    assert "Einsatz pro Einheit" in pages["settlement"] and "Zahlungen" in pages["settlement"]
    assert "Summe der Seite" in pages["settlements"] and "Gewonnenes Geld (T)" in pages["settlements"]
    assert "Kontoauszug von bob" in pages["statement"] and "Reservierung" in pages["statement"]
    assert "Jede Transaktion ist ausgeglichen" in pages["reconciliation"]
    for name, text in pages.items():
        assert english_left(text) == [], name
    assert "Stake per unit" not in pages["settlement"] and "Page total" not in pages["settlements"]


def test_sign_up_speaks_german_to_a_german_browser(client):
    text = visible_text(client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="de-CH,de;q=0.9"))
    assert "Registrieren" in text and "Passwort" in text
    assert english_left(text) == []
    assert "Sign up" not in text and "Password" not in text


def test_the_lobby_speaks_german():
    client = german_player("alice")
    tables.create_table(
        client.user,
        tables.TableTerms("french-tarot", human_seats=2, stake=10, limit=1500, bot_level="expert"),
    )
    page = client.get(reverse("lobby"))
    text = visible_text(page)
    for german in ("Neues Spiel", "Ihre Geldbörse", "öffentlich", "Freunde", "Alle Spiele", "Jetzt online"):
        assert german in text
    assert english_left(text) == []
    assert "Your wallet" not in text and "At a stakes table" not in text
    assert "Stärke der Bots Anfänger Standard Experte" in text  # the New game dialog's choices
    assert set(BOT_LEVEL_LABELS) == set(BOT_LEVELS)  # a new level needs its label
    # The script draws the boxes (tests/e2e/test_lobby.py): from German box texts and the German JS catalog.
    (box,) = page_boxes(page.content.decode())
    assert (box["bot_level_display"], box["access_display"]) == ("Experte", "öffentlich")
    catalog = client.get(reverse("javascript-catalog")).content.decode()
    for german in (
        "wartet auf Spieler",
        "freier Platz",
        "Einsatz",
        "ohne Einsatz",
        "Spielen",
        "Zuschauen",
        "befreundet",
    ):
        assert german in catalog


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_the_live_lobby_boxes_speak_the_players_language():
    """The lobby socket has no LocaleMiddleware: its boxes still carry the player's language."""
    from tests.tables.sockets import open_socket, receive

    alice = await sync_to_async(german_player)("alice")
    await sync_to_async(tables.create_table)(
        alice.user, tables.TableTerms("french-tarot", human_seats=2, bot_level="beginner")
    )
    socket, accepted = await open_socket("/ws/lobby/", alice.user)
    assert accepted
    frame = await receive(socket)
    await socket.disconnect()
    box = frame["tables"][0]
    assert (box["access_display"], box["bot_level_display"], box["bot_level"]) == (
        "öffentlich",
        "Anfänger",
        "beginner",
    )
