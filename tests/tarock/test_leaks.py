"""No view leaks a hidden card or the Rufer's partner (docs/rules/tarock.md §7), checked over random deals (200 in the
quick tier, 1,000 in the long tier: tests/volume.py).

The oracle below is independent of the engine's visibility code: it reads only `to_json` output and the
rules file's table.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from games.engines.tarock.cards import DECK
from tests.volume import seeded, volume

from .helpers import GAME, random_action, random_options

DEALS = volume(200, 1000)
CARDS = set(DECK)


STRING = re.compile(r'"([^"\\]*)"')


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value (keys included), read from its serialised text."""
    return set(STRING.findall(json.dumps(value))) & CARDS


def oracle_public(data: dict[str, Any]) -> bool:
    """§7: a Rufer's partnership is public once the called card is played, the partner called, or both
    defenders called; a Solo or Farbensolo is public from the bid."""
    if data["contract"] != "rufer":
        return data["contract"] is not None
    played = {c for t in data["tricks"] for _, c in t["cards"]}
    if data["trick"]:
        played |= {c for _, c in data["trick"]["cards"]}
    callers = {c["seat"] for c in data["calls"] if "pass" not in c["call"]}
    defenders = set(range(4)) - {data["declarer"], data["partner"]}
    return data["called"] in played or data["partner"] in callers or defenders <= callers


def oracle_allowed(data: dict[str, Any], viewer: int | None) -> set[str]:
    """Card codes `viewer` may see anywhere in its view (§7 table)."""
    if data["redeal"] is not None:
        return set()
    if data["phase"] == "done":
        return set(CARDS)
    allowed = {data["called"]} if data["called"] else set()
    if data["trick"]:
        allowed |= {c for _, c in data["trick"]["cards"]}
    if data["tricks"]:
        allowed |= {c for _, c in data["tricks"][-1]["cards"]}
    if viewer is None:
        return allowed
    allowed |= set(data["hands"][viewer])
    owners = {viewer}
    if data["contract"] == "rufer" and oracle_public(data):
        team = {data["declarer"], data["partner"]}
        owners |= team if viewer in team else set(range(4)) - team
    for trick in data["tricks"]:
        if trick["winner"] in owners:
            allowed |= {c for _, c in trick["cards"]}
    return allowed


def check_views(state: Any) -> int:
    data = GAME.to_json(state)
    hidden_partner = data["contract"] == "rufer" and data["phase"] != "done" and not oracle_public(data)
    for viewer in (0, 1, 2, 3, None):
        view = GAME.view(state, viewer)
        leaked = cards_in(view) - oracle_allowed(data, viewer)
        assert not leaked, f"seat {viewer} sees {sorted(leaked)}"
        if hidden_partner:
            partner = data["partner"]
            if viewer == partner:
                assert view["partner"] == partner
            else:
                assert view["partner"] is None and view["sides"][partner] is None
                assert view["won_tricks"][partner] is None
    return int(hidden_partner)


def test_it_leaks_no_hidden_card_and_no_hidden_partner_over_random_deals():
    rng = random.Random(seeded("tarock-leaks"))
    hidden_steps = 0
    for n in range(DEALS):
        state = GAME.new_round(random_options(rng), GAME.deal_cards(rng, n % 4), n % 4)
        hidden_steps += check_views(state)
        while GAME.phase(state) != "done":
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, random_action(state, seat, rng))
            hidden_steps += check_views(state)
    assert hidden_steps > DEALS


def test_it_catches_a_leak_when_one_is_planted():
    """The oracle is not vacuous: another seat's hand in a view is found."""
    state = GAME.new_round({}, GAME.deal_cards(random.Random(1), 0), 0)
    data = GAME.to_json(state)
    view = GAME.view(state, 0)
    view["hand_sizes"] = data["hands"][1]
    assert cards_in(view) - oracle_allowed(data, 0)
