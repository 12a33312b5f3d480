"""Frames: what each recipient's projection holds (legal actions, refusal reasons, catch-up events)."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from games import services
from games.engines.core import get_game
from games.engines.core.errors import RuleError
from games.models import Round, Table
from games.reads.projection import table_frame
from games.services.play import _apply_guarded

pytestmark = pytest.mark.django_db


def _seeded_table(users, settings):
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    game = get_game("french-tarot")
    order = game.shuffle_deck(random.Random(7), game.normalize_options({}))
    return services.create_table(
        users["alice"],
        services.TableTerms("french-tarot", human_seats=1),
        fixed_deal={"order": order, "dealer": 3},
    ), game


def _step(table, game, wire=None):
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        rnd = Round.objects.get(table=locked, status="playing")
        state = game.from_json(rnd.snapshot)
        seat = min(game.to_act(state))
        _apply_guarded(
            locked, seat, locked.version, wire or game.timeout_action(state, seat).to_wire(), "act"
        )


def test_it_gives_the_seat_to_act_its_legal_actions_hints_and_why_other_calls_are_refused(users, settings):
    table, game = _seeded_table(users, settings)
    _step(table, game, {"bid": "garde_contre"})  # seat 0 is forehand: Garde Contre ends the bidding
    refusals_seen = 0
    for step in range(72):
        rnd = Round.objects.filter(table=table, status="playing").first()
        if rnd is None:
            break
        state = game.from_json(rnd.snapshot)
        seat = min(game.to_act(state))
        frame = table_frame(table.pk, seat)
        assert frame["legal"] == [a.to_wire() for a in game.legal_actions(state, seat)]
        assert frame["hints"] == game.hints(state, seat)
        if step % 8 == 0:
            others = [table_frame(table.pk, s) for s in range(4) if s != seat] + [table_frame(table.pk, None)]
            assert all(f["legal"] is None and f["refusals"] is None and f["hints"] is None for f in others)
        if game.phase(state) == "play":
            plays = {a["play"] for a in frame["legal"]}
            cards = frame["refusals"].get("play", {})
            assert set(cards) == set(frame["view"]["hand"]) - plays
            for card, code in cards.items():
                with pytest.raises(RuleError) as refused:
                    game.apply(state, seat, game.parse_action({"play": card}))
                assert refused.value.code == code
            refusals_seen += len(cards)
            if sum(frame["view"]["tricks_won"]) > 0:  # the handful is offered, and refused after trick 1
                assert frame["refusals"]["handful"] == {"*": "handful_too_late"}
        _step(table, game)
    assert refusals_seen > 0


def test_it_sends_missed_event_summaries_without_cards(users, settings):
    table, game = _seeded_table(users, settings)
    start = Table.objects.get(pk=table.pk).version
    _step(table, game, {"bid": "garde_contre"})
    _step(table, game)
    frame = table_frame(table.pk, 1, since=start)
    assert [(e["kind"], e["action_kind"]) for e in frame["events"]] == [("act", "bid"), ("act", "slam")]
    assert table_frame(table.pk, 1, newer_than=frame["version"]) is None


def test_it_gives_the_match_totals_after_each_finished_deal_and_the_next_deal_time(users, fast_bots):
    from games.models import Match
    from games.services.tables import start_next_round
    from tests.tables.driving import finish_deal

    table = services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=1))
    assert table_frame(table.pk, 0)["table"]["match_rounds"] == []
    game = get_game("french-tarot")
    sheet = []
    for number in (1, 2):
        rnd = finish_deal(table.pk)
        scores = game.standings(game.from_json(rnd.snapshot))["scores"]
        sheet.append({"number": number, "scores": scores})
        frame = table_frame(table.pk, None)
        assert frame["table"]["match_rounds"] == sheet
        assert frame["table"]["next_deal_at"] is not None
        assert start_next_round(table.pk)
    assert sheet[-1]["scores"] == Match.objects.get(table=table).standings["scores"]
