"""Every shipped game declares itself (games/engines/core/declaration.py), and its options schema agrees with its
package's `normalize_options`: the defaults, every allowed value, and the refusal of every value outside it."""

from __future__ import annotations

import pytest

from games.engines.core import IllegalAction, get_game
from games.engines.core.declaration import N_, Choice, Declaration, Option, normalize_with
from games.engines.core.registry import all_games

VARIANTS = ["french-tarot", "tarock", "jass-schieber", "jass-differenzler", "rummy"]

#: The rules files' §9 terms and the seat counts of docs/rules/*.md §3.
TERMS = {
    "french-tarot": ((4,), "deal", 150),
    "tarock": ((4,), "deal", 12),
    "jass-schieber": ((4,), "match", 1),
    "jass-differenzler": ((4,), "match", 100),
    "rummy": ((2, 3, 4), "deal", 100),
}


def _outside(option: Option) -> list[object]:
    """Values the option must refuse: other JSON types, look-alikes of its values (`"4"` for 4, 1 for true, true for
    1), and numbers just outside its range or choices."""
    wrong: list[object] = [None, [], {}, "not-a-value", 1.5]
    if option.kind == "choice":
        values = [c.value for c in option.choices]
        wrong += [str(v) for v in values if not isinstance(v, str)]
        wrong += [0, 1] if any(isinstance(v, bool) for v in values) else [True, False]
        numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        wrong += [max(numbers) + 1, min(numbers) - 1] if numbers else []
        return wrong
    if option.kind == "flag":
        return [*wrong, 0, 1, "true"]
    low = option.minimum if option.minimum is not None else 0
    return [*wrong, True, low - 1, str(low)] + ([option.maximum + 1] if option.maximum is not None else [])


def _allowed(option: Option) -> list[object]:
    if option.kind == "choice":
        return [c.value for c in option.choices]
    if option.kind == "flag":
        return [True, False]
    low = option.minimum if option.minimum is not None else 0
    return [low, low + 1, option.maximum if option.maximum is not None else low + 100]


@pytest.mark.parametrize("key", VARIANTS)
def test_it_declares_the_rules_files_seats_and_money_terms(key):
    declaration = get_game(key).declaration
    assert (declaration.seat_counts, declaration.settlement_unit, declaration.default_limit_units) == TERMS[
        key
    ]
    assert declaration.title == get_game(key).title and declaration.module and declaration.deck


@pytest.mark.parametrize("key", VARIANTS)
def test_its_defaults_are_the_schemas(key):
    game = get_game(key)
    assert game.normalize_options(None) == game.normalize_options({}) == game.declaration.defaults()


@pytest.mark.parametrize("key", VARIANTS)
def test_it_accepts_every_value_of_the_schema_and_nothing_else(key):
    game = get_game(key)
    for option in game.declaration.options:
        for value in _allowed(option):
            assert game.normalize_options({option.name: value})[option.name] == value
        outside = _outside(option)
        assert outside
        for value in outside:
            with pytest.raises(IllegalAction) as refused:
                game.normalize_options({option.name: value})
            assert refused.value.code == "bad_options", (option.name, value)


@pytest.mark.parametrize("key", VARIANTS)
def test_it_refuses_an_option_the_schema_does_not_have(key):
    game = get_game(key)
    for name in ("colour", "limit (table)", "stake"):
        with pytest.raises(IllegalAction):
            game.normalize_options({name: 1})


def test_rummys_seats_are_its_players_option():
    rummy = get_game("rummy")
    assert rummy.declaration.seats_option == "players"
    assert [rummy.seat_count({"players": n}) for n in (2, 3, 4)] == [2, 3, 4]
    assert get_game("tarock").seat_count({}) == 4


def test_a_declaration_refuses_what_no_dialog_could_show():
    flag = Option("x", "flag", False, N_("X"))
    with pytest.raises(ValueError):
        Option("y", "choice", 1, N_("Y"))  # no choices
    with pytest.raises(ValueError):
        Option("y", "number", -1, N_("Y"), minimum=0)  # a default outside the range
    with pytest.raises(ValueError):
        Declaration(N_("T"), (4, 2), "deal", 1, "d", "m")  # seat counts out of order
    with pytest.raises(ValueError):
        Declaration(N_("T"), (4,), "week", 1, "d", "m")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Declaration(N_("T"), (4,), "deal", 1, "d", "m", options=(flag, flag))
    players = Option("p", "choice", 2, N_("P"), choices=(Choice(2, N_("two")),))
    with pytest.raises(ValueError):
        Declaration(N_("T"), (2, 3), "deal", 1, "d", "m", options=(players,), seats_option="p")


def test_a_number_option_needs_a_maximum():
    """Every table frame carries the options, and the frames' JSON encoder stops at 64-bit integers: a Tarock
    table whose number of deals was 20 digits long could not be opened by anyone (found by a fresh-eyes run)."""
    with pytest.raises(ValueError):
        Option("n", "number", 0, N_("N"), minimum=0)
    with pytest.raises(IllegalAction):
        get_game("tarock").normalize_options({"deals": 20_000_000_000_000_000_000})
    assert get_game("tarock").normalize_options({"deals": 1000})["deals"] == 1000
    numbers = [o for game in all_games().values() for o in game.declaration.options if o.kind == "number"]
    assert numbers and all(o.maximum is not None for o in numbers)


def test_normalize_with_is_strict_about_types():
    schema = (Option("n", "number", 1, N_("N"), minimum=1, maximum=3),)
    assert normalize_with(schema, None) == {"n": 1}
    for bad in ({"n": True}, {"n": "2"}, {"n": 4}, {"m": 1}, [("n", 1)]):
        with pytest.raises(IllegalAction):
            normalize_with(schema, bad)  # type: ignore[arg-type]
