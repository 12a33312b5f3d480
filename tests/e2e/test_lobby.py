"""The lobby in Chromium: static/js/lobby.js draws every table box, from the page's boxes at load and from the
lobby socket's frames after, with money from static/js/money.js in the player's language; who is online, friends
first; the filters by game, stakes, highest stake and free seat, which a socket update keeps and a reload remembers. The
screenshots tests/output/lobby-1280x800.png and lobby-390x844.png come from here."""

from __future__ import annotations

import re

import pytest

from tests.tables.minigame import GAME

from .driver import TIMEOUT, log_in, open_table
from .site import DEMO_PASSWORD, LiveSite, run_on_site
from .tarot_deals import strong_hand_order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def box_texts(page, table_id: int) -> dict[str, str]:
    """What one box shows: title, status, stake line, seats, and whether Play is offered."""
    box = page.locator(f'.table-box[data-table="{table_id}"]')
    box.wait_for(timeout=TIMEOUT)
    return {
        "title": box.locator(".box-title").inner_text(),
        "status": box.locator(".box-status").inner_text(),
        "stake": box.locator(".box-stake").inner_text(),
        "seats": " | ".join(box.locator(".box-seats li").all_inner_texts()),
        "play": str(box.locator("form.box-play").is_visible()),
        "watch": box.locator(".box-watch").get_attribute("href"),
        "link": box.locator(".box-watch").inner_text(),
    }


def test_the_script_draws_each_box_the_same_at_load_and_live(site, browser, output_dir):
    pages = {}
    for name in ("alice", "bob", "carol"):
        pages[name] = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 850}).new_page()
        log_in(pages[name], site.url, name, DEMO_PASSWORD)
    alice, bob, carol = pages["alice"], pages["bob"], pages["carol"]
    carol.goto(site.url + "/accounts/profile/")
    carol.select_option("#id_language", "de")
    carol.click("form.stack button[type=submit]")
    carol.goto(site.url + "/")
    bob.goto(site.url + "/")
    bob.wait_for_function("window.kibitzLobbySocket && window.kibitzLobbySocket.readyState === 1")
    carol.wait_for_function("window.kibitzLobbySocket && window.kibitzLobbySocket.readyState === 1")

    order, _deal = strong_hand_order(3, strong_seat=0)
    table_id = open_table(
        alice, site.url, {"order": order, "dealer": 3, "bot_seed": 1}, human_seats=2, stake="0,12"
    )
    live = box_texts(bob, table_id)  # drawn from the lobby socket's frame
    assert live["title"] == "French Tarot" and live["status"] == "waiting for players"
    assert live["stake"] == "stake 0.12 · limit 18.00"  # French Tarot's default limit: 150 × the stake
    assert live["seats"].startswith("alice | free seat") and live["play"] == "True"
    assert live["watch"] == f"/tables/{table_id}/" and live["link"] == "Watch"
    german = box_texts(carol, table_id)
    assert (german["status"], german["stake"]) == ("wartet auf Spieler", "Einsatz 0,12 · Limit 18,00")
    assert german["seats"].startswith("alice | freier Platz")
    bob.screenshot(path=str(output_dir / "lobby-live-box.png"), full_page=True)

    bob.reload()  # drawn from the page's embedded boxes, before any frame
    assert box_texts(bob, table_id) == live
    bob.locator(f'.table-box[data-table="{table_id}"] button', has_text="Play").click()
    bob.wait_for_url(f"{site.url}/tables/{table_id}/", timeout=TIMEOUT)

    carol.locator(f'.table-box[data-table="{table_id}"] .box-status', has_text="im Spiel").wait_for(
        timeout=TIMEOUT
    )
    seated = box_texts(carol, table_id)
    assert seated["play"] == "False" and seated["seats"].startswith("alice | bob")
    assert seated["link"] == "Zuschauen"  # carol is not seated there
    carol.screenshot(path=str(output_dir / "lobby-box-german.png"), full_page=True)
    bob.goto(site.url + "/")  # bob is seated there: his box leads back to his seat
    mine = box_texts(bob, table_id)
    assert (mine["link"], mine["watch"], mine["play"]) == ("Back to my seat", f"/tables/{table_id}/", "False")


