"""Money in play (docs/decisions-ledger.md "Money in play", docs/rules/settlement.md "Money safety"): the worst
case per settlement unit before anyone sits (the dialog's preview, the lobby box, the frame), never a hidden limit,
the booked money on the score sheet's frame, and a seat stood up for want of funds: told to the player, shown to the
others, and a table nobody can play at stops asking."""

from __future__ import annotations

import logging
import random

import pytest
from django.test import Client
from django.urls import reverse

from games import services as tables
from games.engines.core import get_game
from games.forms import NewTableForm
from games.lobby_boxes import lobby_boxes
from games.models import Event, Round, Seat, Table
from games.reads.projection import stood_up_reason, table_frame
from games.reads.table_terms import table_limit, worst_case_terms
from games.services.sweeper import sweep_once
from ledger import services as ledger
from ledger.models import Account, SettlementUnit, UnitStatus
from ledger.reports import reconcile

pytestmark = pytest.mark.django_db

DIALOG = {
    "game": "french-tarot",
    "bot_level": "standard",
    "human_seats": 1,
    "access": "public",
    "turn_seconds": 30,
    "french-tarot__match_end": "deals:8",
}


def test_the_worst_case_is_the_limit_times_the_other_seats_with_the_games_default_limit():
    terms = worst_case_terms("french-tarot", {}, 10, None)
    assert terms is not None
    assert (terms.limit, terms.default, terms.seats, terms.unit, terms.worst_case) == (
        1500,
        True,
        4,
        "deal",
        4500,
    )
    given = worst_case_terms("french-tarot", {}, 10, 700)
    assert given is not None and (given.limit, given.default, given.worst_case) == (700, False, 2100)
    two = worst_case_terms("rummy", {"players": 2}, 10, None)
    assert two is not None and (two.seats, two.worst_case) == (
        2,
        1000,
    )  # Rummy: 100 × the stake, one other seat
    jass = worst_case_terms("jass-schieber", {}, 100, None)
    assert jass is not None and (jass.unit, jass.worst_case) == ("match", 300)
    assert worst_case_terms("french-tarot", {}, 0, None) is None  # a free table reserves nothing


def test_a_limit_of_0_at_a_stakes_table_is_a_form_error_and_a_service_refusal(players):
    form = NewTableForm({**DIALOG, "stake": "0.10", "limit": "0"})
    assert not form.is_valid()
    assert "limit" in form.errors and "empty" in form.errors["limit"][0]
    assert NewTableForm(
        {**DIALOG, "stake": "0", "limit": "0"}
    ).is_valid()  # no stakes: the limit plays no part
    with pytest.raises(tables.ServiceError) as refused:
        tables.create_table(players[0], tables.TableTerms("french-tarot", {}, stake=10, limit=0))
    assert refused.value.code == "bad_request"
    assert not Table.objects.exists()


def test_the_dialogs_preview_is_the_servers_worst_case_of_the_fields_as_posted(players, monkeypatch):
    monkeypatch.setattr(
        "games.forms.has_table_module", lambda game: True
    )  # Rummy's seats come from its options
    client = Client()
    client.force_login(players[0])
    url = reverse("new_table_terms")
    answer = client.get(url, {**DIALOG, "stake": "0.10", "limit": ""}).json()
    assert answer == {
        "terms": {
            "stake": 10,
            "limit": 1500,
            "default_limit": True,
            "seats": 4,
            "unit": "deal",
            "worst_case": 4500,
        },
        "errors": {},
    }
    assert client.get(url, {**DIALOG, "stake": "0.10", "limit": "2,50"}).json()["terms"]["worst_case"] == 750
    refused = client.get(url, {**DIALOG, "stake": "0.10", "limit": "0"}).json()
    assert refused["terms"] is None and list(refused["errors"]) == ["limit"]
    assert client.get(url, {**DIALOG, "stake": "0"}).json() == {"terms": None, "errors": {}}
    assert client.get(url, {**DIALOG, "stake": "zehn"}).json()["errors"]["stake"]
    rummy = {"game": "rummy", "stake": "0.10", "rummy__players": "3"}
    assert client.get(url, {**DIALOG, **rummy}).json()["terms"]["worst_case"] == 2000  # 10.00 × 2 other seats


