"""Hand histories of a running match leave out what the rules file says is never shown (docs/rules/jass.md §7): a
Schieber deal's history page and replay file, fetched between deals of a running match by each seat and by a
watcher, hold no Weis of the team that does not score its Weis; once the match is over the whole deal is shown."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from games import services
from games.engines.core import get_game
from games.models import Match, Round, Table
from signup.players import open_player_account
from tests.e2e.jass_deals import order_for
from tests.players import verified

pytestmark = pytest.mark.django_db
GAME = get_game("jass-schieber")

# Seat 0 (team 0) holds the four-card sequence 6S-9S (50), seat 1 (team 1) the three-card 6H-8H (20): only team 0
# scores its Weis (§5.4), so seat 1's declaration is never shown while the match runs.
HANDS = [
    ["6S", "7S", "8S", "9S", "AH", "KD", "QC", "JD", "10C"],
    ["6H", "7H", "8H", "10S", "JS", "QS", "KS", "AS", "6D"],
    ["9H", "10H", "JH", "QH", "KH", "7D", "8D", "9D", "10D"],
    ["QD", "AD", "6C", "7C", "8C", "9C", "JC", "KC", "AC"],
]
WEIS = {0: [["6S", "7S", "8S", "9S"]], 1: [["6H", "7H", "8H"]]}
DEALER = 3  # seat 0 is the forehand: it names trump and leads trick 1


@pytest.fixture
def people(users):
    erin = User.objects.create_user("erin", password="pw-for-tests-only")
    open_player_account(erin)
    verified(erin)
    return [users["alice"], users["bob"], users["carol"], users["dave"], erin]


def _act(table: Table, user, n: int, action: dict) -> None:
    services.act(user, table.pk, Table.objects.get(pk=table.pk).version, f"m{n}", action)


def _play_the_first_deal(table: Table, seated) -> Round:
    """Each seat declares its Weis (WEIS) at its first turn in trick 1, then plays its first legal card; trump is
    the forehand's first choice. Returns the finished deal."""
    declared: set[int] = set()
    for n in range(200):
        rnd = Round.objects.get(table=table, number=1)
        if rnd.status == Round.Status.DONE:
            return rnd
        state = GAME.from_json(rnd.snapshot)
        seat = min(GAME.due(state))
        if seat in WEIS and seat not in declared and GAME.phase(state) == "play":
            declared.add(seat)
            _act(table, seated[seat], n, {"weis": WEIS[seat]})
            continue
        legal = [a.to_wire() for a in GAME.legal_actions(state, seat)]
        _act(table, seated[seat], n, next((a for a in legal if "play" in a), legal[0]))
    raise AssertionError("the deal did not end")


def _weis_shown(client: Client, table: Table) -> tuple[set[int], set[int]]:
    """The seats whose Weis the history page and the replay file show to `client`'s user."""
    page = client.get(f"/tables/{table.pk}/deals/1/")
    assert page.status_code == 200
    text = page.content.decode()
    on_page = {seat for seat, groups in WEIS.items() if f"weis {' '.join(groups[0])}" in text}
    # the replay viewer's steps (games.replay_steps): the same actions, and no view that holds a hidden Weis
    marker = '<script id="replay-data" type="application/json">'
    steps = json.loads(text[text.index(marker) + len(marker) : text.index("</script>", text.index(marker))])[
        "steps"
    ]
    in_viewer = {step["seat"] for step in steps if step["action"] and "weis" in step["action"]}
    assert in_viewer == on_page
    views = json.dumps([step["view"] for step in steps])
    assert {seat for seat, groups in WEIS.items() if json.dumps(groups[0]) in views} <= on_page
    replay = client.get(f"/tables/{table.pk}/deals/1/replay.json")
    assert replay.status_code == 200
    in_file = {step["seat"] for step in json.loads(replay.content)["actions"] if "weis" in step["action"]}
    return on_page, in_file


def test_a_running_schieber_match_never_shows_the_weis_of_the_non_scoring_team(people, settings):
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    settings.KIBITZ_NEXT_DEAL_SECONDS = 3600
    alice = people[0]
    table = services.create_table(alice, services.TableTerms("jass-schieber", human_seats=4))
    services.fix_next_deal(table, order_for(HANDS, DEALER), DEALER)
    seated = {0: alice}
    for user in people[1:4]:
        seated[services.join(user, table.pk)] = user
    rnd = _play_the_first_deal(table, seated)
    assert rnd.result["weis"]["team"] == 0 and not Match.objects.get(pk=rnd.match_id).over
    assert {step["seat"] for step in rnd.actions if "weis" in step["action"]} == {0, 1}  # both declared

    for viewer in people:  # each seat, and erin who watches
        client = Client()
        client.force_login(viewer)
        assert _weis_shown(client, table) == ({0}, {0}), viewer.username

    Match.objects.filter(pk=rnd.match_id).update(over=True)  # the match is over: the whole deal is shown
    client = Client()
    client.force_login(people[4])
    assert _weis_shown(client, table) == ({0, 1}, {0, 1})
