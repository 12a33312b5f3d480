"""The table service on whatever database is configured (SQLite locally, PostgreSQL in CI)."""

from __future__ import annotations

import pytest

from games import services
from games.engines.core import get_game
from games.engines.core.commitment import deck_hash
from games.engines.core.errors import IllegalAction, InvalidAction
from games.engines.core.replay import replay
from games.errors import ServiceError
from games.models import Event, Move, Round, Seat, Table
from games.services.sweeper import sweep_once

from .driving import expire_deadlines

pytestmark = pytest.mark.django_db


def _two_humans(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 1}, human_seats=2)
    )
    services.join(users["bob"], table.pk)
    table.refresh_from_db()
    return table


def _state(table):
    rnd = Round.objects.get(table=table, status=Round.Status.PLAYING)
    game = get_game(table.game)
    return rnd, game, game.from_json(rnd.snapshot)


def _seat_user(table, users, seat):
    row = Seat.objects.get(table=table, number=seat)
    return row.user


def _play_to_the_end(table, person, choose, steps):
    """Play seat 0 as `person` with `choose(game, state)` and let the sweeper move the bots, until the table is
    finished (at most `steps` steps)."""
    game = get_game(table.game)
    for _ in range(steps):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            break
        rnd = Round.objects.filter(table=table, status=Round.Status.PLAYING).first()
        if rnd is not None:
            state = game.from_json(rnd.snapshot)
            if 0 in game.to_act(state):
                action = choose(game, state).to_wire()
                services.act(person, table.pk, table.version, f"a{table.version}", action)
                continue
        sweep_once()
    assert table.status == Table.Status.FINISHED


def test_it_starts_at_once_against_bots_with_a_committed_deal(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=1))
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    rnd = Round.objects.get(table=table)
    assert rnd.deck_hash == deck_hash(rnd.salt, rnd.order)
    assert len(rnd.salt) == 32
    assert [s.is_bot for s in table.seats.all()] == [False, True, True, True]
    kinds = list(Event.objects.filter(table=table).values_list("kind", flat=True))
    assert kinds == ["created", "start", "deal"]
    assert table.version == 3


def test_it_waits_for_human_seats_then_starts(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=3))
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    assert services.join(users["bob"], table.pk) == 1
    assert services.join(users["bob"], table.pk) == 1  # already seated: same seat, no new event
    services.join(users["carol"], table.pk)
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
    with pytest.raises(ServiceError) as refused:
        services.join(users["dave"], table.pk)
    assert refused.value.code == "not_open"


def _four_humans(users):
    table = services.create_table(
        users["alice"], services.TableTerms("test-follow", {"rounds": 1}, human_seats=4)
    )
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    table.refresh_from_db()
    return table


def test_it_applies_a_move_once_and_refuses_stale_repeated_and_out_of_turn(users):
    table = _four_humans(users)
    rnd, game, state = _state(table)
    seat = min(game.to_act(state))
    mover = _seat_user(table, users, seat)
    idle = _seat_user(table, users, (seat + 2) % 4)  # seat + 1 is next to play
    card = game.legal_actions(state, seat)[0].to_wire()
    answer = services.act(mover, table.pk, table.version, "m1", card)
    assert answer == {"type": "ack", "id": "m1", "version": table.version + 1}
    assert services.act(mover, table.pk, table.version, "m1", card) == answer
    assert Move.objects.filter(table=table).count() == 1
    with pytest.raises(ServiceError) as stale:
        services.act(mover, table.pk, table.version, "m2", card)
    assert stale.value.code == "stale_version"
    table.refresh_from_db()
    with pytest.raises(IllegalAction) as out_of_turn:
        services.act(idle, table.pk, table.version, "m3", card)
    assert out_of_turn.value.code == "not_your_turn"


def test_it_refuses_illegal_and_malformed_actions_without_change(users, fast_bots):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=1))
    while True:
        table.refresh_from_db()
        rnd, game, state = _state(table)
        if 0 in game.to_act(state):
            break
        assert services.bot_move(table.pk)
    version = table.version
    with pytest.raises(InvalidAction):
        services.act(users["alice"], table.pk, version, "x", {"play": "ZZ"})
    held = set(state.hands[0])
    other = next(c for c in ("AS", "KS", "QS", "JS", "AH", "KH") if c not in held)
    with pytest.raises(IllegalAction) as refused:
        services.act(users["alice"], table.pk, version, "y", {"play": other})
    assert refused.value.code == "not_in_hand"
    assert Table.objects.get(pk=table.pk).version == version
    assert not Move.objects.filter(table=table).exists()


