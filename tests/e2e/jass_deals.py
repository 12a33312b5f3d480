"""Fixed Jass deals for the browser tests, built with the engine's own dealing rule (docs/rules/jass.md §4: 12
packets of three from the forehand, the dealer's last card Differenzler's trump card), and opening a Jass table
from the lobby's New game dialog."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from games.engines.core import get_game

from .driver import create_fixed_table, new_game_dialog

PACKET = 3


def order_for(hands: list[list[str]], dealer: int, variant: str = "schieber") -> list[str]:
    """The deck order that deals `hands` (seat -> nine codes, in the order the packets should give them) with
    `dealer` dealing; for Differenzler the dealer's ninth card is the face-up trump card. Checked against the
    engine's own `deal_from_order`."""
    forehand = (dealer + 1) % 4
    order: list[str] = []
    for packet in range(12):
        seat = (forehand + packet) % 4
        start = PACKET * (packet // 4)
        order += hands[seat][start : start + PACKET]
    game = get_game(f"jass-{variant}")
    deal = game.deal_from_order(order, dealer, game.normalize_options({}), None)
    assert [sorted(h) for h in deal["hands"]] == [sorted(h) for h in hands]
    return order


def open_jass_table(
    page: Page,
    base: str,
    game: str,
    options: dict[str, str],
    fixed: dict[str, Any],
    *,
    human_seats: int = 1,
    stake: str = "0",
    bot_level: str = "standard",
) -> int:
    """Open a Jass table (`game` "jass-schieber" or "jass-differenzler", `options` by option name as the dialog's
    select values) from the lobby's New game dialog with its first deal fixed by `fixed`; waits for the table
    page. Returns the table id."""
    new_game_dialog(page, base, game)
    for name, value in options.items():
        page.select_option(f"#id_{game}__{name}", value)
    return create_fixed_table(page, base, fixed, human_seats=human_seats, stake=stake, bot_level=bot_level)


def fix_next_deal_on_site(folder: Any, table_id: int, order: list[str], dealer: int) -> None:
    """The fixed-deal hook (games/services/shuffling.py `fix_next_deal`) for the table's next deal, run against
    the live site's database started in `folder` (the hook's setting on, as the site has it)."""
    from .site import run_on_site

    run_on_site(
        folder,
        "from django.conf import settings; settings.KIBITZ_ALLOW_FIXED_DEALS = True; "
        "from games.models import Table; from games.services import fix_next_deal; "
        f"fix_next_deal(Table.objects.get(pk={table_id}), {json.dumps(order)}, {dealer})",
    )
