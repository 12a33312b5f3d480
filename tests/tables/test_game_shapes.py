"""Every shape the rules files describe, through the table service (docs/decisions-tables.md): optional calls
beside a due move (Schieber's "Enough, thanks", Rummy's knock), several due moves at once (Differenzler's secret
predictions), Rummy seats out of the match at a stakes table, and a settlement unit that is a whole match (Jass)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.engines.core import get_game
from games.engines.jass.state import PLAY
from games.engines.rummy.actions import Knock
from games.models import Event, Round, Seat, Table
from games.reads import projection
from games.services import seating
from games.services.bot_accounts import bot_user
from ledger import services as ledger
from ledger.models import Account, SettlementUnit, Transaction, UnitStatus
from ledger.reports import reconcile

from .driving import expire_deadlines
from .matches import playing_round, step

pytestmark = pytest.mark.django_db


def _state(table_id):
    rnd = playing_round(table_id)
    game = get_game(Table.objects.get(pk=table_id).game)
    return rnd, game, (None if rnd is None else game.from_json(rnd.snapshot))


def test_a_schieber_table_moves_on_after_a_trick_won_by_seat_3(users, fast_bots, caplog):
    """When seat 3 wins a trick, to_act is {1, 3}: seat 1 may only say "Enough, thanks"; the bot, the deadline
    and the timeout all belong to seat 3, and the table moves on (it froze when they went to seat 1)."""
    table = services.create_table(
        users["alice"], services.TableTerms("jass-schieber", {"target": 1000}, human_seats=1)
    )
    rng = random.Random(13)
    windows = {"bot": 0, "timeout": 0}
    for _ in range(600):
        rnd, game, state = _state(table.pk)
        if state is not None and state.phase == PLAY and state.thanks_window and state.to_play() == 3:
            assert game.to_act(state) == {1, 3}
            assert game.due(state) == {3}
            assert set(rnd.deadlines) == {"3"}
            version = Table.objects.get(pk=table.pk).version
            how = "timeout" if windows["bot"] > windows["timeout"] else "bot"
            if how == "bot":
                assert services.bot_move(table.pk, random.Random(version))
            else:
                expire_deadlines(table.pk)
                assert services.apply_timeout(table.pk, version)
            moved = Event.objects.get(table=table, version=version + 1)
            assert (moved.seat, moved.kind) in {(3, "act" if how == "bot" else "timeout"), (1, "act")}
            if moved.seat == 1:
                assert moved.data["action"] == {"thanks": True}
            windows[how] += 1
            if windows["timeout"] >= 2:
                break
            continue
        if step(table.pk, users["alice"], rng, timeouts=0, avoid=frozenset({"thanks"})) == "over":
            break
    assert windows["bot"] >= 1 and windows["timeout"] >= 1, windows
    assert "refused" not in caplog.text


KLOPPEN_DEAL_SEED = 1


def test_a_kloppen_rummy_table_gives_every_seat_its_turn(users, fast_bots, settings):
    """With kloppen on, a bot knocks only when it wants to (rules §5.8: it asked `wants_to_knock`), declines
    otherwise, and every seat has turns; a turn is lost only to a knock (the bots knocked at every turn of the
    others, so the person and seat 3 never made a move). The deal and the bots' draws are seeded: a deal from
    the CSPRNG now and then ended before the person's first turn (a legal, short deal; a CI run failed with turns
    {0: 0, 1: 1, 2: 1, 3: 1}), which failed the test at random. Seeds 1 to 33 all pass."""
    settings.KIBITZ_ALLOW_FIXED_DEALS = True
    options = {"players": 4, "kloppen": True}
    order = get_game("rummy").shuffle_deck(random.Random(KLOPPEN_DEAL_SEED), options)
    table = services.create_table(
        users["alice"],
        services.TableTerms("rummy", options, human_seats=1, bot_level="standard"),
        fixed_deal={"order": order, "dealer": 3, "bot_seed": f"kloppen-{KLOPPEN_DEAL_SEED}"},
    )
    rng = random.Random(58)
    for _ in range(2000):
        if playing_round(table.pk) is None:
            break
        # The person never knocks: a person knocking at random skips the seats before it as §5.8 says, which can
        # leave seat 3 without a turn in a short deal; the blocker was the bots' knocks.
        step(table.pk, users["alice"], rng, timeouts=0, avoid=frozenset({"knock"}))
    rnd = Round.objects.get(table=table, number=1)
    assert rnd.status == Round.Status.DONE
    game = get_game("rummy")
    bot = game.bot("standard")
    bots = set(Seat.objects.filter(table=table).exclude(bot_level="").values_list("number", flat=True))
    state = game.new_round(rnd.options, rnd.deal, rnd.dealer, rnd.start)
    turns = dict.fromkeys(range(4), 0)
    knocks = declined = 0
    for entry in rnd.actions:
        seat, action = entry["seat"], game.parse_action(entry["action"])
        for klopper in (game.to_act(state) - game.due(state)) & bots:
            wanted = bot.wants_to_knock(
                game.view(state, klopper), klopper, game.legal_actions(state, klopper)
            )
            if klopper == seat:
                assert wanted, "a bot knocked without wanting to"
            else:
                declined += not wanted
        before = state.current
        state = game.apply(state, seat, action)
        if isinstance(action, Knock):
            knocks += 1
            turns[seat] += 1
            skipped, s = [], before
            while (
                s != seat
            ):  # rules §5.8: seats from the old current seat up to the one before K lose the turn
                skipped.append(s)
                s = state.next_seat(s)
            assert before in skipped
        elif entry["action"].get("draw"):
            turns[seat] += 1
            assert seat == before
    assert all(n > 0 for n in turns.values()), turns
    assert declined > 0
    assert knocks < sum(turns.values()) / 2, (knocks, turns)


def _commission_by_hand(payments, stake, limit, seats):
    """docs/rules/settlement.md steps 1-5 written out: money per payment capped at the limit, Δ per seat, T, V
    (half up), rate of the default schedule, c (half up), C = min(T, c × seated players)."""
    delta: dict[int, int] = {}
    for payer, payee, units in payments:
        money = min(units * stake, limit)
        delta[payer] = delta.get(payer, 0) - money
        delta[payee] = delta.get(payee, 0) + money
    won = sum(d for d in delta.values() if d > 0)
    if won == 0:
        return 0
    count = max(sum(d > 0 for d in delta.values()), sum(d < 0 for d in delta.values()))
    value = (2 * won + count) // (2 * count)
    rate = 1000 if value < 100 else 900 if value < 500 else 800 if value < 2000 else 700
    per_player = (2 * rate * value + 10_000) // 20_000
    return min(won, per_player * seats)


@pytest.mark.usefixtures("postgres")
def test_a_rummy_stakes_deal_after_an_elimination_reserves_and_charges_only_the_seats_still_in(
    users, fast_bots
):
    """A seat out of the match is not dealt in, cannot act, is not reserved, is not among the commission's seated
    players and every view shows it as out; the match goes on with the others (a deal charged 1.84 where
    docs/rules/settlement.md gives 1.38)."""
    stake = 10
    checked = 0
    for attempt in range(6):
        table = services.create_table(
            users["alice"],
            services.TableTerms("rummy", {"players": 4, "limit": 50}, human_seats=1, stake=stake),
        )
        rng = random.Random(attempt)
        for _ in range(4000):
            if step(table.pk, users["alice"], rng, timeouts=0) == "over" or _scored_after_elimination(table):
                break
        checked += _check_deals_after_elimination(table, stake)
        if checked:
            break
    assert checked, "no scored deal was dealt after an elimination"
    assert reconcile().ok


def _dealt(rnd: Round) -> list[int]:
    return [s for s, hand in enumerate(rnd.deal["hands"]) if hand is not None]


def _scored_after_elimination(table: Table) -> bool:
    return any(
        len(_dealt(rnd)) < 4 and not rnd.result.get("void")
        for rnd in Round.objects.filter(table=table, status=Round.Status.DONE)
    )


def _check_deals_after_elimination(table: Table, stake: int) -> int:
    """Check every scored deal of the table that some seat was not dealt into; returns how many."""
    wallets = {s.number: ledger.wallet_for(s.user, is_bot=s.is_bot) for s in Seat.objects.filter(table=table)}
    game = get_game("rummy")
    count = 0
    for rnd in Round.objects.filter(table=table, status=Round.Status.DONE).order_by("number"):
        dealt = _dealt(rnd)
        if len(dealt) == 4 or rnd.result.get("void"):
            continue
        out = [n for n in range(4) if n not in dealt]
        assert {a["seat"] for a in rnd.actions} <= set(dealt)
        state = game.from_json(rnd.snapshot)
        assert game.dealt_in(state) == set(dealt)
        for viewer in (None, *range(4)):
            view = game.view(state, viewer)
            assert all(view["eliminated"][n] and view["hand_sizes"][n] is None for n in out)
        unit = SettlementUnit.objects.get(unit_id=f"round:{rnd.pk}")
        assert unit.status == UnitStatus.SETTLED
        assert [s.account_id for s in unit.seat_set.order_by("seat")] == [wallets[n].pk for n in dealt]
        assert unit.seats == len(dealt)
        for n in out:
            assert not Transaction.objects.filter(
                key__startswith=f"reserve:round:{rnd.pk}:", postings__account=wallets[n]
            ).exists()
        by_hand = _commission_by_hand(rnd.result["payments"], stake, table.limit, len(dealt))
        assert unit.commission == by_hand, (rnd.result["payments"], unit.commission, by_hand)
        print(f"deal {rnd.number}: dealt in {dealt}, payments {rnd.result['payments']}, C={unit.commission}")
        count += 1
    last = Round.objects.filter(table=table).order_by("-number").first()
    frame = projection.table_frame(table.pk, None)
    assert [s["dealt_in"] for s in frame["table"]["seats"]] == [n in _dealt(last) for n in range(4)]
    return count


def test_differenzler_secret_predictions_have_deadlines_that_run_at_once(users, fast_bots):
    """Every seat still to predict has its own deadline, all running from the deal; one seat's prediction
    leaves the others' deadlines as they were, and each times out on its own."""
    table = services.create_table(
        users["alice"], services.TableTerms("jass-differenzler", {"predictions": "secret"}, human_seats=2)
    )
    services.join(users["bob"], table.pk)
    rnd, game, state = _state(table.pk)
    assert game.due(state) == {0, 1, 2, 3}
    assert set(rnd.deadlines) == {"0", "1", "2", "3"} and len(set(rnd.deadlines.values())) == 1
    bob_deadline = rnd.deadlines["1"]
    services.act(users["alice"], table.pk, Table.objects.get(pk=table.pk).version, "p", {"predict": 40})
    rnd.refresh_from_db()
    assert set(rnd.deadlines) == {"1", "2", "3"} and rnd.deadlines["1"] == bob_deadline
    past = (timezone.now() - timedelta(seconds=1)).isoformat()
    Round.objects.filter(pk=rnd.pk).update(
        deadlines={**rnd.deadlines, "1": past}, deadline=timezone.now() - timedelta(seconds=1)
    )
    assert services.apply_timeout(table.pk, Table.objects.get(pk=table.pk).version)
    rnd.refresh_from_db()
    timeouts = list(Event.objects.filter(table=table, kind="timeout").values_list("seat", "data"))
    assert timeouts == [(1, {"action": {"predict": 39}})]
    assert set(rnd.deadlines) == {"2", "3"}
    frame = projection.table_frame(table.pk, 0)
    assert frame["table"]["round"]["deadlines"] == rnd.deadlines


