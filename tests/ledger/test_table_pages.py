"""Stakes in the lobby and the New game dialog: stake, limit and wallet shown; a table the player cannot
afford is refused with the reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services as tables
from games.models import Round
from ledger.views.common import hand_history_urls
from tests.lobby import page_boxes


@pytest.mark.django_db
def test_it_shows_stake_limit_and_wallet_in_the_lobby(client, players):
    alice = players[0]
    tables.create_table(alice, tables.TableTerms("french-tarot", {}, human_seats=2, stake=12))
    client.force_login(players[1])
    page = client.get(reverse("lobby")).content.decode()
    (box,) = page_boxes(page)
    assert (box["stake"], box["limit"]) == (
        12,
        1800,
    )  # tests/e2e/test_lobby.py: drawn "stake 0.12 · limit 18.00"
    assert 'id="new-game-wallet">100.00<' in page


@pytest.mark.django_db
def test_it_refuses_a_stakes_table_the_player_cannot_cover_with_the_reason(client, players):
    client.force_login(players[0])
    answer = client.post(
        reverse("new_table"),
        {
            "game": "french-tarot",
            "french-tarot__profile": "fft",
            "french-tarot__match_end": "deals:1",
            "bot_level": "beginner",
            "human_seats": 1,
            "stake": "1.00",
            "access": "public",
            "turn_seconds": 30,
        },
    )
    assert answer.status_code == 400
    assert "the worst case is 450.00" in answer.content.decode()


@pytest.mark.django_db
def test_it_refuses_play_to_a_self_excluded_player_with_the_reason(client, players):
    from ledger import services as ledger

    table = tables.create_table(players[0], tables.TableTerms("french-tarot", {}, human_seats=2, stake=10))
    ledger.exclude_self(players[1], days=7)
    client.force_login(players[1])
    answer = client.post(reverse("play", args=[table.pk]), follow=True)
    assert "self-excluded from stakes tables until" in answer.content.decode()


@pytest.mark.django_db
def test_a_statement_line_links_its_deal_to_the_tables_hand_history(client, players):
    table = tables.create_table(players[0], tables.TableTerms("french-tarot", {}, human_seats=1))
    rnd = Round.objects.get(table=table)
    links = hand_history_urls([rnd.pk, None])
    assert links == {rnd.pk: reverse("hand_history", args=[rnd.pk])}
    client.force_login(players[0])
    response = client.get(links[rnd.pk])
    assert response.status_code == 302
    assert response["Location"] == reverse("history", args=[table.pk, rnd.number])
