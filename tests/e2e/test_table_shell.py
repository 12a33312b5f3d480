"""The table shell in Debian's Chromium, fed frames by hand (no server): the seats of 2, 3 and 4 players around the
felt, a turn clock per seat, the question dialog and its answer, the last trick, and names drawn as text. The game
module is tests/e2e/js/shell-test-game.js, written on the game-module contract alone (docs/decisions-tables.md)."""

from __future__ import annotations

import datetime as dt
import mimetypes
from typing import Any

import pytest

from .driver import in_viewport
from .site import ROOT

pytestmark = pytest.mark.browser

ORIGIN = "http://kibitz.invalid"
PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/static/css/site.css">
<link rel="stylesheet" href="/static/css/tables.css"><link rel="stylesheet" href="/static/css/table-company.css">
</head><body class="table-page">
<div id="shell-root" data-table="7" data-seat="{seat}" data-sound="0"
 data-module="/tests/shell-test-game.js" data-history-url="/tables/7/deals/0/" data-sound-url="/sound/">
<span id="countdown"></span><span id="deck-hash"></span><button id="last-trick-button">Last trick</button>
<button id="sound-button">Sound</button><div id="table-view" data-hand-label="Your hand"></div></div></body></html>"""


@pytest.fixture
def open_shell(browser):
    """open_shell(seat) -> a page whose shell (window.shell) has loaded the test game; its sent frames are in
    window.sent. The page imports the site's modules as the site serves them, from static/."""
    pages = []

    def opener(seat: int | None, size: tuple[int, int] = (1280, 800), reduced_motion: bool = False):
        page = browser.new_page(
            viewport={"width": size[0], "height": size[1]},
            reduced_motion="reduce" if reduced_motion else "no-preference",
        )
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def serve(route):
            path = route.request.url.removeprefix(ORIGIN)
            if path.startswith("/static/"):
                file = ROOT / path.lstrip("/")
            elif path == "/tests/shell-test-game.js":
                file = ROOT / "tests/e2e/js/shell-test-game.js"
            else:
                body = PAGE.format(seat="" if seat is None else seat)
                return route.fulfill(status=200, content_type="text/html", body=body)
            if not file.is_file():
                return route.fulfill(status=404, body="")
            kind = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0]
            route.fulfill(status=200, content_type=kind or "text/plain", body=file.read_bytes())

        page.route(f"{ORIGIN}/**", serve)
        page.goto(f"{ORIGIN}/")
        page.evaluate(
            """async () => {
              const { Shell } = await import('/static/js/table/shell.js');
              const shell = new Shell(document.getElementById('shell-root'));
              window.sent = [];
              shell.send = (frame) => window.sent.push(frame);
              shell.game = (await import(shell.root.dataset.module)).createGame(shell);
              shell.el.lastTrick.hidden = !shell.game.lastTrick;
              window.shell = shell;
            }"""
        )
        page.errors = errors  # type: ignore[attr-defined]
        pages.append(page)
        return page

    yield opener
    for page in pages:
        page.close()


def state(seats: int, you: int | None, version: int = 1, **view: Any) -> dict[str, Any]:
    """A state frame of a table with `seats` seats, seat 0 held by a person named with markup, the others bots."""
    names = ["<b>Zoë</b>", "Bot A", "Bot B", "Bot C"]
    base = {"to_act": [], "trick": [], "hand": [], "last_trick": None, "notes": {}}
    return {
        "type": "state",
        "version": version,
        "read_only": False,
        "table": {
            "id": 7,
            "you": you,
            "status": "playing",
            "options": {},
            "seats": [
                {"number": n, "name": names[n], "bot": n > 0, "open": False, "bot_level": None}
                for n in range(seats)
            ],
            "round": {
                "number": 1,
                "dealer": 0,
                "deck_hash": "ab" * 32,
                "status": "playing",
                "deadline": None,
            },
            "standings": None,
            "match_over": False,
        },
        "view": {**base, **view},
        "legal": [],
        "refusals": None,
        "events": [],
    }


def positions(page) -> dict[int, str]:
    return {
        int(s): p
        for s, p in page.eval_on_selector_all(
            ".seat-box", "boxes => boxes.map(b => [b.dataset.seat, b.dataset.pos])"
        )
    }


