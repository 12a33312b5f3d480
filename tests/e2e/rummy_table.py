"""Playing Rummy at the live table the way a person does (static/js/games/rummy.js): opening a table on a fixed
deal from the lobby, and the clicks and drags of a turn."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from .driver import TIMEOUT, create_fixed_table, frame, new_game_dialog
from .site import run_on_site


def open_rummy_table(
    page: Page,
    base: str,
    order: list[str],
    dealer: int,
    *,
    players: int = 4,
    limit: int = 100,
    kloppen: bool = False,
    hand_jolly: bool = True,
    human_seats: int = 1,
    stake: str = "0",
    bot_seed: str = "rummy-1",
) -> int:
    """Open a Rummy table from the lobby's New game dialog with its first deal fixed (the test hook); waits for the
    table page (a table for several people waits for them). Returns the table id."""
    new_game_dialog(page, base, "rummy")
    page.select_option("#id_rummy__players", str(players))
    page.select_option("#id_rummy__limit", str(limit))
    page.set_checked("#id_rummy__kloppen", kloppen)
    page.set_checked("#id_rummy__hand_jolly", hand_jolly)
    fixed = {"order": order, "dealer": dealer, "bot_seed": bot_seed}
    return create_fixed_table(page, base, fixed, human_seats=human_seats, stake=stake)


def continue_with_fixed_deal(page: Page, site: Any, table_id: int, order: list[str], dealer: int) -> None:
    """At the end of a deal: fix the next deal of the table (the test hook, through the live site's manage.py), close
    the score sheet and press Continue; waits for deal 2."""
    script = (
        "from django.conf import settings; settings.KIBITZ_ALLOW_FIXED_DEALS = True; "  # as the live site has it
        "from games.models import Table; from games.services import fix_next_deal; "
        f"fix_next_deal(Table.objects.get(pk={table_id}), {json.dumps(order)}, {dealer})"
    )
    run_on_site(site.log.parent, script)
    page.click("#score-dialog .sheet-close")
    page.click("#continue-button")
    page.wait_for_function("window.kibitzShell.frame.table.round.number === 2", timeout=TIMEOUT)


def wait_version_after(page: Page, version: int, what: str) -> dict[str, Any]:
    """Wait until the page shows a later frame than `version`; returns it (fails naming `what` and the notice)."""
    try:
        page.wait_for_function(f"window.kibitzShell.version > {version}", timeout=TIMEOUT)
    except Exception as error:
        notice = page.inner_text("#notice") if page.is_visible("#notice") else ""
        raise AssertionError(f"no progress after {what} (notice: {notice!r})") from error
    f = frame(page)
    assert f is not None
    return f


def wait_my_step(page: Page, step: str) -> dict[str, Any]:
    """Wait until the page's seat is on turn at `step` ("draw" / "main"); returns the frame."""
    page.wait_for_function(
        "(s) => { const f = window.kibitzShell.frame; return f && f.view && f.view.phase === 'play'"
        " && f.view.current === f.table.you && f.view.step === s; }",
        arg=step,
        timeout=TIMEOUT * 2,
    )
    f = frame(page)
    assert f is not None
    return f


def hand_card(page: Page, code: str, copy: int = 1) -> Any:
    """The hand's button of the `copy`-th `code` from the left."""
    return page.locator(f'#hand .card[data-key="{code}:{copy}"]')


# fanned cards overlap: a person takes a card by its uncovered left strip
STRIP = {"x": 10, "y": 40}


def act(page: Page, what: str, do: Any) -> dict[str, Any]:
    """Do `do()` (one action through the page) and wait for the table to move."""
    version = frame(page)["version"]  # type: ignore[index]
    do()
    return wait_version_after(page, version, what)


def pick(page: Page, codes: list[str]) -> None:
    """Click the hand cards `codes` (one copy each, from the left) so that they are picked."""
    seen: dict[str, int] = {}
    for code in codes:
        seen[code] = seen.get(code, 0) + 1
        hand_card(page, code, seen[code]).click(position=STRIP)
    page.wait_for_function(
        "(n) => document.querySelectorAll('#hand .card.selected').length === n",
        arg=len(codes),
        timeout=TIMEOUT,
    )


def drag_card(page: Page, code: str, target: str, copy: int = 1, target_position: dict | None = None) -> None:
    """Drag the hand card `code` onto `target` (a selector) with the pointer."""
    hand_card(page, code, copy).drag_to(
        page.locator(target).first, source_position=STRIP, target_position=target_position
    )


def drag_onto_table(page: Page, code: str, copy: int = 1) -> None:
    """Drag the hand card `code` (with the picked cards when it is one of them) onto the free table: the melds'
    area near its bottom right corner, where no meld lies."""
    box = page.locator("#rummy-melds").bounding_box()
    assert box
    drag_card(
        page, code, "#rummy-melds", copy, target_position={"x": box["width"] - 8, "y": box["height"] - 8}
    )


def take_turn(page: Page) -> dict[str, Any]:
    """The page's seat takes one plain turn: it draws from the stock and discards its first discardable card with
    the Discard button. Returns the frame after the discard."""
    wait_my_step(page, "draw")
    act(page, "drawing from the stock", lambda: page.click("#rummy-stock"))
    f = wait_my_step(page, "main")
    return discard_first(page, f)


def discard_first(page: Page, f: dict[str, Any]) -> dict[str, Any]:
    """Discard the first card of the listed discards (picked, then the Discard button)."""
    card = next(a["discard"] for a in f["legal"] if "discard" in a and a["discard"] != "JK")
    pick(page, [card])
    return act(page, f"discarding {card}", lambda: page.click("#discard-button"))


def wait_current(page: Page, seat: int, step: str = "draw") -> dict[str, Any]:
    """Wait until `seat` is on turn at `step`; returns the frame."""
    page.wait_for_function(
        "([s, st]) => { const v = window.kibitzShell.frame?.view; return v && v.current === s && v.step === st; }",
        arg=[seat, step],
        timeout=TIMEOUT * 2,
    )
    f = frame(page)
    assert f is not None
    return f
