"""A game's How to play page as data: `Guide`, `Section`, `Passage`, `Example`.

A guide is what a newcomer reads before sitting down (docs/decisions-tables.md "How to play pages"): the cards, the
bidding or calls, the play and the scoring, written from the game's rules file, and a worked example. Its texts are
English literals marked with `N_` (games/engines/core/declaration.py), translated at the Django edge
(games/guides.py) like every other text a game declares. The worked example is a replay of one deal; its numbers are
never typed into the text: the text holds `%(name)s` placeholders, and the page fills them with the `facts` the game
computes from the engine's own result of that replay, at render time. The New game dialog's options are listed from
the declaration, not written here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Fact = int | str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passage:
    """One paragraph of a guide.

    text: marked with `N_`; in a worked example it may hold `%(name)s` placeholders, each a key of the example's
        facts (a number or a word). Text outside an example is never formatted.
    cards: card codes drawn after the paragraph with the game's own deck; in a worked example a string names the
        fact that holds them (a tuple of codes).
    """

    text: str
    cards: tuple[str, ...] | str = ()


@dataclass(frozen=True, slots=True)
class Section:
    """A heading (marked with `N_`) and its paragraphs."""

    heading: str
    passages: tuple[Passage, ...]


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example: one deal of the game as a replay, and what its text says about it.

    options, dealer, deal, actions: the replay (docs/design.md "Cards and replay files"); actions as
        `(seat, wire action)` pairs. start: the match state before the deal, or None.
    facts: `facts(result, view)` -> the named values the passages' placeholders take, from the engine's result JSON
        of the replay (rules file §6.5) and the spectator's view once the deal is over (§7: the whole deal is
        public then); a value is an int, a word, or a tuple of card codes for a passage's cards. Raises KeyError
        when the result lacks what the text needs (a test replays every example).
    passages: the example's text, in order.
    """

    options: Mapping[str, Any]
    dealer: int
    deal: Mapping[str, Any]
    actions: tuple[tuple[int, Mapping[str, Any]], ...]
    facts: Callable[[Mapping[str, Any], Mapping[str, Any]], Mapping[str, Fact]]
    passages: tuple[Passage, ...]
    start: Mapping[str, Any] | None = None

    def log(self) -> list[dict[str, Any]]:
        """The actions as replay log entries `{"seat": s, "action": {...}}`, in JSON types (lists, not tuples)."""
        return [{"seat": seat, "action": as_json(action)} for seat, action in self.actions]

    def deal_json(self) -> dict[str, Any]:
        """The deal in JSON types, as `new_round` reads it (a tuple of codes becomes a list)."""
        return dict(as_json(self.deal))


def as_json(value: Any) -> Any:
    """`value` with every tuple made a list and every mapping a dict (the engines read strict JSON types)."""
    if isinstance(value, Mapping):
        return {key: as_json(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [as_json(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Guide:
    """A game's How to play page: an introduction (marked with `N_`), its sections in reading order, and a worked
    example (shown after the sections, before the options of the New game dialog)."""

    intro: str
    sections: tuple[Section, ...]
    example: Example


def cards(text: str) -> tuple[str, ...]:
    """Card codes written with spaces, `"KS QS T21"`, as a tuple (a guide's shorthand)."""
    return tuple(text.split())