@pytest.mark.parametrize(
    ("seats", "you", "expected"),
    [
        (4, 2, {2: "bottom", 3: "right", 0: "top", 1: "left"}),
        (3, 1, {1: "bottom", 2: "right", 0: "left"}),
        (2, 1, {1: "bottom", 0: "top"}),
        (3, None, {0: "bottom", 1: "right", 2: "left"}),
    ],
)
def test_it_seats_me_at_the_bottom_and_the_next_to_play_on_my_right(open_shell, seats, you, expected):
    page = open_shell(you)
    page.evaluate("(f) => window.shell.onFrame(f)", state(seats, you))
    assert positions(page) == expected
    assert page.locator(".seat-box").count() == seats
    assert page.get_attribute("#felt", "data-seats") == str(seats)
    assert not page.errors


def test_it_draws_names_as_text_and_a_turn_clock_per_seat_with_a_deadline(open_shell):
    page = open_shell(0)
    frame = state(4, 0, to_act=[1, 3], notes={"2": "<i>hi</i>"})
    soon = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=30)
    frame["table"]["round"]["deadlines"] = {
        "1": soon.isoformat(),
        "3": (soon + dt.timedelta(seconds=30)).isoformat(),
    }
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    assert page.inner_text('.seat-box[data-seat="0"] .seat-name') == "<b>Zoë</b>"
    assert page.locator(".seat-box b, .seat-box i").count() == 0
    assert page.inner_text('.seat-box[data-seat="2"] .test-extra') == "<i>hi</i>"
    page.wait_for_function("document.querySelectorAll('.seat-clock').length === 2")
    clocks = page.eval_on_selector_all(
        ".seat-clock", "cs => cs.map(c => [c.closest('.seat-box').dataset.seat, c.textContent])"
    )
    assert [seat for seat, _ in clocks] == ["1", "3"]
    assert 25 <= int(clocks[0][1].rstrip("s")) <= 30 and 55 <= int(clocks[1][1].rstrip("s")) <= 60
    assert page.locator('.seat-box[data-seat="1"].to-act .turn-arrow:not([hidden])').count() == 1


def test_it_asks_once_hides_the_answered_question_and_asks_again_when_refused(open_shell):
    page = open_shell(0)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=3, to_act=[0], ask="Go on?"))
    page.wait_for_selector("#dialog[open]")
    assert page.get_attribute("#dialog", "data-kind") == "ask"
    page.click('#dialog button[data-value="yes"]')
    assert page.evaluate("window.sent.map(f => f.action)") == [{"answer": "yes"}]
    assert page.evaluate("window.sent[0].version") == 3
    assert not page.is_visible("#dialog")
    page.evaluate("() => window.shell.onFrame({type: 'error', code: 'stale_version', message: 'x'})")
    page.wait_for_selector("#dialog[open]")
    assert "moved on" in page.inner_text("#notice")
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=4, to_act=[1]))
    assert not page.is_visible("#dialog")


def test_it_plays_a_card_by_click_or_drop_and_shows_the_last_trick_on_demand(open_shell):
    page = open_shell(0)
    frame = state(
        4,
        0,
        version=5,
        to_act=[0],
        hand=["KS", "T21", "EX"],
        trick=[{"seat": 3, "card": "2H"}],
        last_trick=[{"seat": 0, "card": "AS"}, {"seat": 1, "card": "3S"}],
    )
    frame["legal"] = [{"play": "KS"}, {"play": "EX"}]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    assert page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.className)") == [
        "card legal",
        "card illegal",
        "card legal",
    ]
    assert page.get_attribute('.hand .card[data-card="T21"]', "title") == "not now"
    assert page.get_attribute('#center .trick-card[data-seat="3"]', "class") == "trick-card pos-left"
    page.locator('.hand .card[data-card="KS"]').click(position={"x": 14, "y": 70})
    page.locator('.hand .card[data-card="EX"]').drag_to(
        page.locator("#center"), source_position={"x": 14, "y": 70}
    )
    assert page.evaluate("window.sent.map(f => f.action)") == [{"play": "KS"}, {"play": "EX"}]
    page.click("#last-trick-button")
    assert page.inner_text("#center .last-label") == "Last trick"
    assert page.eval_on_selector_all("#center .trick-card", "cs => cs.map(c => c.dataset.card)") == [
        "AS",
        "3S",
    ]
    page.click("#last-trick-button")
    assert page.eval_on_selector_all("#center .trick-card", "cs => cs.map(c => c.dataset.card)") == ["2H"]
    assert not page.errors


SIZES = [(1280, 800), (390, 844)]


