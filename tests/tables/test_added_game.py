"""A game added the way README.md "Adding a game" says (the tests' own game: its package listed in the tests' settings,
its browser module served by them) appears in the New game dialog with its declared fields, and is played to its
end through the table socket over the real Redis channel layer."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.contrib.staticfiles import finders
from django.db import connections
from django.test import Client
from django.urls import reverse

from games.engines.core import get_game
from games.models import Round, Table
from games.services.sweeper import sweep_once

from .minigame import GAME
from .sockets import open_socket, receive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.timeout(120)]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _dialog_and_new_table(user) -> tuple[str, int]:
    client = _client(user)
    lobby = client.get(reverse("lobby")).content.decode()
    answer = client.post(
        reverse("new_table"),
        {
            "game": GAME.key,
            f"{GAME.key}__rounds": "2",
            "bot_level": "standard",
            "human_seats": 1,
            "stake": "0",
            "access": "public",
            "turn_seconds": 300,
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    table = Table.objects.get()
    page = client.get(answer["Location"]).content.decode()
    assert f'data-module="/static/js/games/{GAME.declaration.module}.js"' in page
    return lobby, table.pk


@sync_to_async
def _sweep() -> int:
    return sweep_once()


@sync_to_async
def _finished(table_id: int) -> tuple[str, list[list[int]]]:
    table = Table.objects.get(pk=table_id)
    rounds = Round.objects.filter(table=table).order_by("number")
    return table.status, [r.result["scores"] for r in rounds if r.result]


async def test_the_added_game_is_offered_and_played_to_its_end_through_the_socket(
    users, redis_layer, fast_bots
):
    assert get_game(GAME.key) is GAME and finders.find(f"js/games/{GAME.declaration.module}.js")
    lobby, table_id = await sync_to_async(_dialog_and_new_table)(users["alice"])
    assert re.search(rf'<option value="{GAME.key}"[^>]*>Follow \(test game\)</option>', lobby)
    assert f'name="{GAME.key}__rounds"' in lobby and 'max="5"' in lobby
    assert (await sync_to_async(Table.objects.get)(pk=table_id)).options == {"rounds": 2}

    ws, ok = await open_socket(f"/ws/tables/{table_id}/", users["alice"])
    assert ok
    frame = await receive(ws)
    plays = next_deals = 0
    while not frame["table"].get("match_over"):
        view = frame["view"]
        if view and view["phase"] == "play" and 0 in view["to_act"] and frame["legal"]:
            action = frame["legal"][0]
            assert set(action) == {"play"} and action["play"] in view["hand"]
            await ws.send_to(
                text_data=json.dumps(
                    {"type": "act", "id": f"p{plays}", "version": frame["version"], "action": action}
                )
            )
            plays += 1
        elif view and view["phase"] == "done":
            await ws.send_to(text_data=json.dumps({"type": "next", "version": frame["version"]}))
            next_deals += 1
        elif not await _sweep():  # the bots' moves, as the site's sweeper makes them
            await asyncio.sleep(0.05)
            continue
        while True:
            answer = await receive(ws, timeout=20)
            if answer["type"] == "state":
                frame = answer
                break
            assert answer["type"] != "error", answer
    await ws.disconnect()
    status, scores = await _finished(table_id)
    await sync_to_async(connections.close_all)()  # this thread's connection, before the test database goes
    assert status == Table.Status.FINISHED and len(scores) == 2
    assert (
        plays == 8 and next_deals == 1
    )  # four cards per deal from the person's seat; one deal after the first