# The room the lobby shows alice: carol is her friend; erin ignores her; bots have presence rows too. Bob waits at
# a French Tarot stakes table with expert bots, dave at a free table of the tests' game, carol plays one.
ROOM = f"""
from datetime import timedelta
from django.utils import timezone
from accounts.models import User
from signup.players import open_player_account
from games import services
from games.models import Seat
from social import services as social
from social.models import Presence
users = {{u.username: u for u in User.objects.filter(username__in=["alice", "bob", "carol", "dave"])}}
erin = User.objects.create_user("erin", password="x")
open_player_account(erin)
social.ignore(erin, users["alice"])
request = social.request_friend(users["alice"], users["carol"])
social.accept_friend(users["carol"], request.pk)
stakes = services.create_table(users["bob"], services.TableTerms("french-tarot", human_seats=2, stake=10,
                                                                  bot_level="expert", turn_seconds=120))
free = services.create_table(users["dave"], services.TableTerms("{GAME.key}", human_seats=2, bot_level="beginner"))
playing = services.create_table(users["carol"], services.TableTerms("{GAME.key}", human_seats=1, turn_seconds=300))
later = timezone.now() + timedelta(hours=1)  # these stay online for the whole test
for user in [erin, *(s.user for s in Seat.objects.filter(table=stakes, for_human=False))]:
    Presence.objects.update_or_create(user=user, defaults={{"last_seen": later}})
print(stakes.pk, free.pk, playing.pk)
"""


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """A site on the tests' settings (two games to filter by) holding ROOM; yields (site, table ids)."""
    live = LiveSite()
    folder = tmp_path_factory.mktemp("site")
    # The room's hosts never open their tables' pages: the clean-up job would start their absence clocks
    # (games.services.absence.note_silent_sockets) and, a turn time later, hide their tables from others' lobbies as
    # tables whose people are all away, which a slow run reached before its second screen size.
    live.start(folder, settings_module="tests.settings", env={"KIBITZ_TABLES_CLEANUP_SECONDS": "86400"})
    run_on_site(folder, ROOM, settings_module="tests.settings")
    yield live
    live.stop()


def _ids(page, selector: str = ".table-box") -> list[int]:
    return [int(i) for i in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.table)")]


def _box_of(page, game: str) -> int:
    """The id of the lowest table of `game` the page shows."""
    return min(_ids(page, f'.table-box[data-game="{game}"]'))