def trick_cards(page) -> list[str]:
    return page.eval_on_selector_all("#center .trick-card", "cs => cs.map(c => c.dataset.card)")


@pytest.mark.parametrize("size", SIZES)
def test_it_keeps_the_finished_trick_with_its_winner_then_gathers_it(open_shell, size, output_dir):
    page = open_shell(0, size)
    three = [{"seat": 1, "card": "3S"}, {"seat": 2, "card": "KS"}, {"seat": 3, "card": "5S"}]
    page.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 0, version=8, trick=three, to_act=[0], hand=["AS"])
    )
    assert trick_cards(page) == ["3S", "KS", "5S"]
    done = [*three, {"seat": 0, "card": "AS"}]
    page.evaluate(
        "(f) => { window.heldAt = performance.now(); window.shell.onFrame(f); }",
        state(4, 0, version=9, trick=[], last_trick=done, last_winner=0),
    )
    assert trick_cards(page) == ["3S", "KS", "5S", "AS"]
    assert page.get_attribute("#center .trick-card.winner", "data-card") == "AS"
    assert page.inner_text("#center .trick-winner") == "<b>Zoë</b> wins the trick"
    page.wait_for_function("document.getAnimations().length === 0")  # the last card has slid in
    center = page.locator("#center").bounding_box()
    for card in page.locator("#center .trick-card").all():
        box = card.bounding_box()
        assert (
            box
            and box["x"] >= center["x"] - 1
            and box["x"] + box["width"] <= center["x"] + center["width"] + 1
        )
    mark = page.locator("#center .trick-winner").bounding_box()
    assert mark and mark["height"] < 26, mark  # one line, on the phone too
    for card in page.locator("#center .trick-card").all():  # the mark covers no card of the trick
        box = card.bounding_box()
        assert box and (box["y"] >= mark["y"] + mark["height"] or box["x"] >= mark["x"] + mark["width"]), box
    page.screenshot(path=str(output_dir / f"shell-finished-trick-{size[0]}.png"))
    gone = page.evaluate(
        """() => new Promise((done) => { const check = () => document.querySelector('#center .trick-card')
          ? requestAnimationFrame(check) : done(performance.now() - window.heldAt); check(); })"""
    )
    assert 1500 <= gone <= 4000  # held 1.5 s, then gathered in 0.3 s
    assert not page.errors


def test_the_next_lead_ends_the_hold_at_once(open_shell):
    page = open_shell(0)
    done = [
        {"seat": 1, "card": "3S"},
        {"seat": 2, "card": "KS"},
        {"seat": 3, "card": "5S"},
        {"seat": 0, "card": "AS"},
    ]
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=8, trick=done[:3]))
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=9, last_trick=done, last_winner=2))
    assert page.get_attribute("#finished-trick", "data-winner") == "2"
    assert page.get_attribute("#center .trick-card.winner", "data-card") == "KS"
    lead = [{"seat": 2, "card": "TK"}]
    page.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 0, version=10, trick=lead, last_trick=done, last_winner=2)
    )
    assert trick_cards(page) == ["TK"]
    assert page.locator("#finished-trick").count() == 0


def test_a_first_frame_holds_nothing_and_cards_move_only_without_reduced_motion(open_shell):
    page = open_shell(0)
    done = [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "3S"}]
    page.evaluate("(f) => window.shell.onFrame(f)", state(2, 0, version=4, last_trick=done, last_winner=0))
    assert trick_cards(page) == []  # a page opened after the trick shows the table as it is
    page.evaluate("(f) => window.shell.onFrame(f)", state(2, 0, version=5, trick=[{"seat": 1, "card": "4S"}]))
    assert (
        page.eval_on_selector("#center .trick-card", "c => getComputedStyle(c).animationName") == "trick-in"
    )
    still = open_shell(0, reduced_motion=True)
    still.evaluate(
        "(f) => window.shell.onFrame(f)", state(2, 0, version=5, trick=[{"seat": 1, "card": "4S"}])
    )
    assert still.eval_on_selector("#center .trick-card", "c => getComputedStyle(c).animationName") == "none"


HAND = [
    "1S",
    "2S",
    "3S",
    "4S",
    "5S",
    "6S",
    "KS",
    "T1",
    "T2",
    "T5",
    "T7",
    "T9",
    "T11",
    "T14",
    "T16",
    "T19",
    "T21",
    "EX",
]


