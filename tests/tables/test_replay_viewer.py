"""The replay viewer's steps and its page (docs/decisions-tables.md "Replay viewer"): each game's longest worked case,
stored as a finished deal, replays step by step to the engine's own states; the page carries them only once the deal
is over and only to those who may read its history; a running deal, a missing deal and a refused reader get a 404,
never a 500."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from games.engines.core import get_game
from games.engines.core.replay import replay
from games.history import shown_actions
from games.replay_steps import replay_steps
from tests.tables.replay_deals import LONGEST, load_case, store_finished_deal, store_running_deal

pytestmark = pytest.mark.django_db


def _people(users):
    return [users["alice"], users["bob"], users["carol"], users["dave"]]


def _replay_data(page) -> dict:
    text = page.content.decode()
    start = text.index('<script id="replay-data" type="application/json">') + len(
        '<script id="replay-data" type="application/json">'
    )
    return json.loads(text[start : text.index("</script>", start)])


@pytest.mark.parametrize("game_key", sorted(LONGEST))
def test_each_step_is_the_engines_state_after_that_action(users, game_key):
    rnd = store_finished_deal(game_key, _people(users))
    game = get_game(game_key)
    steps = replay_steps(rnd)
    case = load_case(game_key)
    assert len(steps) == len(case["actions"]) + 1
    seats = game.seat_count(game.normalize_options(case.get("options")))
    for i, step in enumerate(steps):
        state = replay(
            game, case.get("options"), case["deal"], case["dealer"], case["actions"][:i], case.get("start")
        )
        assert step["view"] == json.loads(json.dumps(game.view(state, None)))
        assert step["hands"] == [game.view(state, s).get("hand") for s in range(seats)]
        assert (step["seat"], step["action"]) == (
            (None, None) if i == 0 else (case["actions"][i - 1]["seat"], case["actions"][i - 1]["action"])
        )
    assert steps[-1]["view"]["phase"] == "done"


@pytest.mark.parametrize("game_key", sorted(LONGEST))
def test_the_history_page_carries_the_replay_to_a_player(users, game_key):
    rnd = store_finished_deal(game_key, _people(users))
    client = Client()
    client.force_login(users["bob"])
    page = client.get(f"/tables/{rnd.table_id}/deals/1/")
    assert page.status_code == 200
    data = _replay_data(page)
    assert data["bottom"] == 1  # bob's own seat is drawn at the bottom
    assert len(data["steps"]) == len(shown_actions(rnd)) + 1
    assert data["table"]["round"]["players"][:2] == ["alice", "bob"]


def test_no_replay_of_a_running_deal_for_a_watcher_or_a_player(users):
    rnd = store_running_deal("french-tarot", _people(users))
    watcher = User.objects.create_user("wendy", password="pw-for-tests-only")
    for user in (watcher, users["alice"]):
        client = Client()
        client.force_login(user)
        for url in (f"/tables/{rnd.table_id}/deals/1/", f"/tables/{rnd.table_id}/deals/1/replay.json"):
            page = client.get(url)
            assert page.status_code == 404
            assert b'id="not-found"' in page.content  # the site's own page (templates/404.html), not a 500
            assert b"replay-data" not in page.content
            assert not any(card.encode() in page.content for card in rnd.deal["hands"][0][:3])


def test_no_replay_of_a_deal_that_does_not_exist_or_of_a_private_table(users):
    rnd = store_finished_deal("tarock", _people(users))
    client = Client()
    client.force_login(users["alice"])
    assert client.get(f"/tables/{rnd.table_id}/deals/2/").status_code == 404
    assert client.get("/tables/999999/deals/1/").status_code == 404
    huge = 10**20  # past a 64-bit integer: the lookup itself would fail
    for path in (f"/tables/{huge}/deals/1/", f"/tables/{huge}/deals/1/replay.json", f"/deals/{huge}/"):
        assert client.get(path).status_code == 404, path
    rnd.table.access = "private"
    rnd.table.save()
    stranger = User.objects.create_user("sam", password="pw-for-tests-only")
    stranger.profile.language = "de"
    stranger.profile.save()
    client.force_login(stranger)
    refused = client.get(f"/tables/{rnd.table_id}/deals/1/")
    assert refused.status_code == 404
    assert "Seite nicht gefunden" in refused.content.decode()  # in the reader's language
    assert b"replay-data" not in refused.content


def test_a_log_that_no_longer_replays_shows_the_written_history_without_the_viewer(users):
    rnd = store_finished_deal("jass-differenzler", _people(users))
    rnd.actions = [{"seat": 0, "action": {"play": "not-a-card"}}, *rnd.actions]
    rnd.save()
    client = Client()
    client.force_login(users["alice"])
    page = client.get(f"/tables/{rnd.table_id}/deals/1/")
    assert page.status_code == 200
    assert b'class="history-actions"' in page.content and b"replay-data" not in page.content
