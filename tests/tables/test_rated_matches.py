"""Rated tables through the table service on PostgreSQL (docs/decisions-ratings.md): every game's rated results
with their sides, winners up and losers down, bot anchors held, the leaver rule, unrated tables, and `ratings
rebuild` equal to the running values float for float."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games import services
from games.engines.core import get_game
from games.models import Round, Seat, Table
from games.services import absence
from games.services.rated_results import match_sides
from ratings.models import RatedEntrant, RatedResult, Rating
from ratings.skill import PRIOR, Entrant, Skill, rate

from .matches import person_move, playing_round

pytestmark = pytest.mark.django_db


def play(table_id: int, seed: int, *, deals: int | None = None, avoid: frozenset[str] = frozenset()) -> None:
    """Play `table_id` on through the table service: every person with a move due makes a random listed move
    (tests/tables/matches.person_move), else a due bot moves (fast_bots), else the next deal is dealt. Stops when
    the match is over, or after `deals` finished deals when given. People never choose an action of a kind in
    `avoid` (e.g. Schieber's "thanks", which ends the match)."""
    rng = random.Random(seed)
    for step in range(50_000):
        table = Table.objects.get(pk=table_id)
        finished = Round.objects.filter(table=table, status=Round.Status.DONE).count()
        if table.status != Table.Status.PLAYING or (deals is not None and finished >= deals):
            return
        rnd = playing_round(table_id)
        if rnd is None:
            assert services.start_next_round(table_id, table.version), "the next deal was not dealt"
            continue
        game = get_game(table.game)
        state = game.from_json(rnd.snapshot)
        people = {
            s.number: s.user for s in Seat.objects.filter(table=table, bot_level="", user__isnull=False)
        }
        due = [seat for seat in sorted(game.due(state)) if seat in people]
        if due:
            action = person_move(game, state, due[0], rng, avoid)
            assert action is not None
            services.act(people[due[0]], table_id, table.version, f"s{step}", action)
        else:
            assert services.bot_move(table_id, random.Random(rng.random())), "no bot was due"
    raise AssertionError("the match did not end")


def open_rated(users, game: str, options: dict, names: list[str], *, rated: bool = True) -> Table:
    """A table of `game` opened by the first of `names`, the others joining; bots of level beginner fill the rest."""
    table = services.create_table(
        users[names[0]],
        services.TableTerms(game, options, human_seats=len(names), bot_level="beginner", rated=rated),
    )
    for name in names[1:]:
        services.join(users[name], table.pk)
    return table


def assert_winners_up_losers_down(result: RatedResult) -> None:
    """Every person rated by `result`: on the first side up, on the last side down (unless all sides tie); a
    held entrant (bot anchor, others at a forfeit) unchanged."""
    rows = list(result.entrants.all())
    best, worst = min(r.place for r in rows), max(r.place for r in rows)
    for row in rows:
        if not row.moved:
            assert (row.mu_after, row.sigma_after) == (row.mu_before, row.sigma_before)
        elif best != worst and row.place == best:
            assert row.mu_after > row.mu_before, row
        elif best != worst and row.place == worst:
            assert row.mu_after < row.mu_before, row


def assert_anchors_held() -> None:
    for anchor in Rating.objects.filter(user__isnull=True):
        assert (anchor.mu, anchor.sigma, anchor.results) == (PRIOR.mu, PRIOR.sigma, 0)
    assert not RatedEntrant.objects.filter(user__isnull=True, moved=True).exists()


def assert_ratings_are_their_last_entrants() -> None:
    """Each person's rating is the `after` of their last moved entrant and counts their moved entrants."""
    for rating in Rating.objects.filter(user__isnull=False):
        moved = RatedEntrant.objects.filter(rating=rating, moved=True).order_by("result_id")
        assert rating.results == moved.count()
        last = moved.last()
        assert last is not None
        assert (rating.mu, rating.sigma) == (last.mu_after, last.sigma_after)


def test_a_french_tarot_deal_rates_the_taker_against_the_defence(users, fast_bots):
    table = open_rated(users, "french-tarot", {"match_end": "deals:4"}, ["alice", "bob"])
    play(table.pk, seed=1)
    scored = Round.objects.filter(table=table, result__status="scored")
    results = list(RatedResult.objects.filter(table=table))
    assert len(results) == scored.count() > 0
    for result in results:
        rnd = result.round
        assert result.kind == RatedResult.Kind.DEAL and rnd.result["status"] == "scored"
        sides = {row.seat: row.side for row in result.entrants.all()}
        taker = rnd.result["taker"]
        assert [seat for seat, side in sides.items() if side == sides[taker]] == [taker]
        taker_row = result.entrants.get(seat=taker)
        assert taker_row.place == (1 if rnd.result["scores"][taker] > 0 else 2)
        assert_winners_up_losers_down(result)
    assert_anchors_held()
    assert_ratings_are_their_last_entrants()


def test_a_tarock_deal_rates_the_declaring_side_and_no_redeal(users, fast_bots):
    table = open_rated(users, "tarock", {"deals": 3}, ["alice", "bob", "carol"])
    play(table.pk, seed=2)
    played = [r for r in Round.objects.filter(table=table) if r.result and "redeal" not in r.result]
    results = list(RatedResult.objects.filter(table=table))
    assert {r.round_id for r in results} == {r.pk for r in played} and len(played) == 3
    for result in results:
        rnd = result.round
        declaring = {rnd.result["declarer"], rnd.result["partner"]} - {None}
        assert {row.seat for row in result.entrants.all() if row.side == 0} == declaring
        assert_winners_up_losers_down(result)
    assert_anchors_held()
    assert_ratings_are_their_last_entrants()


def test_a_rufer_pairs_the_declarer_with_the_called_partner():
    tarock = get_game("tarock")
    rufer = {"declarer": 1, "partner": 3, "deltas": [-5, 5, -5, 5]}
    assert tarock.deal_sides(rufer) == [(1, 2), (0, 1), (1, 2), (0, 1)]
    solo = {"declarer": 2, "partner": None, "deltas": [4, 4, -12, 4]}
    assert tarock.deal_sides(solo) == [(1, 1), (1, 1), (0, 2), (1, 1)]
    assert tarock.deal_sides({"redeal": ["all_passed"]}) is None


def test_a_schieber_match_rates_pair_against_pair(users, fast_bots):
    table = open_rated(users, "jass-schieber", {"target": 1000}, ["alice", "bob"])
    assert {s.number for s in Seat.objects.filter(table=table, bot_level="")} == {0, 2}  # partners
    play(table.pk, seed=3)
    (result,) = RatedResult.objects.filter(table=table)
    assert result.kind == RatedResult.Kind.MATCH and result.round == Round.objects.filter(table=table).last()
    rows = {row.seat: row for row in result.entrants.all()}
    assert rows[0].side == rows[2].side != rows[1].side == rows[3].side
    assert rows[0].place == rows[2].place and {rows[0].place, rows[1].place} == {1, 2}
    assert rows[0].mu_after == rows[2].mu_after  # equal partners move together
    assert_winners_up_losers_down(result)
    assert_anchors_held()


@pytest.mark.parametrize(
    ("game", "options"), [("jass-differenzler", {}), ("rummy", {"players": 3, "limit": 50})]
)
def test_a_match_of_everyone_for_themselves_rates_by_final_places(users, fast_bots, game, options):
    table = open_rated(users, game, options, ["alice", "bob"])
    play(table.pk, seed=4)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    (result,) = RatedResult.objects.filter(table=table)
    final = match_sides(get_game(game).seat_groups(table.options), result.match.standings)
    assert [(row.side, row.place) for row in result.entrants.all()] == final
    assert len({row.side for row in result.entrants.all()}) == len(final)
    assert_winners_up_losers_down(result)
    assert_anchors_held()
    assert_ratings_are_their_last_entrants()


def test_a_person_against_bots_alone_moves(users, fast_bots):
    table = open_rated(users, "jass-schieber", {"target": 1000}, ["alice"])
    play(table.pk, seed=5)
    (result,) = RatedResult.objects.filter(table=table)
    alice = Rating.objects.get(user=users["alice"], game="jass-schieber")
    assert alice.results == 1 and alice.mu != PRIOR.mu
    anchor = Rating.objects.get(user=None, bot_level="beginner", game="jass-schieber")
    assert {row.rating_id for row in result.entrants.exclude(seat=0)} == {anchor.pk}  # partner and opponents
    assert_anchors_held()


def test_a_leaver_is_rated_last_and_the_others_not_for_that_match(users, fast_bots):
    table = open_rated(users, "jass-differenzler", {}, ["alice", "bob", "carol"])
    play(table.pk, seed=6, deals=1)
    services.leave(users["bob"], table.pk)
    (forfeit,) = RatedResult.objects.filter(table=table)
    assert forfeit.kind == RatedResult.Kind.FORFEIT
    rows = {row.seat: row for row in forfeit.entrants.all()}
    bob_seat = next(seat for seat, row in rows.items() if row.user_id == users["bob"].pk)
    assert rows[bob_seat].moved and rows[bob_seat].place == 4 and rows[bob_seat].mu_after < PRIOR.mu
    assert not any(row.moved for seat, row in rows.items() if seat != bob_seat)
    # the others each in a place of their own: leaving costs what a fourth place costs, not a fraction of it
    assert sorted(row.place for row in rows.values()) == [1, 2, 3, 4]
    before = {seat: Skill(row.mu_before, row.sigma_before) for seat, row in rows.items()}
    others_tied = rate(
        [Entrant(before[s], rows[s].side, 4 if s == bob_seat else 1, s == bob_seat) for s in range(4)]
    )
    assert (
        rows[bob_seat].mu_after < others_tied[bob_seat].mu
    )  # the old rule cost a fraction of a fourth place
    play(table.pk, seed=7)  # the bot standing in finishes the deal; the seat waits for a person
    services.join(users["dave"], table.pk)
    play(table.pk, seed=8)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert list(RatedResult.objects.filter(table=table)) == [forfeit]  # the finished match rates nobody
    for name in ("alice", "carol", "dave"):
        assert not Rating.objects.filter(user=users[name], results__gt=0).exists()
    assert Rating.objects.get(user=users["bob"]).results == 1
    assert_anchors_held()


def test_a_schieber_leaver_loses_with_their_pair(users, fast_bots):
    table = open_rated(users, "jass-schieber", {"target": 3000, "multipliers": "none"}, ["alice", "bob"])
    play(table.pk, seed=9, deals=1, avoid=frozenset({"thanks"}))  # one deal of a match to 3000
    services.leave(users["alice"], table.pk)
    (forfeit,) = RatedResult.objects.filter(table=table)
    assert forfeit.kind == RatedResult.Kind.FORFEIT
    rows = {row.seat: row for row in forfeit.entrants.all()}
    assert [(rows[s].side, rows[s].place) for s in range(4)] == [(0, 2), (1, 1), (0, 2), (1, 1)]
    assert [rows[s].moved for s in range(4)] == [True, False, False, False]
    assert rows[0].mu_after < rows[0].mu_before and rows[2].mu_after == rows[2].mu_before


def test_an_absence_that_gives_up_a_rated_stakes_seat_between_deals_is_a_leave(users, fast_bots):
    table = services.create_table(
        users["alice"],
        services.TableTerms(
            "french-tarot", {"match_end": "deals:3"}, human_seats=2, bot_level="beginner", stake=1, rated=True
        ),
    )
    services.join(users["bob"], table.pk)
    play(table.pk, seed=15, deals=1)
    before = RatedResult.objects.filter(table=table).count()
    Seat.objects.filter(table=table, number=0).update(away_since=timezone.now() - timedelta(hours=1))
    assert absence.take_over(table.pk, 0)  # between deals at a stakes table the seat is freed at once
    forfeit = RatedResult.objects.get(table=table, kind=RatedResult.Kind.FORFEIT)
    assert RatedResult.objects.filter(table=table).count() == before + 1
    alice = forfeit.entrants.get(seat=0)
    assert alice.user_id == users["alice"].pk and alice.moved and alice.place == 4
    assert not forfeit.entrants.exclude(seat=0).filter(moved=True).exists()


def test_the_leave_dialog_of_a_rated_table_states_the_leaver_rule(users):
    """The Leave dialog (templates/games/table.html, opened while a deal runs) says what leaving does to the
    rating, in the player's language; an unrated table's says nothing of it."""
    rated = open_rated(users, "french-tarot", {"match_end": "deals:4"}, ["alice", "bob"])
    free = open_rated(users, "french-tarot", {"match_end": "deals:4"}, ["carol"], rated=False)
    client = Client()
    client.force_login(users["alice"])
    page = client.get(reverse("table", args=[rated.pk])).content.decode()
    assert '<p id="leave-dialog-rated">Whoever leaves a rated match before its end is rated last' in page
    client.force_login(users["carol"])
    assert "leave-dialog-rated" not in client.get(reverse("table", args=[free.pk])).content.decode()
    users["alice"].profile.language = "de"
    users["alice"].profile.save()
    client.force_login(users["alice"])
    german = client.get(reverse("table", args=[rated.pk])).content.decode()
    assert '<p id="leave-dialog-rated">Wer eine gewertete Partie vor ihrem Ende' in german


def test_an_unrated_table_gives_no_results(users, fast_bots):
    table = open_rated(users, "french-tarot", {"match_end": "deals:2"}, ["alice", "bob"], rated=False)
    play(table.pk, seed=10)
    services.leave(users["alice"], table.pk)
    assert not RatedResult.objects.exists() and not Rating.objects.exists()


def test_a_rated_table_needs_a_match_that_ends(users):
    for game, options in (("french-tarot", {"match_end": "open"}), ("tarock", {"deals": 0})):
        with pytest.raises(services.ServiceError) as refused:
            services.create_table(users["alice"], services.TableTerms(game, options, rated=True))
        assert refused.value.code == "bad_request"
    assert not Table.objects.exists()


def test_rebuild_gives_exactly_the_running_values(users, fast_bots):
    open_tables = [
        (open_rated(users, "french-tarot", {"match_end": "deals:3"}, ["alice", "bob"]), 11),
        (open_rated(users, "jass-schieber", {"target": 1000}, ["carol", "dave"]), 12),
        (open_rated(users, "french-tarot", {"match_end": "deals:2"}, ["alice", "carol", "dave"]), 13),
    ]
    for table, seed in open_tables:
        play(table.pk, seed=seed)
    leaving = open_rated(users, "french-tarot", {"match_end": "deals:3"}, ["bob", "dave"])
    play(leaving.pk, seed=14, deals=1)
    services.leave(users["dave"], leaving.pk)
    running = {r.pk: (r.mu, r.sigma, r.results) for r in Rating.objects.all()}
    history = list(RatedEntrant.objects.values_list("mu_before", "sigma_before", "mu_after", "sigma_after"))
    assert RatedResult.objects.filter(kind=RatedResult.Kind.FORFEIT).count() == 1
    Rating.objects.filter(user__isnull=False).update(mu=30.0, sigma=1.0, results=99)  # lost or corrupted
    RatedEntrant.objects.filter(user=users["alice"]).update(mu_after=0.0)

    call_command("ratings", "rebuild")

    assert {r.pk: (r.mu, r.sigma, r.results) for r in Rating.objects.all()} == running
    assert history == list(
        RatedEntrant.objects.values_list("mu_before", "sigma_before", "mu_after", "sigma_after")
    )
    call_command("ratings", "rebuild")  # over consistent rows, a rebuild changes nothing
    assert {r.pk: (r.mu, r.sigma, r.results) for r in Rating.objects.all()} == running


def _dialog(user, game: str, rated: bool, **options) -> HttpResponse:
    client = Client()
    client.force_login(user)
    fields = {"bot_level": "beginner", "human_seats": 1, "stake": "0", "access": "public", "turn_seconds": 30}
    return client.post(
        reverse("new_table"),
        {
            "game": game,
            **fields,
            **({"rated": "on"} if rated else {}),
            **{f"{game}__{k}": v for k, v in options.items()},
        },
    )


def test_the_dialog_opens_a_rated_table(users):
    answer = _dialog(users["alice"], "french-tarot", True, profile="fft", match_end="deals:4")
    assert answer.status_code == 302
    assert Table.objects.get().rated
    _dialog(users["bob"], "french-tarot", False, profile="fft", match_end="open")
    assert Table.objects.filter(rated=False).count() == 1


def test_the_dialog_refuses_rated_with_an_open_match_in_the_players_language(users):
    Profile.objects.filter(user=users["alice"]).update(language="de")
    answer = _dialog(users["alice"], "french-tarot", True, profile="fft", match_end="open")
    assert answer.status_code == 400 and not Table.objects.exists()
    # under the match's end, where the player chooses it (the dialog's fields of French Tarot's options)
    field = re.search(
        r'<label class="field field-french-tarot__match_end">.*?</label>', answer.content.decode(), re.DOTALL
    )
    assert field and "Ein gewerteter Tisch braucht eine Partie, die endet" in field.group(0)


@pytest.mark.parametrize(
    ("language", "label", "rule"),
    [
        ("en", "Rated", "is rated last (in teams, their side loses)"),
        ("de", "Gewertet", "wird als Letzter gewertet (im Team verliert seine Seite)"),
        ("fr", "Classée", "est classé dernier (en équipe, son camp perd)"),
        ("nl", "Telt voor de rating", "eindigt als laatste (in teams verliest zijn kant)"),
        ("pt", "Conta para a classificação", "fica em último (em equipas, o seu lado perde)"),
    ],
)
def test_the_dialog_shows_rated_with_the_leaver_rule_in_the_players_language(users, language, label, rule):
    Profile.objects.filter(user=users["alice"]).update(language=language)
    client = Client()
    client.force_login(users["alice"])
    page = client.get(reverse("lobby")).content.decode()
    field = re.search(r'<label class="field field-rated">.*?</label>', page, re.DOTALL)
    assert field and label in field.group(0) and 'type="checkbox"' in field.group(0)
    leaver = re.search(r'<p class="leaver-rule" id="leaver-rule">.*?</p>', page, re.DOTALL)
    assert leaver and rule in leaver.group(0)  # under Rated, shown while it is ticked (static/js/lobby.js)