@pytest.mark.parametrize("size", SIZES)
def test_a_notice_floats_over_the_felt_and_never_moves_it(open_shell, size):
    page = open_shell(0, size)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=2, hand=HAND))
    felt = page.locator("#felt").bounding_box()
    hand = page.locator("#hand").bounding_box()
    page.evaluate("() => window.shell.showNotice('It is not your turn.', 'error')")
    notice = page.locator("#notice").bounding_box()
    assert page.is_visible("#notice")
    assert page.locator("#felt").bounding_box() == felt and page.locator("#hand").bounding_box() == hand
    assert notice and notice["y"] < felt["y"] + felt["height"] and notice["x"] >= 0
    assert notice["x"] + notice["width"] <= size[0]


def test_a_double_click_on_a_card_sends_one_play_and_shows_no_error(open_shell):
    page = open_shell(0)
    frame = state(4, 0, version=5, to_act=[0], hand=["KS", "EX"])
    frame["legal"] = [{"play": "KS"}, {"play": "EX"}]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    page.locator('.hand .card[data-card="KS"]').dblclick(position={"x": 14, "y": 70})
    assert page.evaluate("window.sent.map(f => f.action)") == [{"play": "KS"}]
    assert not page.is_visible("#notice")
    page.evaluate("() => window.shell.onFrame({type: 'error', code: 'must_follow_suit', message: 'x'})")
    # refused: the same card may be tried again
    page.locator('.hand .card[data-card="KS"]').click(position={"x": 14, "y": 70})
    assert page.evaluate("window.sent.map(f => f.action)") == [{"play": "KS"}, {"play": "KS"}]


def test_only_ones_own_illegal_cards_dim_and_only_on_ones_turn(open_shell):
    page = open_shell(0)
    frame = state(4, 0, version=5, to_act=[0], hand=["KS", "T21", "EX"])
    frame["legal"] = [{"play": "KS"}]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    looks = "cs => cs.map(c => [c.dataset.card, getComputedStyle(c).opacity, getComputedStyle(c).filter])"
    dimmed = {card: f != "none" or o != "1" for card, o, f in page.eval_on_selector_all(".hand .card", looks)}
    assert dimmed == {"KS": False, "T21": True, "EX": True}
    idle = open_shell(0)
    idle.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 0, version=6, to_act=[1], hand=["KS", "T21", "EX"])
    )
    cards = idle.eval_on_selector_all(".hand .card", looks)
    assert len(cards) == 3 and all(o == "1" and f == "none" for _, o, f in cards)


@pytest.mark.parametrize(("seat", "buttons"), [(0, 1), (None, 0)])
def test_spectators_get_no_next_deal(open_shell, seat, buttons):
    page = open_shell(seat)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, seat, version=9, rows=["Deal over"]))
    page.wait_for_selector("#score-sheet")
    assert page.locator("#next-deal").count() == buttons


def test_a_fanned_card_on_a_phone_shows_at_least_44_px_to_touch(open_shell):
    page = open_shell(0, (390, 844))
    frame = state(4, 0, version=3, to_act=[0], hand=HAND)
    frame["legal"] = [{"play": c} for c in HAND]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    boxes = page.eval_on_selector_all(
        ".hand .card",
        "cs => cs.map(c => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.width]; })",
    )
    assert len(boxes) == 18
    for (left, top, width), after in zip(boxes, [*boxes[1:], None], strict=True):
        same_row = after is not None and abs(after[1] - top) < 20
        assert (after[0] - left if same_row else width) >= 44
        assert left >= -10 and left + width <= 400