def _filter(page, game: str | None = None, stakes: str | None = None, seat: bool | None = None) -> None:
    if game is not None:
        page.select_option("#filter-game", game)
    if stakes is not None:
        page.select_option("#filter-stakes", stakes)
    if seat is not None:
        page.locator("#filter-seat").set_checked(seat)


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_lobby_shows_who_is_online_filters_the_boxes_and_tells_each_tables_terms(
    room, browser, output_dir, width, height
):
    base = room.url
    others = {}
    for name in ("bob", "carol", "dave"):  # their lobby sockets beat on connect: they are online
        others[name] = browser.new_context(
            bypass_csp=True, viewport={"width": 1100, "height": 850}
        ).new_page()
        log_in(others[name], base, name, DEMO_PASSWORD)
        others[name].wait_for_function(
            "window.kibitzLobbySocket && window.kibitzLobbySocket.readyState === 1"
        )
    alice = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    alice.on("pageerror", lambda e: errors.append(str(e)))
    log_in(alice, base, "alice", DEMO_PASSWORD)

    # Who is online: carol, the friend, first; then bob and dave; no bot, not erin who ignores alice, not alice.
    people = alice.locator("#online-people li.online-person")
    people.nth(2).wait_for(timeout=TIMEOUT)
    assert people.evaluate_all("els => els.map(e => e.dataset.username)") == ["carol", "bob", "dave"]
    assert people.first.locator(".tag-friend").is_visible()
    assert people.first.locator("a.online-name").get_attribute("href") == "/players/carol/"
    assert alice.inner_text("#online-count") == "3"

    # A box tells the game, its seats (bots marked), the bots' level, the stakes and the worst case per deal.
    stakes_id = _box_of(alice, "french-tarot")
    box = alice.locator(f'.table-box[data-table="{stakes_id}"]')
    assert box.locator(".box-title").inner_text() == "French Tarot"
    assert box.locator(".box-status").inner_text() == "waiting for players"
    seats = box.locator(".box-seats li")
    assert seats.count() == 4 and seats.nth(0).inner_text() == "bob"
    assert seats.nth(1).locator(".seat-free-text").inner_text() == "free seat"
    assert seats.nth(1).locator(".seat-pick button").inner_text() == "Sit here"  # the seat picture's choice
    assert seats.nth(0).locator("a").get_attribute("href") == "/players/bob/"
    assert all(seats.nth(n).locator(".tag-bot").inner_text().lower() == "bot · expert" for n in (2, 3))
    assert box.locator(".box-seat-count").inner_text() == "1 of 4 seats free"
    assert box.locator(".box-bots").inner_text() == "expert"
    assert box.locator(".box-stake").inner_text() == "stake 0.10 · limit 15.00"
    assert (
        box.locator(".box-worst-case").inner_text() == "Worst case per deal: 45.00 (limit × 3 other players)"
    )
    assert box.locator(".box-chip").inner_text() == "0.10"
    assert box.locator("form.box-play button").is_visible()
    free_id = min(_ids(alice, f'.table-box.no-stakes.status-open[data-game="{GAME.key}"]'))
    free_box = alice.locator(f'.table-box[data-table="{free_id}"]')
    assert free_box.locator(".box-stake").inner_text() == "no stakes"
    assert (
        free_box.locator(".box-worst-case").count() == 0
        and free_box.locator(".box-chip").inner_text() == "Free"
    )
    assert free_box.locator(".box-bots").inner_text() == "beginner"
    playing_ids = _ids(alice, f'.table-box.status-playing[data-game="{GAME.key}"]')
    playing_box = alice.locator(f'.table-box[data-table="{playing_ids[0]}"]')
    assert playing_box.locator(".box-status").inner_text() == "playing"
    alice.screenshot(path=str(output_dir / f"lobby-{width}x{height}.png"))
    alice.screenshot(path=str(output_dir / f"lobby-{width}x{height}-full.png"), full_page=True)

    # Filters: by game, by stakes, by a free seat; the address and localStorage keep them.
    everything = set(_ids(alice))
    _filter(alice, game=GAME.key)
    shown = set(_ids(alice))
    assert free_id in shown and stakes_id not in shown and set(playing_ids) <= shown
    assert re.search(rf"[?&]game={GAME.key}", alice.url)
    assert alice.inner_text("#tables-count") == f"{len(shown)} of {len(everything)} tables"
    _filter(alice, seat=True)
    assert free_id in _ids(alice) and not set(playing_ids) & set(_ids(alice))
    _filter(alice, game="", seat=False, stakes="stakes")
    assert stakes_id in _ids(alice) and free_id not in _ids(alice)
    _filter(alice, stakes="free")
    assert stakes_id not in _ids(alice) and free_id in _ids(alice)
    _filter(alice, stakes="")
    alice.fill("#filter-max", "0,05")  # a highest stake below the table's 0.10: free tables only
    assert stakes_id not in _ids(alice) and free_id in _ids(alice) and re.search(r"[?&]max=5\b", alice.url)
    alice.fill("#filter-max", "0.10")
    assert stakes_id in _ids(alice) and free_id in _ids(alice)
    alice.fill("#filter-max", "ten")  # not an amount: marked, and no highest stake applies
    assert alice.get_attribute("#filter-max", "aria-invalid") == "true" and stakes_id in _ids(alice)
    alice.fill("#filter-max", "")

    # A socket update (dave opens a French Tarot table without stakes) keeps the filter: free tables only.
    _filter(alice, game=GAME.key, stakes="")
    before = alice.inner_text("#tables-count")
    order, _deal = strong_hand_order(3, strong_seat=0)
    new_id = open_table(others["dave"], base, {"order": order, "dealer": 3, "bot_seed": 1}, human_seats=2)
    alice.wait_for_function(
        "(before) => document.getElementById('tables-count').textContent !== before",
        arg=before,
        timeout=TIMEOUT,
    )
    assert new_id not in _ids(alice) and free_id in _ids(alice)  # the new box came, hidden by the game filter
    _filter(alice, game="", stakes="free")
    alice.locator(f'.table-box[data-table="{new_id}"]').wait_for(timeout=TIMEOUT)
    alice.reload()  # the address keeps the filter
    alice.locator(f'.table-box[data-table="{new_id}"]').wait_for(timeout=TIMEOUT)
    assert stakes_id not in _ids(alice) and alice.input_value("#filter-stakes") == "free"
    alice.goto(base + "/")  # localStorage keeps it too
    assert alice.input_value("#filter-stakes") == "free" and stakes_id not in _ids(alice)
    alice.click("#show-all-tables")
    assert stakes_id in _ids(alice) and new_id in _ids(alice) and alice.url == base + "/"
    assert errors == []
    for page in (alice, *others.values()):
        page.context.close()
