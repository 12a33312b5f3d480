"""Dealing from a CSPRNG with the deck commitment (docs/design.md "Deck commitment"), and the test-only hook
that fixes a table's next deal (settings.KIBITZ_ALLOW_FIXED_DEALS, never on by default)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from games.engines.core import get_game
from games.engines.core.commitment import deck_hash
from games.errors import ServiceError
from games.models import Match, Round, Seat, Table

from . import seating, settlement
from .events import append_event
from .round_flow import finish_round_if_over, schedule_turn

_CSPRNG = random.SystemRandom()


def random_dealer(seat_count: int) -> int:
    """The first dealer of a match, drawn by the service (docs/rules/french_tarot.md §3)."""
    return _CSPRNG.randrange(seat_count)


def fix_next_deal(
    table: Table, order: list[Any], dealer: int | None = None, bot_seed: str | None = None
) -> None:
    """Tests only: make the table's next deal use `order` (and `dealer`, if given); with `bot_seed`, the
    table's bots draw from a seeded generator from now on, so a browser test is reproducible.

    Raises ServiceError("not_allowed") unless settings.KIBITZ_ALLOW_FIXED_DEALS is on.
    """
    if not settings.KIBITZ_ALLOW_FIXED_DEALS:
        raise ServiceError("not_allowed", _("fixed deals are off (KIBITZ_ALLOW_FIXED_DEALS)"))
    if not isinstance(order, list) or (dealer is not None and not isinstance(dealer, int)):
        raise ServiceError("bad_request", _("order must be a list and dealer an int"))
    table.fixed_next_deal = {"order": order, "dealer": dealer}
    if bot_seed is not None:
        table.bot_seed = str(bot_seed)[:40]
    table.save(update_fields=["fixed_next_deal", "bot_seed"])


def deal_round(table: Table, match: Match, dealer: int, start: Mapping[str, Any] | None) -> Round | None:
    """Shuffle, commit, deal and start the next round of `match`; append the `deal` event.

    Runs inside the caller's transaction with the table row locked. The order comes from the CSPRNG unless
    a fixed deal is pending (and allowed). A deal the engine ends at once (void as dealt: Tarock's redeal,
    docs/rules/tarock.md §4.3; French Tarot's petit sec, docs/rules/french_tarot.md §4) is finished here and
    reserves nothing: a redeal settles nothing (the rules files' §9), so no ledger transaction is booked for it.
    Returns None, dealing nothing, when no person at the table can cover the deal's worst case
    (settlement.NobodyCanPlay): they are stood up with their reason and the table closes, so neither the
    sweeper nor "Next deal" asks again.
    """
    game = get_game(table.game)
    options = game.normalize_options(table.options)
    fixed = table.fixed_next_deal if settings.KIBITZ_ALLOW_FIXED_DEALS else None
    if fixed:
        order = list(fixed["order"])
        if fixed.get("dealer") is not None:
            dealer = int(fixed["dealer"])
        table.fixed_next_deal = None
    else:
        order = game.shuffle_deck(_CSPRNG, options)
    salt = secrets.token_hex(16)
    deal = game.deal_from_order(order, dealer, options, start)
    state = game.new_round(options, deal, dealer, start)
    number = (Round.objects.filter(table=table).count()) + 1
    version = table.version
    try:
        with transaction.atomic():  # a savepoint: a deal nobody can play leaves no round and no reservation
            rnd = Round.objects.create(
                table=table,
                match=match,
                number=number,
                dealer=dealer,
                options=options,
                start=dict(start) if start is not None else None,
                deal=deal,
                order=order,
                salt=salt,
                deck_hash=deck_hash(salt, order),
                snapshot=game.to_json(state),
                actions=[],
            )
            if game.result(state) is None:  # void as dealt: nothing at stake, nothing to reserve
                settlement.unit_starting(table, rnd)
    except settlement.NobodyCanPlay as nobody:
        table.version = version  # the savepoint took back the version bumps of its events
        settlement.stand_up(table, nobody.refusals)
        seating.close(table)
        return None
    rnd.players = [None if seat.is_bot else seat.user_id for seat in Seat.objects.filter(table=table)]
    table.next_deal_at = None
    append_event(
        table, "deal", round=rnd, data={"round": number, "dealer": dealer, "deck_hash": rnd.deck_hash}
    )
    if not finish_round_if_over(table, rnd, game, state):
        schedule_turn(table, rnd, game, state)
    rnd.save()
    table.save()
    return rnd