@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_a_fanned_hand_shows_its_corner_index_to_touch(open_shell, size, output_dir):
    """Each card's corner, where its index is drawn, is its own to touch: a point near its top-left corner and one
    a fingertip (36 x 40 px) in from it hit that card, not a neighbour lying over it; the page never scrolls
    sideways. Mid-trick, on one's own turn, with some cards refused."""
    page = open_shell(0, size)
    trick = [{"seat": 1, "card": "KS"}, {"seat": 2, "card": "T14"}, {"seat": 3, "card": "EX"}]
    frame = state(4, 0, version=3, to_act=[0], hand=HAND, trick=trick)
    frame["legal"] = [{"play": c} for c in HAND if c.startswith("T")]
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    page.wait_for_function("document.getAnimations().length === 0")
    page.screenshot(path=str(output_dir / f"shell-hand-{size[0]}.png"))
    hits = page.eval_on_selector_all(
        ".hand .card",
        """cs => cs.map(c => { const r = c.getBoundingClientRect();
          return [[10, 12], [36, 40]].every(([dx, dy]) =>
            document.elementFromPoint(r.left + dx, r.top + dy)?.closest('.card') === c); })""",
    )
    assert hits == [True] * len(HAND)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    assert not page.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_sound_button_shows_on_and_off_and_the_shell_plays_the_sites_sounds(open_shell, size):
    page = open_shell(0, size)
    page.evaluate(
        """() => { window.played = [];
          HTMLMediaElement.prototype.play = function () {
            window.played.push(this.src.split('/').pop()); return Promise.resolve(); }; }"""
    )
    looks = """b => [b.getAttribute('aria-pressed'), getComputedStyle(b).backgroundColor,
      getComputedStyle(b, '::before').content]"""
    off = page.eval_on_selector("#sound-button", looks)
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=1, to_act=[0], hand=["AS"]))
    assert page.evaluate("window.played") == []  # sound is off: nothing plays
    page.click("#sound-button")
    on = page.eval_on_selector("#sound-button", looks)
    assert off[0] == "false" and on[0] == "true" and off[1] != on[1] and off[2] != on[2]
    assert in_viewport(page, "#sound-button")
    trick = [{"seat": 1, "card": "3S"}, {"seat": 2, "card": "KS"}]
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=2, to_act=[3], trick=trick[:1]))
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=3, to_act=[0], trick=trick))
    done = [*trick, {"seat": 3, "card": "5S"}, {"seat": 0, "card": "AS"}]
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=4, last_trick=done, last_winner=0))
    page.evaluate("() => window.shell.onFrame({type: 'chat', lines: []})")  # the backlog on opening
    page.evaluate("() => window.shell.onFrame({type: 'chat', lines: [{text: 'hi'}]})")
    assert page.evaluate("window.played") == [
        "card.wav",
        "card.wav",
        "card.wav",
        "turn.wav",
        "trick.wav",
        "chat.wav",
    ]
    for name in ("turn", "card", "trick", "chat"):  # the files the shell asks for are there
        assert page.evaluate("(n) => fetch(`/static/sounds/${n}.wav`).then((r) => r.status)", name) == 200
    assert not page.errors


FAKE_SOCKETS = """(closes) => {
  // each socket made opens, gets the frames of closes[n] (if any) and closes with its code; the last one stays open
  window.made = [];
  window.WebSocket = class extends EventTarget {
    constructor(url) {
      super();
      const n = window.made.length;
      window.made.push({ url, at: performance.now() });
      setTimeout(() => {
        this.dispatchEvent(new Event('open'));
        const step = closes[n];
        if (!step) return;
        for (const frame of step.frames || []) {
          const message = new Event('message');
          message.data = JSON.stringify(frame);
          this.dispatchEvent(message);
        }
        const closing = new Event('close');
        closing.code = step.code;
        this.dispatchEvent(closing);
      }, 0);
    }
    close() {}
  };
  window.shell.connect();
}"""


def test_a_socket_too_many_says_what_it_waits_for_and_knocks_again(open_shell):
    """The server accepts a user's socket over the per-table cap, names the wait in a `refused` frame and closes it
    with 4429 (games/consumers/table.py): the shell says so, waits that long and knocks again by itself."""
    page = open_shell(0)
    refused = {"type": "refused", "code": "too_many_sockets", "retry_after": 2}
    page.evaluate(FAKE_SOCKETS, [{"code": 4429, "frames": [refused]}])
    page.wait_for_timeout(500)
    assert page.evaluate("window.made.length") == 1
    notice = page.inner_text("#notice")
    assert "already open in too many windows" in notice and "Trying again in 2 s" in notice
    page.wait_for_function("window.made.length === 2", timeout=5000)
    waited = page.evaluate("window.made[1].at - window.made[0].at")
    assert 1900 <= waited <= 3500
    assert "w=" in page.evaluate("window.made[1].url")  # the same window id again
    assert page.evaluate("new URL(window.made[0].url).searchParams.get('w')") == page.evaluate(
        "new URL(window.made[1].url).searchParams.get('w')"
    )
    # the knock after a refusal asks to watch: it never takes the seat from the window the person plays in
    assert page.evaluate("window.made.map((m) => new URL(m.url).searchParams.get('watch'))") == [None, "1"]
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0))
    assert "Connected again" in page.inner_text("#notice")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_restart_reconnects_within_2_s_without_a_word_and_other_closes_say_so(open_shell):
    page = open_shell(0)
    page.evaluate("() => { window.shell.readOnly = true; }")  # a window whose seat another one plays
    page.evaluate(FAKE_SOCKETS, [{"code": 1012}, {"code": 1012}])
    page.wait_for_function("window.made.length === 3", timeout=6000)
    gaps = page.evaluate("[1, 2].map((n) => window.made[n].at - window.made[n - 1].at)")
    assert all(gap <= 2300 for gap in gaps), gaps
    assert not page.is_visible("#notice")  # a restart is not a lost connection
    # it reconnects asking to watch, and keeps watching (games/consumers/table.py)
    assert page.evaluate("window.made.map((m) => new URL(m.url).searchParams.get('watch'))") == [
        None,
        "1",
        "1",
    ]
    again = open_shell(0)
    again.evaluate(FAKE_SOCKETS, [{"code": 1006}, {"code": 1006}])
    again.wait_for_function("window.made.length >= 2", timeout=5000)
    assert "reconnecting" in again.inner_text("#notice")
    assert (
        again.evaluate("new URL(window.made[1].url).searchParams.get('watch')") is None
    )  # it played: it plays
    assert not page.errors and not again.errors  # type: ignore[attr-defined]


