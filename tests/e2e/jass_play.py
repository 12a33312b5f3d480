"""Acting at a live Jass table the way a person does (clicks, drags, keys), and replaying the table's event log
independently of the service's standings (docs/rules/jass.md §6, §8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from games.engines.core import get_game
from games.engines.core.replay import replay

from .driver import TIMEOUT, VISIBLE_EDGE
from .keyboard_drivers import arrow_to, wait_moved
from .site import run_on_site

HAND = "#hand .card:not(:disabled)"
BUTTONS = "#dialog[open] .buttons button"


def due_here(f: dict[str, Any] | None) -> bool:
    """Whether the page's seat is in `to_act` (for a move or only for "Enough, thanks")."""
    return bool(f and f["view"] and not f["read_only"] and f["table"]["you"] in f["view"]["to_act"])


def listed(f: dict[str, Any], kind: str) -> list[Any]:
    return [a[kind] for a in f["legal"] or [] if kind in a]


def answer_dialog(page: Page, kind: str, value: str, by_key: bool) -> None:
    """Press the button `value` of the open question of `kind`, with the arrows and Enter or by a click."""
    page.wait_for_selector(f'#dialog[open][data-kind="{kind}"]', timeout=TIMEOUT)
    if by_key:
        arrow_to(page, BUTTONS, "value", value)
        page.keyboard.press("Enter")
    else:
        page.click(f'#dialog button[data-value="{value}"]')


def play_card(page: Page, card: str, how: str) -> None:
    """Play `card` from the hand: "drag" onto the middle, "click" on its uncovered strip, or "key" (arrows, Enter)."""
    source = page.locator(f'#hand .card[data-card="{card}"]')
    if how == "drag":
        source.drag_to(page.locator("#center"), source_position=VISIBLE_EDGE)
    elif how == "click":
        source.click(position=VISIBLE_EDGE)
    else:
        arrow_to(page, HAND, "card", card)
        page.keyboard.press("Enter")


def event_log_rounds(folder: Path, table_id: int) -> list[dict[str, Any]]:
    """Every finished round of the table as its event log has it: the dealer of its `deal` event, the options,
    the deal revealed with the round, and the actions of its `act` / `timeout` events in version order."""
    out = folder / f"rounds-{table_id}.json"
    script = f"""
import json
from games.models import Event, Round
rounds = []
for rnd in Round.objects.filter(table_id={table_id}, status="done").order_by("number"):
    events = Event.objects.filter(table_id={table_id}, round=rnd).order_by("version")
    deal = next(e for e in events if e.kind == "deal")
    steps = [{{"seat": e.seat, "action": e.data["action"]}} for e in events if e.kind in ("act", "timeout")]
    rounds.append({{"number": rnd.number, "dealer": deal.data["dealer"], "options": rnd.options, "deal": rnd.deal,
                   "actions": steps}})
open({str(out)!r}, "w").write(json.dumps(rounds))
"""
    run_on_site(folder, script)
    return json.loads(out.read_text())


def replay_match(game_key: str, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Replay the rounds one after the other with the engine, each starting from the totals the previous replay
    ended with (§8 `start`, never the service's stored one). Returns each round's result."""
    game = get_game(game_key)
    results: list[dict[str, Any]] = []
    start: dict[str, Any] | None = None
    for i, rnd in enumerate(rounds):
        state = replay(game, rnd["options"], rnd["deal"], rnd["dealer"], rnd["actions"], start)
        result = game.result(state)
        assert result is not None, f"round {rnd['number']} did not finish in its replay"
        results.append(result)
        start = {"totals": result["totals"]}
        if game_key == "jass-differenzler":
            start["rounds_played"] = i + 1
    return results


def match_sheet_totals(page: Page) -> list[list[int]]:
    """The match sheet's rows as the page shows them: per finished deal, each column's total (the number before the
    change in brackets): a column per team in Schieber, per seat in Differenzler."""
    if not page.locator("#match-dialog[open]").count():
        page.click("#match-sheet-button")
    page.wait_for_selector("#match-sheet", timeout=TIMEOUT)
    rows = page.eval_on_selector_all(
        "#match-sheet tbody tr",
        "rs => rs.map(r => [...r.querySelectorAll('td')].map(td => td.firstChild.textContent.trim()))",
    )
    return [[int(cell) for cell in row] for row in rows]


def wait_for(page: Page, predicate: str) -> None:
    page.wait_for_function(predicate, timeout=TIMEOUT)


__all__ = [
    "answer_dialog",
    "due_here",
    "event_log_rounds",
    "listed",
    "play_card",
    "replay_match",
    "wait_moved",
]