@pytest.mark.usefixtures("postgres")
def test_a_jass_stakes_match_settles_once_as_one_unit_through_a_real_table(users, fast_bots):
    """Schieber's settlement unit is the whole match (docs/rules/jass.md §9): reserved once at the first deal,
    booked exactly once when the match ends, escrow back to zero and Σ balances = 0."""
    table = services.create_table(
        users["alice"],
        services.TableTerms("jass-schieber", {"target": 1000}, human_seats=1, stake=25, bot_level="beginner"),
    )
    rng = random.Random(9)
    for _ in range(3000):
        if step(table.pk, users["alice"], rng, avoid=frozenset({"thanks"})) == "over":
            break
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    rounds = list(Round.objects.filter(table=table))
    assert len(rounds) > 1
    unit_id = f"match:{rounds[0].match_id}"
    unit = SettlementUnit.objects.get(unit_id=unit_id)
    assert unit.status == UnitStatus.SETTLED and unit.seats == 4
    assert SettlementUnit.objects.filter(table_key=f"table:{table.pk}").count() == 1
    assert Transaction.objects.filter(key__startswith=f"reserve:{unit_id}:").count() == 4
    assert Transaction.objects.filter(key=f"settle:{unit_id}").count() == 1
    assert ledger.escrow_for(f"table:{table.pk}").balance == 0
    assert sum(Account.objects.values_list("balance", flat=True)) == 0
    assert reconcile().ok


def test_a_bot_takes_a_seat_through_one_function(users):
    table = services.create_table(users["alice"], services.TableTerms("test-follow", human_seats=1))
    seat = Seat.objects.get(table=table, number=0)
    with pytest.raises(ValueError):
        seating.bot_takes_seat(table, seat, "bored")  # type: ignore[arg-type]
    seating.bot_takes_seat(table, seat, "left")
    seat.refresh_from_db()
    assert (seat.bot_level, seat.free_after_unit, seat.user.username) == (
        table.bot_level,
        True,
        bot_user(table.bot_level, 0).username,
    )
    seating.bot_takes_seat(table, seat, "kicked")
    seat.refresh_from_db()
    assert seat.free_after_unit is False