def test_the_lobby_box_and_the_frame_show_the_worst_case_that_is_reserved(players):
    alice = players[0]
    table = tables.create_table(alice, tables.TableTerms("french-tarot", {}, human_seats=1, stake=10))
    (box,) = lobby_boxes(alice)
    assert box["limit"] == table_limit(table) == 1500
    assert box["money"]["worst_case"] == 4500
    unit = SettlementUnit.objects.get(table_key=f"table:{table.pk}")
    assert {s.reserved for s in unit.seat_set.all()} == {4500}
    shown = table_frame(table.pk, None)
    assert shown is not None and shown["table"]["money_terms"]["worst_case"] == 4500
    free = tables.create_table(players[1], tables.TableTerms("french-tarot", {}, human_seats=2))
    assert next(b for b in lobby_boxes(alice) if b["id"] == free.pk)["money"] is None


def _play_out(user, table: Table, number: int, rng: random.Random) -> Round:
    """Play deal `number` to its end: `user` (seat 0) takes the first bid it may make (so the deal is scored unless
    it is annulled) and otherwise plays the engine's timeout action; the bots make their moves."""
    game = get_game("french-tarot")
    for n in range(400):
        rnd = Round.objects.get(table=table, number=number)
        if rnd.status != Round.Status.PLAYING:
            return rnd
        state = game.from_json(rnd.snapshot)
        if 0 in game.to_act(state):
            version = Table.objects.get(pk=table.pk).version
            bids = [
                a.to_wire() for a in game.legal_actions(state, 0) if a.to_wire().get("bid", "pass") != "pass"
            ]
            action = bids[0] if bids else game.timeout_action(state, 0).to_wire()
            tables.act(user, table.pk, version, f"d{number}m{n}", action)
        else:
            assert tables.bot_move(table.pk, rng)
    raise AssertionError("the deal did not end")


def _scored_table(user, settings) -> tuple[Table, Round]:
    """A stakes table whose first deal was scored (a deal everybody passed is released, with no money to show)."""
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    settings.KIBITZ_NEXT_DEAL_SECONDS = 3600
    for seed in range(20):
        table = tables.create_table(
            user, tables.TableTerms("french-tarot", {}, human_seats=1, bot_level="beginner", stake=1)
        )
        frame = table_frame(table.pk, 0)
        assert frame is not None and frame["table"]["round"]["money"] is None  # nothing booked while it runs
        rnd = _play_out(user, table, 1, random.Random(seed))
        if rnd.result["status"] == "scored":
            return table, rnd
        tables.leave(user, table.pk)
    raise AssertionError("no scored deal in 20 tables")


def test_the_frame_carries_the_booked_money_of_each_seat_once_the_unit_is_settled(players, settings):
    alice = players[0]
    table, rnd = _scored_table(alice, settings)
    unit = SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}")
    assert unit.status == UnitStatus.SETTLED
    for seat in (0, None):  # the player and a spectator see the same figures
        frame = table_frame(table.pk, seat)
        assert frame is not None
        money = frame["table"]["round"]["money"]
        assert money["commission"] == unit.commission
        assert [(s["seat"], s["result"], s["commission"], s["net"]) for s in money["seats"]] == [
            (s.seat, s.delta, s.share, s.change) for s in unit.seat_set.order_by("seat")
        ]
    alice_net = frame["table"]["round"]["money"]["seats"][0]["net"]
    assert ledger.wallet_for(alice).balance == 10_000 + alice_net  # the wallet's one line for the deal
    assert sum(s["net"] for s in money["seats"]) + money["commission"] == 0