def test_it_times_out_once_through_the_guarded_path(users):
    table = _two_humans(users)
    rnd, game, state = _state(table)
    Round.objects.filter(pk=rnd.pk).update(bot_due_at=None)
    expire_deadlines(table.pk)
    version = Table.objects.get(pk=table.pk).version
    assert services.apply_timeout(table.pk, version) is True
    assert services.apply_timeout(table.pk, version) is False
    assert Event.objects.filter(table=table, kind="timeout").count() == 1


def test_it_plays_a_whole_match_with_bots_through_the_sweeper(users, fast_bots):
    alice = users["alice"]
    table = services.create_table(alice, services.TableTerms("test-follow", {"rounds": 2}, human_seats=1))
    _play_to_the_end(table, alice, lambda game, state: game.legal_actions(state, 0)[0], steps=200)
    rounds = list(Round.objects.filter(table=table).order_by("number"))
    assert [r.status for r in rounds] == ["done", "done"]
    for r in rounds:
        assert r.result is not None and r.settlement == r.result["payments"]
        game = get_game(table.game)
        replayed = replay(game, r.options, r.deal, r.dealer, r.actions, r.start)
        assert game.to_json(replayed) == r.snapshot
    versions = list(Event.objects.filter(table=table).values_list("version", flat=True))
    assert versions == list(range(1, len(versions) + 1))


def test_it_fixes_the_next_deal_only_when_allowed(users, settings):
    table = _two_humans(users)
    settings.KIBITZ_ALLOW_FIXED_DEALS = False
    with pytest.raises(ServiceError):
        services.fix_next_deal(table, ["AS"])
    assert Table.objects.get(pk=table.pk).fixed_next_deal is None


def test_it_plays_french_tarot_deals_with_bots_through_the_sweeper(users, fast_bots):
    alice = users["alice"]
    table = services.create_table(
        alice,
        services.TableTerms("french-tarot", {"match_end": "deals:1"}, human_seats=1, bot_level="beginner"),
    )
    _play_to_the_end(table, alice, lambda game, state: game.timeout_action(state, 0), steps=400)
    scored = Round.objects.filter(table=table, status=Round.Status.DONE, result__status="scored").get()
    assert sorted(p[0] for p in scored.settlement) == sorted(p[0] for p in scored.result["payments"])
    assert sum(scored.result["scores"]) == 0


def test_it_shows_a_memory_bot_every_view_its_seat_had_this_deal(users, fast_bots, monkeypatch):
    from games.engines.french_tarot.bots import ExpertBot
    from games.services import play

    seen: list[tuple[int, int]] = []
    original = ExpertBot.observe

    def spy(self, view, seat):
        seen.append((seat, len(view.get("hand") or [])))
        return original(self, view, seat)

    monkeypatch.setattr(ExpertBot, "observe", spy)
    alice = users["alice"]
    table = services.create_table(
        alice,
        services.TableTerms("french-tarot", {"match_end": "deals:1"}, human_seats=1, bot_level="expert"),
    )
    game = get_game("french-tarot")
    for _ in range(400):
        table.refresh_from_db()
        rnd = Round.objects.filter(table=table, status=Round.Status.PLAYING).first()
        if table.status == Table.Status.FINISHED:
            break
        if rnd is None:  # between deals (a petit sec redeal): the sweeper deals the next one
            sweep_once()
            continue
        state = game.from_json(rnd.snapshot)
        if game.phase(state) == "play" and len(rnd.actions) > 12 and 0 not in game.to_act(state):
            seen.clear()
            bot_seat = min(game.to_act(state))
            assert play.bot_move(table.pk)
            # one view after the deal and after each logged action, all of the bot's own seat
            assert len(seen) >= len(rnd.actions) + 1
            assert {seat for seat, _ in seen} == {bot_seat}
            return
        if 0 in game.to_act(state):
            # alice bids a garde whenever she may, so the deal cannot be annulled by four passes
            wires = [a.to_wire() for a in game.legal_actions(state, 0)]
            move = {"bid": "garde"} if {"bid": "garde"} in wires else game.timeout_action(state, 0).to_wire()
            services.act(alice, table.pk, table.version, f"a{table.version}", move)
            continue
        sweep_once()
    raise AssertionError("never reached a bot's card play")
