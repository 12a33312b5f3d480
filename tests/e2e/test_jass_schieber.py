"""Schieber in real Chromium (docs/rules/jass.md; docs/decisions-jass.md "The table"): a new player against three
bots at target 1000, every round on a fixed deal, plays the match to its end by clicks, drags and keys: chooses
trump, declares a Weis and sees the scoring team's Weis after trick 1, pushes in the next round, and ends the match
with "Enough, thanks"; the match sheet equals the replay of the table's event log."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .driver import TIMEOUT, frame, sign_up, wait_for_news
from .jass_deals import fix_next_deal_on_site, open_jass_table, order_for
from .jass_play import (
    answer_dialog,
    due_here,
    event_log_rounds,
    listed,
    match_sheet_totals,
    play_card,
    replay_match,
    wait_moved,
)
from .site import run_on_site, running_site

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

DEALER = 3  # seat 0, the player, is forehand in both rounds: it chooses trump, then pushes
# Round 1, trump Spades: the player holds the 6-sequence 9S–AS (150), the four Aces (100) and the Stöck, its
# partner the strong plain cards; nobody else holds a Weis that beats it.
ROUND_1 = [
    ["9S", "10S", "JS", "QS", "KS", "AS", "AH", "AD", "AC"],
    ["6S", "6H", "6D", "6C", "7S", "7H", "9D", "JD", "8C"],
    ["KH", "QH", "10H", "KD", "QD", "10D", "KC", "QC", "10C"],
    ["8S", "8H", "9H", "JH", "7D", "8D", "7C", "9C", "JC"],
]
# Round 2: the player pushes; the partner holds every low card (an Unenufe hand with the Weis 6H–9H), the player
# the next lowest: their team takes trick after trick at ×4 and reaches 1000 before the last trick.
ROUND_2 = [
    ["8S", "9S", "8D", "9D", "7C", "8C", "9C", "10C", "10H"],
    ["JH", "KH", "10S", "QS", "AS", "10D", "QD", "AD", "KC"],
    ["6H", "7H", "8H", "9H", "6S", "7S", "6D", "7D", "6C"],
    ["QH", "AH", "JS", "KS", "JD", "KD", "JC", "QC", "AC"],
]
TARGET = 1000


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The live site with a bot pause long enough that the player, not its bot partner, says "Enough, thanks"
    first once their team has reached the target (both may, §5.6)."""
    yield from running_site(tmp_path_factory, {"KIBITZ_BOT_PAUSE_SECONDS": "1.0"})