def test_a_person_alone_who_cannot_cover_the_next_deal_is_stood_up_and_the_table_stops(
    players, settings, caplog
):
    alice = players[0]
    table, _rnd = _scored_table(alice, settings)
    settings.KIBITZ_BOTS_IN_WORKERS = False
    ledger.set_loss_limit(alice, "day", 1)  # lowering takes effect at once: the next 4.50 at risk is refused
    Table.objects.filter(pk=table.pk).update(next_deal_at=Round.objects.get(table=table).finished_at)
    caplog.set_level(logging.WARNING, logger="games.services.sweeper")

    assert sweep_once() == 1  # the due next deal: nobody can play it, so the table closes instead
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED and table.next_deal_at is None
    assert Round.objects.filter(table=table).count() == 1  # nothing dealt, nothing reserved
    (stood,) = Event.objects.filter(table=table, kind="stood_up")
    assert stood.seat == 0 and stood.data["user"] == alice.pk and stood.data["code"] == "loss_limit"
    seat = Seat.objects.get(table=table, number=0)
    assert seat.is_bot and seat.bot_reason == "cannot_cover" and seat.replaced == alice
    assert stood_up_reason(table.pk, alice, 0) == "loss_limit"
    frame = table_frame(table.pk, None)
    assert frame is not None and frame["table"]["seats"][0]["bot_reason"] == "cannot_cover"
    assert frame["table"]["seats"][0]["replaced"] == alice.display_name

    assert [sweep_once() for _ in range(5)] == [0] * 5  # nothing is asked again
    assert not caplog.records
    assert not SettlementUnit.objects.filter(table_key=f"table:{table.pk}", status=UnitStatus.OPEN).exists()
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert reconcile().ok


def test_a_player_who_cannot_cover_is_stood_up_and_the_others_see_the_seats_reason(players, settings):
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    settings.KIBITZ_NEXT_DEAL_SECONDS = 3600
    alice, bob = players[:2]
    table = tables.create_table(alice, tables.TableTerms("french-tarot", {}, human_seats=2, stake=1))
    tables.join(bob, table.pk)
    game = get_game("french-tarot")
    rng = random.Random(3)
    for n in range(400):
        rnd = Round.objects.get(table=table, number=1)
        if rnd.status != Round.Status.PLAYING:
            break
        state = game.from_json(rnd.snapshot)
        people = {0: alice, 1: bob}
        due = [s for s in game.to_act(state) if s in people]
        if due:
            version = Table.objects.get(pk=table.pk).version
            action = game.timeout_action(state, due[0]).to_wire()
            tables.act(people[due[0]], table.pk, version, f"m{n}", action)
        else:
            assert tables.bot_move(table.pk, rng)
    ledger.set_loss_limit(bob, "day", 1)

    assert tables.start_next_round(table.pk)
    assert Round.objects.filter(table=table).count() == 2  # alice plays on with a bot in bob's seat
    seat = Seat.objects.get(table=table, number=1)
    assert seat.is_bot and seat.bot_reason == "cannot_cover" and seat.replaced == bob
    assert not seat.free_after_unit  # the bot keeps the seat; bob is not held to it
    frame = table_frame(table.pk, 0)
    assert frame is not None
    assert frame["table"]["seats"][1]["bot_reason"] == "cannot_cover"
    assert frame["table"]["seats"][1]["replaced"] == bob.display_name
    assert frame["table"]["seats"][0]["bot_reason"] is None
    assert stood_up_reason(table.pk, bob, 1) == "loss_limit"
    assert stood_up_reason(table.pk, alice, 0) is None
    reserved = SettlementUnit.objects.get(round_id=Round.objects.get(table=table, number=2).pk)
    bob_wallet = ledger.wallet_for(bob)
    assert not reserved.seat_set.filter(account=bob_wallet).exists()
    assert Account.objects.get(pk=bob_wallet.pk).balance == bob_wallet.balance
