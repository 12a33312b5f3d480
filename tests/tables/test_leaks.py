"""No socket frame shows a card its recipient may not see (docs/style.md "Secrets leave only through view()"),
for every variant.

Each variant's table is played by people only, one per seat (they choose random listed and hinted actions from
their own frames), with a spectator's socket open too, over the Redis channel layer; every frame each socket
receives (view, legal actions, refusals, hints, table facts) is checked against that game's independent oracle
of its rules file's views section (tests/tables/leak_oracles.py) at the frame's version. Rummy's oracle counts
cards per code (identical cards share a code). Planted leaks show each oracle bites.

The quick tier plays one deal per variant, the long tier (tests/volume.py) 4 from its seed; `KIBITZ_LEAK_DEALS=N`
plays N (N=100 takes about 20-50 min per variant on the shared 2-core machine, see docs/decisions-tables.md).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from games import services
from games.engines.core import get_game
from games.models import Round, Seat, Table
from tests.volume import seeded, volume

from .leak_oracles import check_frame
from .sockets import open_socket, receive
from .tablerun import Run

DEALS = volume(1, 4, override="KIBITZ_LEAK_DEALS")
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.timeout(max(600, 300 * DEALS)),
]

# Every variant with options that keep a long run going (a match never ends before its deals are played), by game
# key; a game played at several table sizes is run at each ("<key>@<seats>": Rummy at 2, 3 and 4 seats).
VARIANTS: dict[str, dict[str, Any]] = {
    "french-tarot": {"match_end": "deals:40"},
    "jass-schieber": {"target": 3000},
    "jass-differenzler": {"predictions": "secret"},
    "tarock": {},
    "rummy": {"players": 3, "kloppen": True},
    "rummy@2": {"players": 2, "kloppen": True},
    "rummy@4": {"players": 4, "kloppen": True},
}
GAMES = sorted(key for key in VARIANTS if "@" not in key)
NAMES = ("alice", "bob", "carol", "dave")


@sync_to_async
def _people_table(
    users: dict[str, User], variant: str, fixed_deal: dict[str, Any] | None = None
) -> tuple[int, dict[int | None, User]]:
    key = variant.split("@")[0]
    game = get_game(key)
    options = VARIANTS[variant]
    seats = game.seat_count(game.normalize_options(options))
    table = services.create_table(
        users["alice"],
        services.TableTerms(key, options, human_seats=seats, turn_seconds=300),
        fixed_deal=fixed_deal,
    )
    for name in NAMES[1:seats]:
        services.join(users[name], table.pk)
    spectator = User.objects.get_or_create(username="erin")[0]
    people: dict[int | None, User] = {s.number: s.user for s in Seat.objects.filter(table_id=table.pk)}
    return table.pk, {**people, None: spectator}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_it_never_sends_a_card_a_seat_or_a_spectator_may_not_see(
    variant, users, redis_layer, fast_bots, fast_people
):
    key = variant.split("@")[0]
    rng = random.Random(seeded(f"{os.environ.get('KIBITZ_LEAK_SEED', '20261130')}:{variant}"))
    table_id, sockets = await _people_table(users, variant)
    people = sorted(s for s in sockets if s is not None)
    run = await Run.open(table_id, key, sockets, people, rng, thanks_rate=0.02)
    await run.play(max_rounds=DEALS)
    frames = run.frames()
    print(f"leak test {variant}: {run.rounds} deals, {run.moves} moves, {frames} frames checked", flush=True)
    await run.close()
    assert run.rounds >= DEALS and run.moves > 10 * DEALS and frames > len(sockets) * run.moves


@sync_to_async
def _seat_to_act(table_id: int, key: str) -> tuple[int, Any]:
    game = get_game(key)
    state = game.from_json(Round.objects.get(table_id=table_id, status="playing").snapshot)
    seat = min(game.to_act(state))
    return seat, state


@pytest.mark.parametrize("key", GAMES)
async def test_the_oracle_catches_another_seats_card_planted_in_the_hints(
    key, users, redis_layer, monkeypatch, settings
):
    # a seeded first deal: one from the CSPRNG was now and then a Tarock redeal (§4.3), over at once, with no
    # round in play to plant a card in
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    game = get_game(key)
    order = game.shuffle_deck(random.Random(f"oracle:{key}"), game.normalize_options(VARIANTS[key]))
    table_id, sockets = await _people_table(users, key, {"order": order, "dealer": 0})
    seat, state = await _seat_to_act(table_id, key)
    other = (seat + 1) % len(state.hands)
    if key == "rummy":  # a card of the next hand that the seat does not hold itself, shown once
        planted = [next(c for c in state.hands[other] if c not in state.hands[seat] + state.pile)]
    elif key.startswith("jass"):  # not Differenzler's trump card, dealt face up (docs/rules/jass.md §4)
        planted = [next(c for c in state.hands[other] if c != state.deal.get("trump_card"))]
    else:
        planted = list(state.hands[other])[:1]
    monkeypatch.setattr(type(game), "hints", lambda self, state, s: {"leak": planted})
    ws, ok = await open_socket(f"/ws/tables/{table_id}/", sockets[seat])
    assert ok
    frame = await receive(ws)
    await ws.disconnect()
    snapshot = await sync_to_async(lambda: Round.objects.get(table_id=table_id, status="playing").snapshot)()
    assert frame["hints"] == {"leak": planted}
    with pytest.raises(AssertionError, match="is shown|does not hold"):
        check_frame(key, snapshot, seat, frame)


async def test_the_jass_oracle_catches_a_secret_prediction_planted_in_the_view(
    users, redis_layer, monkeypatch
):
    """A Differenzler seat told another seat's secret call before all four are in (docs/rules/jass.md §7), in the
    view's own list or under another key, is a leak the oracle names."""
    key = "jass-differenzler"
    table_id, sockets = await _people_table(users, key)
    table = await sync_to_async(Table.objects.get)(pk=table_id)
    await sync_to_async(services.act)(sockets[1], table_id, table.version, "call-1", {"predict": 93})
    game = get_game(key)
    honest = type(game).view

    def planted(self, state, s, where):
        view = honest(self, state, s)
        if where == "view":
            view["predictions"] = [p for p in state.predictions]
        else:
            view["predict_hint"] = {"seat": 1, "value": 93}
        return view

    for where in ("view", "elsewhere"):
        monkeypatch.setattr(
            type(game), "view", lambda self, state, s, where=where: planted(self, state, s, where)
        )
        ws, ok = await open_socket(f"/ws/tables/{table_id}/", sockets[0])
        assert ok
        frame = await receive(ws)
        await ws.disconnect()
        snapshot = await sync_to_async(
            lambda: Round.objects.get(table_id=table_id, status="playing").snapshot
        )()
        with pytest.raises(AssertionError, match="secret prediction"):
            check_frame(key, snapshot, 0, frame)


