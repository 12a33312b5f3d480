"""The replay viewer in Chromium (docs/decisions-tables.md "Replay viewer"): for each game's longest worked case, stored
as a finished deal, the hand-history page steps forwards by the → key and by the buttons, backwards by ← and the
buttons, jumps by Home/End and the slider, and at every step draws exactly the cards the engine's replay of the
recorded actions holds (every hand, and the trick on the felt with a just-won trick held there); the sentences are in
the page's language (English, German). A running deal has no replay. Screenshots replay-<game>-1280x800.png and
replay-<game>-390x844.png go to tests/output/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engines.core import get_game
from games.engines.core.replay import replay
from tests.tables.replay_deals import LONGEST, load_case

from .driver import TIMEOUT, log_in
from .site import DEMO_PASSWORD, run_on_site

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PEOPLE = ("alice", "bob", "carol", "dave")
# The language each game's page is read in, and words of its first sentences there.
LANGUAGES = {
    "french-tarot": ("en", "bids"),
    "tarock": ("de", "bietet"),
    "jass-schieber": ("de", "spielt"),
    "jass-differenzler": ("en", "predicts"),
    "rummy": ("en", "draws"),
}
SIZES = {"1280x800": {"width": 1280, "height": 800}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def tables(site) -> dict[str, int]:
    """The table of each game's finished deal."""
    out = site.folder / "replay_tables.json"
    run_on_site(
        site.folder,
        "import json\n"
        "from accounts.models import User\n"
        "from tests.tables.replay_deals import LONGEST, store_finished_deal\n"
        f"people = [User.objects.get(username=n) for n in {PEOPLE!r}]\n"
        "ids = {g: store_finished_deal(g, people).table_id for g in LONGEST}\n"
        "people[2].profile.language = 'de'\n"  # carol reads the site in German (her profile's language)
        "people[2].profile.save()\n"
        f"open({str(out)!r}, 'w').write(json.dumps(ids))\n",
    )
    return json.loads(out.read_text())


def _trick_cards(trick: Any) -> list[str]:
    """The cards of a view's trick in any game's shape ([{seat, card}], {cards: [[seat, card]]}, {cards: [card]})."""
    if not trick:
        return []
    plays = trick.get("cards", []) if isinstance(trick, dict) else trick
    return sorted(p if isinstance(p, str) else p["card"] if isinstance(p, dict) else p[1] for p in plays)


def _expected(game_key: str) -> list[dict[str, Any]]:
    """What each step must draw, from the engine's replay of the worked case: every seat's hand (sorted) and the
    cards on the felt (the trick, or the trick the step just completed; Rummy: the discard pile's top card)."""
    case = load_case(game_key)
    game = get_game(game_key)
    seats = game.seat_count(game.normalize_options(case.get("options")))
    steps: list[dict[str, Any]] = []
    previous: list[Any] = [None]

    def record(_index: int, state: Any) -> None:
        view = game.view(state, None)
        hands = [sorted(game.view(state, s).get("hand") or []) for s in range(seats)]
        if game_key == "rummy":
            felt = view["discard"][-1:]
        else:
            felt = _trick_cards(view["trick"])
            if not felt and view["last_trick"] != previous[0]:
                felt = _trick_cards(view["last_trick"])
            previous[0] = view["last_trick"]
        steps.append({"hands": hands, "felt": sorted(felt)})

    replay(
        game,
        case.get("options"),
        case["deal"],
        case["dealer"],
        case["actions"],
        case.get("start"),
        on_step=record,
    )
    return steps


DRAWN = """() => {
  const cards = (el) => [...el.querySelectorAll("[data-card]")].map((c) => c.dataset.card).filter(Boolean).sort();
  const hands = [...document.querySelectorAll("#replay-hands li[data-seat]")].map((li) => cards(li));
  const center = document.querySelector("#center");
  const pile = document.querySelector("#rummy-pile");
  const felt = pile ? [pile.dataset.card].filter(Boolean)
    : [...center.querySelectorAll(".trick-card")].map((c) => c.dataset.card).sort();
  return { step: Number(document.querySelector("#replay-slider").value), hands, felt,
    bottom: cards(document.querySelector("#hand")), sentence: document.querySelector("#replay-sentence").textContent };
}"""


