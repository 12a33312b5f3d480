"""The games' How to play pages at the Django edge (games/engines/core/guide.py): a guide's texts translated in the
active language, its worked example replayed by the engine and its numbers filled in, and the game's New game
options listed from its declaration.

A guide's worked example is never typed twice: its text holds `%(name)s` placeholders and `example_facts` fills them
with what the game's own `facts` read from the engine's result of the example's replay, whenever a page is drawn
(the replay is pure and cheap; it is kept once per process).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.translation import gettext

from games.declarations import choice_label, game_title
from games.engines.core import Game, all_games
from games.engines.core.declaration import Choice, Option
from games.engines.core.guide import Fact, Guide, Passage
from games.engines.core.replay import replay

#: A run of counted choices longer than this is shown as its first and last (a match of 1 to 40 deals).
LONG_RUN = 5


@dataclass(frozen=True)
class ShownPassage:
    """A paragraph as the page shows it: its text in the active language and the card codes drawn after it."""

    text: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ShownSection:
    """A heading and its paragraphs, translated."""

    heading: str
    passages: list[ShownPassage]


@dataclass(frozen=True)
class ShownOption:
    """One option of the New game dialog as the page lists it: its label and help, its values and its default, in
    the active language."""

    label: str
    help: str
    values: list[str]
    default: str


@dataclass(frozen=True)
class GuidePage:
    """Everything a How to play page shows of one game."""

    game: Game[Any]
    title: str
    intro: str
    sections: list[ShownSection]
    example: list[ShownPassage]
    options: list[ShownOption]


def guide_of(game: Game[Any]) -> Guide | None:
    """The game's guide, or None when its declaration has none."""
    return game.declaration.guide


def guided_games() -> list[Game[Any]]:
    """The registered games that have a How to play page, in the registry's order."""
    return [game for game in all_games().values() if guide_of(game) is not None]


@cache
def example_outcome(key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The engine's result JSON of the game's worked example and the spectator's view once it is over.

    Args:
        key: a registered game key whose declaration has a guide.
    Raises:
        KeyError: no such game; ValueError: it has no guide, or its example does not end the deal (a broken
            example is a bug, found by tests/games/test_how_to_play.py before any page is drawn).
        games.engines.core.replay.ReplayRefusal: the engine refuses an action of the example.
    """
    game = all_games()[key]
    guide = guide_of(game)
    if guide is None:
        raise ValueError(f"{key} has no guide")
    example = guide.example
    state = replay(game, example.options, example.deal_json(), example.dealer, example.log(), example.start)
    result = game.result(state)
    if result is None:
        raise ValueError(f"the worked example of {key} does not end its deal")
    return result, game.view(state, None)


def example_facts(game: Game[Any]) -> Mapping[str, Fact]:
    """The named values of the game's worked example, computed by its guide from the engine's result."""
    guide = guide_of(game)
    if guide is None:
        raise ValueError(f"{game.key} has no guide")
    result, view = example_outcome(game.key)
    return guide.example.facts(result, view)


def _shown(passage: Passage, facts: Mapping[str, Fact] | None) -> ShownPassage:
    """A passage translated; in a worked example its placeholders and card fact filled from `facts`."""
    text = gettext(passage.text)
    shown_cards = passage.cards
    if facts is not None:
        text = text % {name: value for name, value in facts.items() if not isinstance(value, tuple)}
        if isinstance(shown_cards, str):
            value = facts[shown_cards]
            shown_cards = value if isinstance(value, tuple) else ()
    return ShownPassage(text, tuple(shown_cards) if not isinstance(shown_cards, str) else ())


def _choice_values(choices: Sequence[Choice]) -> list[str]:
    """The choices' labels, each long run of counted choices of one label shown as its first and last: "2 deals …
    40 deals" rather than 39 entries."""
    values: list[str] = []
    index = 0
    while index < len(choices):
        end = index
        while (
            choices[index].count is not None
            and end + 1 < len(choices)
            and choices[end + 1].label == choices[index].label
            and choices[end + 1].count is not None
        ):
            end += 1
        if end - index >= LONG_RUN:
            values.append(f"{choice_label(choices[index])} … {choice_label(choices[end])}")
        else:
            values.extend(choice_label(c) for c in choices[index : end + 1])
        index = end + 1
    return values


def _value_text(option: Option, value: Any) -> str:
    """One value of an option in words (the lobby box's wording: games.declarations.option_summary)."""
    if option.kind == "flag":
        return gettext("on") if value else gettext("off")
    choice = option.choice(value)
    if choice is not None:
        return choice_label(choice)
    if value == 0 and option.zero_label:
        return gettext(option.zero_label)
    return str(value)


def shown_option(option: Option) -> ShownOption:
    """An option of the declaration as the page lists it."""
    if option.kind == "choice":
        values = _choice_values(option.choices)
    elif option.kind == "flag":
        values = [gettext("on"), gettext("off")]
    else:
        low = option.minimum if option.minimum is not None else 0
        values = [f"{low} … {option.maximum}"]
        if low == 0 and option.zero_label:  # 0 has its own words ("until the table closes"); the rest count
            values = [gettext(option.zero_label), f"1 … {option.maximum}"]
    return ShownOption(
        label=gettext(option.label),
        help=gettext(option.help) if option.help else "",
        values=values,
        default=_value_text(option, option.default),
    )


def guide_page(game: Game[Any]) -> GuidePage:
    """The How to play page of `game` in the active language.

    Raises:
        ValueError: the game has no guide.
    """
    guide = guide_of(game)
    if guide is None:
        raise ValueError(f"{game.key} has no guide")
    facts = example_facts(game)
    return GuidePage(
        game=game,
        title=game_title(game),
        intro=gettext(guide.intro),
        sections=[
            ShownSection(gettext(section.heading), [_shown(p, None) for p in section.passages])
            for section in guide.sections
        ],
        example=[_shown(p, facts) for p in guide.example.passages],
        options=[shown_option(option) for option in game.declaration.options],
    )
