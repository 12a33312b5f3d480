"""The bots' anchors from bot-only play (`manage.py ratings calibrate-bots`, docs/decisions-ratings.md
"Calibrating the anchors").

Each level is played by `players` separate rating players (bot instances), all starting at ratings.skill.PRIOR;
the results (a per-deal game's deals, a per-match game's matches, with the site's sides and places) are rated one
after the other with ratings.skill.rate, everyone moving. A level's figure is the precision-weighted mean of its
players' final skills (`pool`); its interval is mu ± 2σ of that figure (INTERVAL_SIGMAS). The figure is stored as
the level's anchor (ratings.services.set_anchor) with a BotCalibration row of the run's figures.

The games' part (playing the bots through the engines) is handed in by games.apps with `register_bot_play`: the
ratings import nothing of the tables.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.db import transaction

from ratings.models import BotCalibration
from ratings.services import set_anchor
from ratings.skill import Skill

LEVELS = ("beginner", "standard", "expert")
"""The bot levels, weakest first (games.engines.core.BOT_LEVELS)."""

INTERVAL_SIGMAS = 2.0
"""A level's interval is its pooled mu ± this many pooled sigmas (about 95 % of a normal belief)."""

Result = Sequence[tuple[int, int, int]]
"""One rated result: per seat `(player, side, place)`; players are indices, equal sides partners, place 1 best."""


class BotPlay(Protocol):
    """The games' bot-only play (games.bot_matches.BotPlay)."""

    def games(self) -> list[str]: ...

    def unit(self, key: str) -> str: ...

    def results(
        self, key: str, levels_of: Sequence[str], count: int, seed: int, jobs: int = 1
    ) -> list[list[tuple[int, int, int]]]: ...


_bot_play: list[BotPlay] = []


def register_bot_play(source: BotPlay) -> None:
    """Hand in the games' bot-only play (games.apps at start); the last one registered is used."""
    _bot_play.append(source)


def bot_play() -> BotPlay:
    """The registered bot-only play. Raises LookupError when none is (the games app is not installed)."""
    if not _bot_play:
        raise LookupError("no bot play registered (games.apps registers it)")
    return _bot_play[-1]


@dataclass(frozen=True)
class LevelFigure:
    """One level's calibration: `skill` (pooled mu, sigma: the anchor), `low` and `high` (the interval, mu ±
    INTERVAL_SIGMAS × sigma), `results` (rated results the level took part in), `players` (its rating players)
    and `spread` (the standard deviation of its players' mu, a check that they agree)."""

    level: str
    skill: Skill
    low: float
    high: float
    results: int
    players: int
    spread: float


def pool(skills: Sequence[Skill]) -> Skill:
    """The precision-weighted mean of independent estimates of one skill: mu = Σ(mu/σ²)/Σ(1/σ²), σ =
    (Σ 1/σ²)^-½. Raises ValueError for no skills."""
    if not skills:
        raise ValueError("no skills to pool")
    weights = [1.0 / (s.sigma * s.sigma) for s in skills]
    total = sum(weights)
    return Skill(sum(w * s.mu for w, s in zip(weights, skills, strict=True)) / total, math.sqrt(1.0 / total))


def figures(
    results: Sequence[Result], levels_of: Sequence[str], skills: Sequence[Skill]
) -> dict[str, LevelFigure]:
    """Per level (in LEVELS order): its LevelFigure from its players' final `skills` (`levels_of[p]` is player
    p's level)."""
    out = {}
    for level in (lv for lv in LEVELS if lv in levels_of):
        mine = [p for p, lv in enumerate(levels_of) if lv == level]
        pooled = pool([skills[p] for p in mine])
        mus = [skills[p].mu for p in mine]
        mean = sum(mus) / len(mus)
        spread = math.sqrt(sum((m - mean) ** 2 for m in mus) / (len(mus) - 1)) if len(mus) > 1 else 0.0
        taking_part = sum(1 for result in results if any(levels_of[p] == level for p, _s, _pl in result))
        out[level] = LevelFigure(
            level,
            pooled,
            pooled.mu - INTERVAL_SIGMAS * pooled.sigma,
            pooled.mu + INTERVAL_SIGMAS * pooled.sigma,
            taking_part,
            len(mine),
            spread,
        )
    return out


def separated(levels: Mapping[str, LevelFigure]) -> bool:
    """Whether expert > standard > beginner with intervals that do not overlap (each level's low above the
    weaker level's high)."""
    ordered = [levels[lv] for lv in LEVELS if lv in levels]
    return all(weaker.high < stronger.low for weaker, stronger in zip(ordered, ordered[1:], strict=False))


def calibrated(game: str) -> bool:
    """Whether `game`'s anchors were set by a calibration (a BotCalibration row exists)."""
    return BotCalibration.objects.filter(game=game).exists()


def store(game: str, seed: int, results: int, levels: Mapping[str, LevelFigure]) -> list[BotCalibration]:
    """Set each level's anchor to its figure (ratings.services.set_anchor) and store the run's figures, one
    BotCalibration row per level, in one transaction. Returns the rows."""
    rows = []
    with transaction.atomic():
        for figure in levels.values():
            set_anchor(game, figure.level, figure.skill)
            rows.append(
                BotCalibration.objects.create(
                    game=game,
                    bot_level=figure.level,
                    seed=seed,
                    results=results,
                    level_results=figure.results,
                    players=figure.players,
                    mu=figure.skill.mu,
                    sigma=figure.skill.sigma,
                    low=figure.low,
                    high=figure.high,
                    spread=figure.spread,
                )
            )
    return rows