def test_a_seat_given_back_after_an_absence_is_played_from_the_page_drawn_without_it(open_shell):
    page = open_shell(None)  # the page was drawn while a bot held the seat: no seat in its data
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, None))
    assert positions(page)[0] == "bottom" and not page.evaluate("window.shell.myTurn()")
    page.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 2, version=2, to_act=[2])
    )  # the socket's seat again
    assert positions(page)[2] == "bottom"
    assert page.evaluate("window.shell.myTurn()")
    assert not page.errors


def test_a_window_whose_seat_was_taken_over_can_play_here_again(open_shell):
    page = open_shell(0)
    page.evaluate(
        "() => { window.shell.connect = (watch) => {"
        " window.reconnected = (window.reconnected || 0) + 1; window.watching = watch; }; }"
    )
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0))
    assert page.locator("#play-here-button").count() == 0
    page.evaluate("(f) => window.shell.onFrame(f)", {**state(4, 0, version=2, to_act=[0]), "read_only": True})
    assert not page.evaluate("window.shell.myTurn()")
    # it says so for as long as it only watches, not only in a notice that a later one replaces
    assert "only watches" in page.inner_text("#read-only-note")
    colours = page.eval_on_selector(
        "#play-here-button", "b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
    )
    assert colours == ["rgb(255, 255, 255)", "rgb(31, 107, 58)"]  # white on --primary: 6.6:1
    page.click("#play-here-button")
    assert page.evaluate("window.reconnected") == 1
    assert not page.evaluate("window.watching")  # a person's action: the new socket takes the seat
    page.evaluate(
        "(f) => window.shell.onFrame(f)", state(4, 0, version=3, to_act=[0])
    )  # the new socket's frame
    assert page.locator("#play-here-button").count() == 0
    assert page.locator("#read-only-note").count() == 0
    assert page.evaluate("window.shell.myTurn()")
    assert not page.errors


def test_a_long_winners_name_is_cut_short_and_the_mark_stays_one_line_on_a_phone(open_shell):
    page = open_shell(0, (390, 844))
    done = [
        {"seat": 1, "card": "3S"},
        {"seat": 2, "card": "KS"},
        {"seat": 3, "card": "5S"},
        {"seat": 0, "card": "AS"},
    ]
    page.evaluate("(f) => window.shell.onFrame(f)", state(4, 0, version=8, trick=done[:3]))
    frame = state(4, 0, version=9, last_trick=done, last_winner=0)
    frame["table"]["seats"][0]["name"] = "a-very-long-player-name-indeed"
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    mark = page.locator("#center .trick-winner")
    assert mark.bounding_box()["height"] < 26  # type: ignore[index]
    fits = "e => e.scrollWidth <= e.clientWidth"
    assert mark.evaluate(fits)  # the words after the name are not cut
    assert not page.locator("#center .trick-winner-name").evaluate(fits)  # the name is
    center = page.locator("#center").bounding_box()
    box = mark.bounding_box()
    assert (
        center
        and box
        and box["x"] >= center["x"]
        and box["x"] + box["width"] <= center["x"] + center["width"]
    )
    assert not page.errors
