"""Jass bots at three levels; each sees only its seat's view (docs/style.md "Bots get a view, never a state").

- `beginner`: legal and simple: names its longest suit, never pushes or declares Weis, plays a random legal
  card, says "Enough, thanks" once its team has reached the target, predicts its own cards' points.
- `standard`: sound heuristics: a hand-strength trump choice with a push on weak hands, every Weis it holds,
  "Enough, thanks" when the count (the view's match totals) reaches the target, a per-card Differenzler
  estimate, and the play heuristics of `policy.choose_card`.
- `expert`: determinized search (`search.py`): samples hidden hands consistent with its view and scores each
  candidate (mode, prediction, card) by heuristic playouts, bounded by `playouts` so a seeded rng reproduces it.
  Secret Differenzler predictions it cannot see are estimated in each sampled world (`hidden_predictions.py`).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from typing import Any

from games.engines.core import Action, SimpleAction
from games.engines.core.protocol import check_bot_level, narrow_actions

from . import actions
from .cards import MODES, POINTS, ROUND_CARD_POINTS, SUIT_OF, SUITS
from .heuristics import best_declaration, best_mode, choose_card, estimate_points, mode_strength
from .hidden_predictions import filled_predictions
from .scoring import MATCH_BONUS, MULTIPLIERS
from .search import play_out
from .state import SCHIEBER
from .worlds import Knowledge, note_voids, sample_world

DEFAULT_PLAYOUTS = 64
PUSH_BELOW = 38  # `mode_strength` under which the standard forehand pushes
EXPERT_PUSH_BELOW = 10  # expected raw point margin under which the expert forehand pushes


def make_bot(level: str, variant: str, playouts: int | None = None) -> JassBot:
    """A bot of `level` (`beginner`, `standard`, `expert`) for `variant`; `playouts` bounds the expert.

    Raises:
        ValueError: unknown level.
    """
    check_bot_level(level)
    return JassBot(level, variant, DEFAULT_PLAYOUTS if playouts is None else max(1, playouts))


class JassBot:
    """One bot; `choose(view, seat, legal, rng)` returns an action the engine accepts.

    Args of `choose`: `view` is the engine's view for `seat` (docs/rules/jass.md §7), `legal` its listed legal
    actions (never the Weis, which the bot builds from its hand), `rng` a seeded `random.Random`.
    """

    def __init__(self, level: str, variant: str, playouts: int) -> None:
        self.level = level
        self.variant = variant
        self.playouts = playouts

    def choose(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> SimpleAction | None:
        """Pick an action for `seat` from what its view shows (docs/rules/jass.md §5).

        Returns None only for a seat that is in `to_act` just for the optional "Enough, thanks" (the winner's
        partner between tricks) and declines it: it has no move due, the leader plays on (`optional_call`
        is the question drivers ask such a seat).
        """
        listed = narrow_actions(legal, (SimpleAction,))
        kinds = {a.kind for a in listed}
        if "trump" in kinds:
            return self._trump(view, seat, listed, rng)
        if "predict" in kinds:
            return actions.predict(self._prediction(view, seat, rng))
        thanks = self.optional_call(view, seat, legal, rng)
        if thanks is not None:
            return thanks
        cards = [str(a.value) for a in listed if a.kind == "play"]
        if not cards:
            return None
        declaration = self._weis(view, seat)
        if declaration is not None:
            return actions.weis(declaration)
        return actions.play(self._card(view, seat, cards, rng))

    def optional_call(
        self, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> SimpleAction | None:
        """ "Enough, thanks" (docs/rules/jass.md §5.6) when it is listed and the seat's team has reached the target
        by the view's match totals, else None (no call)."""
        listed = narrow_actions(legal, (SimpleAction,))
        if self.variant != SCHIEBER or not any(a.kind == "thanks" for a in listed):
            return None
        return actions.THANKS if view["totals"][seat % 2] >= view["options"]["target"] else None

    # --- Schieber trump choice -----------------------------------------------------------------------
    def _trump(
        self, view: dict[str, Any], seat: int, legal: Sequence[SimpleAction], rng: random.Random
    ) -> SimpleAction:
        hand = view["hand"]
        can_push = any(a.kind == "push" for a in legal)
        if self.level == "beginner":
            counts = [sum(1 for c in hand if SUIT_OF[c] == s) for s in SUITS]
            return actions.trump(SUITS[counts.index(max(counts))])
        if self.level == "standard":
            mode, score = best_mode(hand)
            if can_push and score < PUSH_BELOW:
                return actions.PUSH
            return actions.trump(mode)
        mode, margin = self._search_mode(view, seat, rng)
        if can_push and margin < EXPERT_PUSH_BELOW:
            return actions.PUSH
        return actions.trump(mode)

    def _search_mode(self, view: dict[str, Any], seat: int, rng: random.Random) -> tuple[str, float]:
        """Each mode's mean raw point margin (own team − other, Match included) over shared sampled worlds;
        candidates are the three strongest modes by `mode_strength`, compared after the multiplier."""
        hand = view["hand"]
        candidates = sorted(MODES, key=lambda m: -mode_strength(hand, m))[:3]
        worlds = max(2, self.playouts // len(candidates))
        knowledge = Knowledge(seat, "", list(hand), list(view["hand_sizes"]), set())
        margins = {m: 0.0 for m in candidates}
        for _ in range(worlds):
            world = sample_world(knowledge, rng)
            for mode in candidates:
                result = play_out([list(h) for h in world], [], view["forehand"], mode, self.variant, 0)
                margins[mode] += _team_margin(result.points, result.tricks, seat, (0, 0, 0, 0))
        multipliers = MULTIPLIERS[view["options"]["multipliers"]]
        best = max(candidates, key=lambda m: (margins[m] * multipliers[m], -candidates.index(m)))
        return best, margins[best] / worlds

    # --- Differenzler prediction ---------------------------------------------------------------------
    def _prediction(self, view: dict[str, Any], seat: int, rng: random.Random) -> int:
        hand, mode = view["hand"], view["trump"]
        if self.level == "beginner":
            return min(ROUND_CARD_POINTS, sum(POINTS[mode][c] for c in hand))
        if self.level == "standard":
            return estimate_points(hand, mode)
        knowledge = self._knowledge(view, seat, mode)
        outcomes = []
        for _ in range(self.playouts):
            world = sample_world(knowledge, rng)
            wants = [estimate_points(world[s], mode) for s in range(4)]
            result = play_out(world, [], view["forehand"], mode, self.variant, 0, wants)
            outcomes.append(result.points[seat])
        return round(statistics.median(outcomes))

    # --- Weis ----------------------------------------------------------------------------------------
    def _weis(self, view: dict[str, Any], seat: int) -> list[tuple[str, ...]] | None:
        if (
            self.variant != SCHIEBER
            or self.level == "beginner"
            or view["tricks_played"] > 0
            or view["weis"]["own"] is not None
        ):
            return None
        return best_declaration(view["hand"], view["mode"])

    # --- card play -----------------------------------------------------------------------------------
    def _card(self, view: dict[str, Any], seat: int, cards: list[str], rng: random.Random) -> str:
        if len(cards) == 1:
            return cards[0]
        if self.level == "beginner":
            return rng.choice(cards)
        mode = view["mode"] if self.variant == SCHIEBER else view["trump"]
        trick, leader = view["trick"]["cards"], view["trick"]["leader"]
        teams = self.variant == SCHIEBER
        want = True
        if not teams:
            want = view["points"][seat] < view["predictions"][seat]
        if self.level == "standard":
            return choose_card(cards, trick, mode, seat, leader, teams, want)
        return self._search_card(view, seat, cards, mode, rng)

    def _search_card(
        self, view: dict[str, Any], seat: int, cards: list[str], mode: str, rng: random.Random
    ) -> str:
        """The card with the best mean playout outcome over worlds shared by every candidate."""
        knowledge = self._knowledge(view, seat, mode)
        trick, leader = view["trick"]["cards"], view["trick"]["leader"]
        teams = self.variant == SCHIEBER
        worlds = max(1, self.playouts // len(cards))
        totals = dict.fromkeys(cards, 0.0)
        before = view["tricks_won"]
        for _ in range(worlds):
            world = sample_world(knowledge, rng)
            wants = None if teams else filled_predictions(view, world, mode, rng)
            for card in cards:
                hands = [list(h) for h in world]
                hands[seat].remove(card)
                if wants is None:
                    result = play_out(
                        hands, [*trick, card], leader, mode, self.variant, view["tricks_played"]
                    )
                    totals[card] += _team_margin(result.points, result.tricks, seat, before)
                else:
                    result = play_out(
                        hands,
                        [*trick, card],
                        leader,
                        mode,
                        self.variant,
                        view["tricks_played"],
                        wants,
                        view["points"],
                    )
                    totals[card] -= abs(wants[seat] - view["points"][seat] - result.points[seat])
        return max(cards, key=lambda c: (totals[c], -cards.index(c)))

    def _knowledge(self, view: dict[str, Any], seat: int, mode: str) -> Knowledge:
        trick = view["trick"]
        seen = set(trick["cards"])
        knowledge = Knowledge(seat, mode, list(view["hand"]), list(view["hand_sizes"]), seen)
        note_voids(knowledge, trick["leader"], trick["cards"], mode)
        last = view["last_trick"]
        if last is not None:
            seen.update(last["cards"])
            note_voids(knowledge, last["leader"], last["cards"], mode)
        trump_card = view.get("trump_card")
        if trump_card and view["tricks_played"] == 0 and trump_card not in seen and view["dealer"] != seat:
            knowledge.forced[trump_card] = view["dealer"]
        return knowledge


def _team_margin(
    points: Sequence[int], tricks: Sequence[int], seat: int, tricks_before: Sequence[int]
) -> int:
    """Own team's playout points minus the other team's, with the Match bonus to a team that took every trick."""
    mine, theirs = seat % 2, 1 - seat % 2
    margin = points[mine] + points[mine + 2] - points[theirs] - points[theirs + 2]
    for team, sign in ((mine, 1), (theirs, -1)):
        if tricks[team] + tricks[team + 2] + tricks_before[team] + tricks_before[team + 2] == 9:
            margin += sign * MATCH_BONUS
    return margin