async def test_the_jass_oracle_catches_secret_predictions_shown_once_all_four_are_in(
    users, redis_layer, monkeypatch
):
    """The old reading of the rules (every secret call shown once the fourth is in) is a leak the oracle names:
    the values stay hidden during the whole play, until the round is scored (docs/rules/jass.md §5.2, §7)."""
    key = "jass-differenzler"
    table_id, sockets = await _people_table(users, key)
    for seat, value in ((0, 61), (1, 93), (2, 17), (3, 120)):
        table = await sync_to_async(Table.objects.get)(pk=table_id)
        await sync_to_async(services.act)(
            sockets[seat], table_id, table.version, f"call-{seat}", {"predict": value}
        )
    game = get_game(key)
    honest = type(game).view

    def all_in_shown(self, state, s):
        view = honest(self, state, s)
        view["predictions"] = (
            list(state.predictions) if all(p is not None for p in state.predictions) else None
        )
        return view

    monkeypatch.setattr(type(game), "view", all_in_shown)
    ws, ok = await open_socket(f"/ws/tables/{table_id}/", sockets[2])
    assert ok
    frame = await receive(ws)
    await ws.disconnect()
    snapshot = await sync_to_async(lambda: Round.objects.get(table_id=table_id, status="playing").snapshot)()
    assert snapshot["phase"] == "play" and frame["view"]["predictions"] == [61, 93, 17, 120]
    with pytest.raises(AssertionError, match="secret prediction"):
        check_frame(key, snapshot, 2, frame)


async def test_the_rummy_oracle_counts_copies_of_a_code(users, redis_layer):
    """A second copy of a code the seat holds once, shown in the view, is a leak only a count per code sees."""
    table_id, sockets = await _people_table(users, "rummy")
    seat, state = await _seat_to_act(table_id, "rummy")
    ws, ok = await open_socket(f"/ws/tables/{table_id}/", sockets[seat])
    assert ok
    frame = await receive(ws)
    await ws.disconnect()
    snapshot = await sync_to_async(lambda: Round.objects.get(table_id=table_id, status="playing").snapshot)()
    check_frame("rummy", snapshot, seat, frame)
    hand = state.hands[seat]
    single = next(c for c in hand if hand.count(c) == 1 and c != "JK" and c not in state.pile)
    frame["view"]["hand"] = [*frame["view"]["hand"], single]  # the other copy of `single`, held elsewhere
    with pytest.raises(AssertionError, match="more copies"):
        check_frame("rummy", snapshot, seat, frame)
    assert await sync_to_async(Table.objects.filter(pk=table_id).exists)()
