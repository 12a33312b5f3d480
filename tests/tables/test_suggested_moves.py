"""Suggest a move (docs/decisions-tables.md "Suggest a move") below the socket: the suggestion is the standard bot's
choice from the asking seat's own view, through the path the table's bots move by (games.engines.core.seat_choice),
legal, and blind to every card the seat may not see; the table terms allow it only without stakes (form, service and a
forged POST); and the read model refuses what the socket will refuse."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from games import services
from games.engines.core import Game, get_game
from games.errors import ServiceError
from games.forms import NewTableForm
from games.models import Round, Table
from games.reads.suggestion import SUGGESTION_LEVEL, SuggestionAsk, suggested_action, suggestion_ask
from games.reads.table_terms import TableTerms, suggestions_allowed, terms_of
from tests.volume import seeded

GAMES = ["french-tarot", "tarock", "jass-schieber", "jass-differenzler", "rummy"]
STEPS = 40  # moves of each deal at which a suggestion is asked (or the deal's end, if sooner)
WANTED, MAX_DEALS = 40, 20  # suggestions checked per game, over at most this many deals
SECRET_PILES = ("dog", "talon", "stock")


def _round_log(options: Any, deal: Any, dealer: int, actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"options": options, "deal": deal, "dealer": dealer, "start": None, "actions": list(actions)}


def _ask(game: Game[Any], state: Any, seat: int, log: dict[str, Any], seed: str) -> SuggestionAsk:
    return SuggestionAsk(game.key, seat, 0, game.to_json(state), log, seed)


def _hidden_swap(
    game: Game[Any], state: Any, seat: int, rng: random.Random
) -> tuple[Any, int] | tuple[None, int]:
    """`state` with cards that `seat` may not see changed places: one card between every two other seats' hands
    (in turn), and one between a secret pile (the dog, talon or stock, at the top level or under `deal`) and
    another seat's hand. Cards that are public now stay put. Returns (the new state or None, swaps made)."""
    data = game.to_json(state)
    public = game.public_cards(state)
    hands = data["hands"]
    others = [s for s, hand in enumerate(hands) if s != seat and hand]

    def secret(cards: list[Any]) -> list[int]:
        return [i for i, c in enumerate(cards) if isinstance(c, str) and c not in public]

    swaps = 0
    for a, b in zip(others, others[1:], strict=False):
        left, right = secret(hands[a]), secret(hands[b])
        if left and right:
            i, j = rng.choice(left), rng.choice(right)
            if hands[a][i] != hands[b][j]:
                hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
                swaps += 1
    for where in (data, data.get("deal") if isinstance(data.get("deal"), dict) else {}):
        for name in SECRET_PILES:
            pile = where.get(name)
            if not isinstance(pile, list) or not others:
                continue
            holder = rng.choice(others)
            inside, held = secret(pile), secret(hands[holder])
            if inside and held:
                i, j = rng.choice(inside), rng.choice(held)
                if pile[i] != hands[holder][j]:
                    pile[i], hands[holder][j] = hands[holder][j], pile[i]
                    swaps += 1
    return (game.from_json(data), swaps) if swaps else (None, 0)


@pytest.mark.parametrize("key", GAMES)
def test_the_suggestion_is_the_standard_bots_legal_choice_and_ignores_hidden_cards(key):
    game = get_game(key)
    rng = random.Random(seeded(f"suggest-{key}"))
    checked = blind = deal_number = 0
    while checked < WANTED and deal_number < MAX_DEALS:  # a deal everybody passed ends after its bidding
        deal_number += 1
        options = game.normalize_options({})
        deal = game.deal_cards(rng, deal_number % game.seat_count(options), options)
        dealer = deal_number % game.seat_count(options)
        state = game.new_round(options, deal, dealer)
        actions: list[dict[str, Any]] = []
        beginner = game.bot("beginner")
        for step in range(STEPS):
            due = sorted(game.due(state))
            if not due:
                break
            seat = due[0]
            log = _round_log(options, deal, dealer, actions)
            seed = f"{key}:{deal_number}:{step}"
            wire = suggested_action(_ask(game, state, seat, log, seed))
            legal = game.legal_actions(state, seat)
            expected = game.bot(SUGGESTION_LEVEL).choose(
                game.view(state, seat), seat, legal, random.Random(seed)
            )
            assert expected is not None and wire == expected.to_wire(), (step, wire, expected)
            action = game.parse_action(wire)
            listed = [a.to_wire() for a in legal]
            kinds = {kind for a in listed for kind in a}
            if set(wire) & kinds:  # a kind the engine lists (melds, Weis, discards... are too many to list)
                assert wire in listed
            game.apply(state, seat, action)  # legal now: the engine raises otherwise
            checked += 1
            other, swaps = _hidden_swap(game, state, seat, random.Random(seed))
            if other is not None:
                assert game.to_json(other) != game.to_json(state) and swaps
                assert game.view(other, seat) == game.view(state, seat), "the swap touched what the seat sees"
                assert suggested_action(_ask(game, other, seat, log, seed)) == wire
                blind += 1
            # the deal goes on by the beginner bot, so the suggestions are asked in ever other situations
            move = beginner.choose(game.view(state, seat), seat, legal, rng) or game.timeout_action(
                state, seat
            )
            state = game.apply(state, seat, move)
            actions.append({"seat": seat, "action": move.to_wire()})
    assert checked >= WANTED and blind >= checked // 2, (checked, blind)