class Player:
    """The person at seat 0: what it did, by which means."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.means = {"drag": 0, "click": 0, "key": 0}
        self.did: list[str] = []
        self.cards = 0

    def how(self) -> str:
        self.cards += 1
        return ("drag", "click", "key")[self.cards % 3]

    def step(self) -> bool:
        page = self.page
        f = frame(page)
        if not due_here(f):
            return False
        view, version = f["view"], f["version"]
        if view["phase"] == "trump":
            if f["table"]["round"]["number"] == 1:
                answer_dialog(page, "trump", "S", by_key=False)
                self.did.append("trump")
                self.means["click"] += 1
            else:
                answer_dialog(page, "trump", "push", by_key=True)
                self.did.append("push")
                self.means["key"] += 1
        elif view["phase"] == "play" and listed(f, "thanks") and view["totals"][0] >= TARGET:
            page.click("#thanks-button")
            self.did.append("thanks")
            self.means["click"] += 1
        elif (
            view["phase"] == "play"
            and (f["hints"] or {}).get("weis")
            and page.locator("#dialog[open]").count()
        ):
            answer_dialog(
                page, "weis", "declare", by_key=view["tricks_played"] > 0 or f["table"]["round"]["number"] > 1
            )
            self.did.append("weis")
        elif view["phase"] == "play" and listed(f, "play"):
            card = listed(f, "play")[0]
            how = self.how()
            play_card(page, card, how)
            self.means[how] += 1
        else:
            return False  # only "Enough, thanks" is open to us and our team has not reached the target
        wait_moved(page, version, f"acting in phase {view['phase']}")
        return True


def thanks_warning_checked(page: Any, version: int) -> bool:
    """Below the target "Enough, thanks" would hand the match over (§6.3): the button is not the primary one, the
    warning says so, and one press only arms it. False when the window closed meanwhile (look again later)."""
    try:
        warning = page.inner_text("#thanks-warning", timeout=1000)
        primary = "primary" in (page.get_attribute("#thanks-button", "class", timeout=1000) or "")
        page.click("#thanks-button", timeout=1000)
        armed = page.get_attribute("#thanks-button", "data-armed", timeout=1000)
    except PlaywrightTimeout:
        return False
    # the call is optional: the seat gets no turn of its own (no turn mark, sound or focus), only the seat to play does
    marks = page.evaluate(
        """() => ({ myTurn: window.kibitzShell.myTurn(), version: window.kibitzShell.frame.version,
          leader: window.kibitzShell.frame.view.trick.leader,
          marked: [...document.querySelectorAll('.seat-box.to-act')].map((e) => Number(e.dataset.seat)) })"""
    )
    if frame(page)["version"] != version or marks["version"] != version:
        return False  # the bot leader played meanwhile: the armed state went with the window
    assert "loses the match" in warning and not primary and armed == "true", (warning, primary, armed)
    assert not marks["myTurn"] and marks["marked"] == [marks["leader"]], marks
    return True


def play_round(player: Player, on_trick: Any = None, limit: float = 200) -> None:
    page = player.page
    end = time.monotonic() + limit
    while (frame(page)["view"] or {}).get("phase") != "done":
        assert time.monotonic() < end, f"the round did not finish: {frame(page)}"
        if on_trick:
            on_trick(frame(page))
        if not player.step():
            wait_for_news(page)


def test_a_new_player_plays_a_schieber_match_to_enough_thanks(site, browser, output_dir):
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(page, site.url, "urs", "a-long-test-password-42")
    fixed = {"order": order_for(ROUND_1, DEALER), "dealer": DEALER, "bot_seed": "jass-e2e"}
    table_id = open_jass_table(page, site.url, "jass-schieber", {"target": "1000"}, fixed)
    fix_next_deal_on_site(site.folder, table_id, order_for(ROUND_2, DEALER), DEALER)
    player = Player(page)
    page.wait_for_selector('#dialog[open][data-kind="trump"]', timeout=TIMEOUT)
    assert page.locator("#dialog button[data-value]").count() == 7  # four suits, Obenabe, Unenufe, Schieben
    page.screenshot(path=str(output_dir / "jass-schieber-trump-desktop.png"))

    seen: dict[str, Any] = {}

    def after_first_trick(f: dict[str, Any]) -> None:
        view = f["view"]
        if seen or view["phase"] != "play" or view["tricks_played"] < 1:
            return
        page.wait_for_selector("#weis-scored", timeout=TIMEOUT)
        seen["weis"] = page.inner_text("#weis-scored")
        seen["cards"] = page.eval_on_selector_all("#weis-scored .mini", "es => es.map(e => e.dataset.card)")
        seen["trump"] = page.inner_text("#jass-trump")
        seen["teams"] = page.eval_on_selector_all(
            ".jass-team-total", "es => es.map(e => Number(e.textContent))"
        )
        assert seen["teams"] == view["totals"]
        page.screenshot(path=str(output_dir / "jass-schieber-desktop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=str(output_dir / "jass-schieber-phone.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})

    play_round(player, after_first_trick)
    assert player.did[:2] == ["trump", "weis"]
    # the 6-sequence and the four Aces, both declared, shown to all once trick 1 is over
    assert seen["cards"] == ["9S", "10S", "JS", "QS", "KS", "AS", "AS", "AH", "AD", "AC"]
    assert "150" in seen["weis"] and "100" in seen["weis"]
    assert "Spades" in seen["trump"] and "×1" in seen["trump"]
    result = frame(page)["view"]["result"]
    assert (
        result["weis"]["team"] == 0
        and result["teams"][0]["weis"] == 250
        and result["teams"][0]["stoeck"] == 20
    )
    page.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT)
    for item in ("cards", "match", "weis", "stoeck"):
        assert page.locator(f"#score-sheet tr.item-{item}").count() == 1
    assert str(result["teams"][0]["total"]) in page.inner_text("#score-sheet tr.round-total")
    page.screenshot(path=str(output_dir / "jass-schieber-score-sheet-desktop.png"))
    page.click("#next-deal")
    page.wait_for_function("window.kibitzShell.frame.table.round.number === 2", timeout=TIMEOUT)

    play_round(player)
    assert player.did.count("push") == 1 and player.did[-1] == "thanks"
    f = frame(page)
    result = f["view"]["result"]
    assert result["pushed"] and result["chooser"] == 2
    assert (
        result["ended"]["by"] == "thanks"
        and result["ended"]["caller"] == 0
        and result["ended"]["winner_team"] == 0
    )
    assert f["table"]["match_over"]
    assert all(player.means.values()), player.means  # clicks, drags and keys all played their part
    page.wait_for_selector("#score-dialog[open]", timeout=TIMEOUT)
    assert "Enough, thanks" in page.inner_text("#score-sheet tr.match-end")
    page.screenshot(path=str(output_dir / "jass-schieber-end-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "jass-schieber-end-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})

    replayed = replay_match("jass-schieber", event_log_rounds(site.folder, table_id))
    assert [r["totals"] for r in replayed][-1][0] >= TARGET
    sheet = match_sheet_totals(page)
    assert sheet == [r["totals"] for r in replayed]  # a column per team
    page.screenshot(path=str(output_dir / "jass-schieber-match-sheet-desktop.png"))

    page.click("#match-sheet-button")  # closed again: the score sheet's hand history
    page.click("#history-link")
    page.wait_for_selector("#deck-verdict[data-ok]", state="attached", timeout=TIMEOUT)  # in the folded panel
    assert page.get_attribute("#deck-verdict", "data-ok") == "true"
    # the history's scores are the engine's round scores: each seat its team's points of the round
    history_scores = page.eval_on_selector_all(
        "#history-scores td", "es => es.map(e => Number(e.textContent))"
    )
    assert history_scores == [result["teams"][s % 2]["total"] for s in range(4)]
    with page.expect_download() as download:
        page.click("#replay-download")
    replay_file = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert replay_file["game"] == "jass-schieber" and replay_file["dealer"] == DEALER
    assert replay_file["start"]["totals"] == replayed[0]["totals"]
    assert not errors
    context.close()


# The stakes match: the player leads and its team holds every low card (tests/e2e/keyboard_jass.py LEAD_HANDS);
# in Unenufe it takes all nine tricks, 257 × 4 = 1028, and the match ends with its only round.
STAKE_MINOR = 100  # 1.00 per game unit; Schieber's default limit is 1 × stake (docs/rules/jass.md §9)
BANDS = [
    (0, 1000),
    (100, 900),
    (500, 800),
    (2000, 700),
]  # docs/rules/settlement.md default schedule: from V (minor), rate bp


def settlement_arithmetic(
    payments: list[list[int]], stake: int, limit: int, seats: int = 4
) -> dict[str, Any]:
    """docs/rules/settlement.md steps 1-6, written out here apart from the ledger: each seat's Δ, V, C and the
    wallet changes (winners bear C in proportion to Δ, largest remainder, ties to the lower seat)."""
    delta = [0] * seats
    for payer, payee, units in payments:
        money = min(units * stake, limit)
        delta[payer] -= money
        delta[payee] += money
    total = sum(d for d in delta if d > 0)
    winners = [s for s in range(seats) if delta[s] > 0]
    losers = [s for s in range(seats) if delta[s] < 0]
    value = (2 * total + max(len(winners), len(losers))) // (2 * max(len(winners), len(losers)))
    rate = next(bp for floor, bp in reversed(BANDS) if value >= floor)
    per_player = (2 * value * rate + 10_000) // 20_000
    commission = min(total, per_player * seats)
    exact = {s: commission * delta[s] / total for s in winners}
    share = {s: int(exact[s]) for s in winners}
    left = commission - sum(share.values())
    for s in sorted(winners, key=lambda s: (-(exact[s] - share[s]), s))[:left]:
        share[s] += 1
    net = [delta[s] - share.get(s, 0) if delta[s] > 0 else delta[s] for s in range(seats)]
    return {"delta": delta, "value": value, "rate": rate, "commission": commission, "net": net}


def test_a_stakes_schieber_match_books_its_settlement_once_and_the_sheet_shows_it(site, browser, output_dir):
    from ledger.money import format_money, format_signed_money

    from .driver import verify_email
    from .keyboard_jass import LEAD_HANDS

    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_up(page, site.url, "vreni", "a-long-test-password-42", email="vreni@example.invalid")
    verify_email(page, site.url, site.log)  # money needs a verified address
    fixed = {"order": order_for(LEAD_HANDS, DEALER), "dealer": DEALER, "bot_seed": "jass-stakes"}
    table_id = open_jass_table(page, site.url, "jass-schieber", {"target": "1000"}, fixed, stake="1.00")
    answer_dialog(page, "trump", "unenufe", by_key=False)
    end = time.monotonic() + 200
    warned = False  # the warning of an early "Enough, thanks" was checked
    while (frame(page)["view"] or {}).get("phase") != "done":
        assert time.monotonic() < end, f"the round did not finish: {frame(page)}"
        f = frame(page)
        if due_here(f) and listed(f, "play"):
            cards = listed(f, "play")
            play_card(page, "8C" if "8C" in cards else cards[0], "click")
            wait_moved(page, f["version"], "playing a card")
        elif due_here(f) and listed(f, "thanks") and not warned:
            # the partner took trick 1 with the player's 8C and leads trick 2: the team is far below the target
            warned = thanks_warning_checked(page, f["version"])
        else:
            wait_for_news(page)
    assert warned, "the player's early 'Enough, thanks' window was not seen"
    page.locator("#money-sheet").wait_for(timeout=TIMEOUT)
    f = frame(page)
    result = f["view"]["result"]
    assert f["table"]["match_over"] and result["ended"]["winner_team"] == 0
    assert result["ended"]["payments"] == [
        [1, 2, 1],
        [3, 0, 1],
    ]  # §9: each loser pays the next seat, a winner

    expected = settlement_arithmetic(result["ended"]["payments"], STAKE_MINOR, STAKE_MINOR)
    assert (
        expected["net"] == [82, -100, 82, -100] and expected["commission"] == 36
    )  # docs/rules/jass.md §11 vector 32
    for seat in range(4):
        row = page.locator(f'#money-sheet tr[data-seat="{seat}"]')
        assert row.locator(".money-net").inner_text() == format_signed_money(expected["net"][seat])
        assert row.locator(".money-result").inner_text() == format_signed_money(expected["delta"][seat])
    assert page.inner_text("#money-sheet .money-house") == format_money(expected["commission"])
    assert "EUR" in page.inner_text("#money-sheet caption")
    page.screenshot(path=str(output_dir / "jass-schieber-stakes-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output_dir / "jass-schieber-stakes-phone.png"), full_page=True)

    out = site.folder / f"units-{table_id}.json"
    run_on_site(
        site.folder,
        "import json; from ledger.models import SettlementUnit, Transaction; "
        f"units = list(SettlementUnit.objects.filter(table_key='table:{table_id}')); "
        "settles = [t.key for u in units for t in Transaction.objects.filter(kind='settle', key__contains=u.unit_id)]; "
        f"open({str(out)!r}, 'w').write(json.dumps({{'units': [[u.status, u.commission] for u in units], "
        "'settles': settles}))",
    )
    booked = json.loads(out.read_text())
    assert booked["units"] == [["settled", expected["commission"]]]  # the match is one settlement unit
    assert len(booked["settles"]) == 1  # booked once
    wallet = context.new_page()
    wallet.goto(f"{site.url}/ledger/wallet/")
    assert wallet.text_content("#wallet-balance") == format_money(10_000 + expected["net"][0])
    context.close()