def _check(page, expected: list[dict[str, Any]], index: int, bottom: int) -> None:
    drawn = page.evaluate(DRAWN)
    want = expected[index]
    assert drawn["step"] == index
    assert drawn["hands"] == want["hands"], f"hands at step {index}"
    assert drawn["felt"] == want["felt"], f"felt at step {index}"
    assert drawn["bottom"] == want["hands"][bottom], f"bottom hand at step {index}"
    assert drawn["sentence"]


@pytest.mark.parametrize("game_key", sorted(LONGEST))
def test_stepping_through_a_finished_deal_draws_the_engines_cards(
    site, browser, tables, output_dir, game_key
):
    language, word = LANGUAGES[game_key]
    expected = _expected(game_key)
    last = len(expected) - 1
    context = browser.new_context(
        bypass_csp=True,
        viewport=SIZES["1280x800"],
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    bottom = 2 if language == "de" else 1  # carol (German) or bob (English): their own seat at the bottom
    log_in(page, site.url, PEOPLE[bottom], DEMO_PASSWORD)
    page.goto(f"{site.url}/tables/{tables[game_key]}/deals/1/")
    page.wait_for_function("performance.getEntriesByName('replay-drawn').length > 0", timeout=TIMEOUT)
    assert page.locator("html").get_attribute("lang") == language
    _check(page, expected, 0, bottom)
    page.locator("body").click(position={"x": 5, "y": 5})  # the keys go to the page, not to a field
    # forwards: → through every step (Rummy's long deal: every step is drawn, every fifth is checked)
    every = 5 if len(expected) > 100 else 1
    for i in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        if i % every == 0 or i == last:
            _check(page, expected, i, bottom)
    assert page.locator("#score-dialog").is_visible(), "the score sheet at the end"
    page.keyboard.press("ArrowRight")  # no step after the last
    _check(page, expected, last, bottom)
    page.screenshot(path=str(output_dir / f"replay-{game_key}-1280x800.png"), full_page=False)
    # backwards: ← and the step buttons
    for i in range(last - 1, max(last - 12, 0) - 1, -1):
        page.keyboard.press("ArrowLeft")
        _check(page, expected, i, bottom)
    page.keyboard.press("Home")
    _check(page, expected, 0, bottom)
    assert page.locator("#replay-prev").is_disabled()
    for i in range(1, min(8, last) + 1):
        page.click("#replay-next")
        _check(page, expected, i, bottom)
    page.click("#replay-prev")
    _check(page, expected, min(8, last) - 1, bottom)
    page.keyboard.press("End")
    _check(page, expected, last, bottom)
    page.click("#replay-first")
    _check(page, expected, 0, bottom)
    page.click("#replay-last")
    _check(page, expected, last, bottom)
    middle = last // 2
    page.locator("#replay-slider").fill(str(middle))
    _check(page, expected, middle, bottom)
    assert word in page.locator("#replay-log").text_content()
    # another seat at the bottom: its hand is drawn as the hand
    page.locator("#replay-hands li[data-seat='0'] .replay-seat").click()
    _check(page, expected, middle, 0)
    page.set_viewport_size(SIZES["390x844"])
    page.locator("#replay").scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / f"replay-{game_key}-390x844.png"), full_page=False)
    context.close()


def _running_table(site) -> int:
    """A French Tarot deal still being played, stored just now: its people never connect, so after the table's
    turn time the sweeper would let bots play their seats to the deal's end (an earlier store, made with the
    module's finished deals, was over by the time a slow run reached this test)."""
    out = site.folder / "running_table.json"
    run_on_site(
        site.folder,
        "import json\n"
        "from accounts.models import User\n"
        "from tests.tables.replay_deals import store_running_deal\n"
        f"people = [User.objects.get(username=n) for n in {PEOPLE!r}]\n"
        f"open({str(out)!r}, 'w').write(json.dumps(store_running_deal('french-tarot', people).table_id))\n",
    )
    return int(json.loads(out.read_text()))


def test_a_watcher_gets_no_replay_of_a_running_deal(site, browser):
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    log_in(page, site.url, "bob", DEMO_PASSWORD)
    running = _running_table(site)
    answer = page.goto(f"{site.url}/tables/{running}/deals/1/")
    assert answer is not None and answer.status == 404
    assert page.locator("#replay-root").count() == 0
    context.close()