def test_the_suggestion_follows_the_seats_own_cards():
    """Not blind to everything: the seat's own hand decides (six hands, asked for a Differenzler prediction, are not
    all answered alike)."""
    game = get_game("jass-differenzler")
    answers = set()
    for n in range(6):
        rng = random.Random(seeded(f"own-cards-{n}"))
        options = game.normalize_options({})
        deal = game.deal_cards(rng, 0, options)
        state = game.new_round(options, deal, 0)
        seat = min(game.due(state))
        answers.add(str(suggested_action(_ask(game, state, seat, _round_log(options, deal, 0, []), "same"))))
    assert len(answers) > 1


# The table terms: suggestions only without stakes and unrated.

TERMS = {"bot_level": "standard", "human_seats": 1, "access": "public", "turn_seconds": 30}
TAROT = {"french-tarot__profile": "fft", "french-tarot__match_end": "deals:8"}


def test_only_an_unrated_table_without_stakes_allows_suggestions():
    assert suggestions_allowed(TableTerms("rummy", suggestions=True))
    assert not suggestions_allowed(TableTerms("rummy", stake=10, suggestions=True))
    assert not suggestions_allowed(TableTerms("rummy", rated=True, suggestions=True))


def test_the_form_gives_a_field_error_for_suggestions_at_a_stakes_table_in_the_players_language(users):
    form = NewTableForm({"game": "french-tarot", **TERMS, **TAROT, "stake": "0.10", "suggestions": "on"})
    assert not form.is_valid() and "suggestions" in form.errors
    free = NewTableForm({"game": "french-tarot", **TERMS, **TAROT, "stake": "0", "suggestions": "on"})
    assert free.is_valid(), free.errors
    assert free.terms().suggestions
    rated = NewTableForm(
        {"game": "french-tarot", **TERMS, **TAROT, "stake": "0", "suggestions": "on", "rated": "on"}
    )
    assert not rated.is_valid() and list(rated.errors) == ["suggestions"]
    Profile.objects.filter(user=users["alice"]).update(language="de")
    client = Client()
    client.force_login(users["alice"])
    answer = client.post(
        reverse("new_table"), {"game": "french-tarot", **TERMS, **TAROT, "stake": "0.10", "suggestions": "on"}
    )
    assert answer.status_code == 400 and not Table.objects.exists()
    field = re.search(
        r'<label class="field field-suggestions">.*?</label>', answer.content.decode(), re.DOTALL
    )
    assert field and "nur an Tischen ohne Einsatz" in field.group(0)
    preview = client.get(  # the dialog's live line says it before the form is sent
        reverse("new_table_terms"),
        {"game": "french-tarot", **TERMS, **TAROT, "stake": "0.10", "suggestions": "on"},
    ).json()
    assert "nur an Tischen ohne Einsatz" in " ".join(preview["errors"]["suggestions"])


def test_a_free_table_keeps_its_suggestions_and_a_forged_stakes_table_is_refused(users):
    client = Client()
    client.force_login(users["alice"])
    answer = client.post(
        reverse("new_table"), {"game": "french-tarot", **TERMS, **TAROT, "stake": "0", "suggestions": "on"}
    )
    assert answer.status_code == 302
    table = Table.objects.get()
    assert table.suggestions and terms_of(table).suggestions
    with pytest.raises(ServiceError) as refused:
        services.create_table(users["bob"], TableTerms("french-tarot", stake=10, suggestions=True))
    assert refused.value.code == "bad_request"
    assert Table.objects.count() == 1
    # a forged value of the checkbox is read as Django reads any checkbox: never a 500
    forged = client.post(
        reverse("new_table"),
        {"game": "french-tarot", **TERMS, **TAROT, "stake": "0.10", "suggestions": ["1", "x"]},
    )
    assert forged.status_code == 400 and Table.objects.count() == 1


# The read model's refusals (the socket sends each as an error frame).


def _four_people(users, **terms):
    table = services.create_table(users["alice"], TableTerms("french-tarot", human_seats=4, **terms))
    for name in ("bob", "carol", "dave"):
        services.join(users[name], table.pk)
    table.refresh_from_db()
    rnd = Round.objects.get(table=table, status="playing")
    game = get_game("french-tarot")
    seat = min(game.due(game.from_json(rnd.snapshot)))
    by_seat = {s.number: s.user for s in table.seats.all()}
    return table, by_seat, seat


def _refusal(table, user, version) -> str:
    with pytest.raises(ServiceError) as refused:
        suggestion_ask(table.pk, user, version)
    return refused.value.code


def test_the_read_model_answers_the_seat_to_act_and_refuses_everything_else(users):
    table, by_seat, seat = _four_people(users, suggestions=True)
    ask = suggestion_ask(table.pk, by_seat[seat], table.version)
    assert ask.seat == seat and ask.version == table.version and ask.game == "french-tarot"
    assert _refusal(table, by_seat[(seat + 1) % 4], table.version) == "not_your_turn"
    assert _refusal(table, by_seat[seat], table.version - 1) == "stale_version"
    assert _refusal(table, by_seat[seat], True) == "stale_version"
    from accounts.models import User

    watcher = User.objects.create_user("erin", password="pw-for-tests-only")
    assert _refusal(table, watcher, table.version) == "not_seated"
    off, off_seats, off_seat = _four_people(
        {n: User.objects.create_user(f"{n}2", password="pw-for-tests-only") for n in users}
    )
    assert _refusal(off, off_seats[off_seat], off.version) == "suggestions_off"
    version = Table.objects.get(pk=table.pk).version
    assert version == table.version  # asking changed nothing
