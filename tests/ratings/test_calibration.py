"""`manage.py ratings calibrate-bots` at a tiny volume (docs/decisions-ratings.md "Calibrating the anchors"): it sets
the anchors and stores its figures, refuses to run again without --force, later rated results leave the anchors
where it put them, and the same seed gives the same figures."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.models import User
from ratings.calibration import INTERVAL_SIGMAS, LevelFigure, figures, pool, separated
from ratings.models import BotCalibration, RatedResult, Rating
from ratings.services import Outcome, Participant, anchor_rating, record
from ratings.skill import PRIOR, Skill

pytestmark = pytest.mark.django_db

GAME = "jass-differenzler"


def _calibrate(*extra: str) -> str:
    out = StringIO()
    call_command(
        "ratings",
        "calibrate-bots",
        "--game",
        GAME,
        "--matches",
        "1",
        "--players",
        "2",
        "--seed",
        "7",
        *extra,
        stdout=out,
    )
    return out.getvalue()


def test_calibrate_sets_anchors_stores_figures_refuses_a_rerun_and_holds_the_anchors() -> None:
    printed = _calibrate()
    rows = {row.bot_level: row for row in BotCalibration.objects.filter(game=GAME)}
    assert set(rows) == {"beginner", "standard", "expert"}
    for level, row in rows.items():
        anchor = Rating.objects.get(game=GAME, user=None, bot_level=level)
        assert (anchor.mu, anchor.sigma) == (row.mu, row.sigma)
        assert anchor.skill != PRIOR
        assert (row.seed, row.results, row.players, row.level_results) == (7, 1, 2, 1)
        assert row.low == pytest.approx(row.mu - INTERVAL_SIGMAS * row.sigma)
        assert row.high == pytest.approx(row.mu + INTERVAL_SIGMAS * row.sigma)
        assert level in printed
    assert "already set" in _calibrate()
    assert BotCalibration.objects.filter(game=GAME).count() == 3

    before = {level: anchor_rating(level, GAME) for level in rows}
    person = User.objects.create_user("dora", password="pw-for-tests-only")
    for place in (1, 4):
        record(
            Outcome(
                GAME,
                RatedResult.Kind.MATCH,
                None,
                None,
                None,
                [
                    Participant(0, person.pk, "", 0, place),
                    Participant(1, None, "beginner", 1, 2),
                    Participant(2, None, "standard", 2, 3),
                    Participant(3, None, "expert", 3, 5 - place),
                ],
            )
        )
    assert {level: anchor_rating(level, GAME) for level in rows} == before
    assert Rating.objects.get(game=GAME, user=person).results == 2

    _calibrate("--force")  # the same seed: the same figures, kept as a second run
    again = {
        r.bot_level: (r.mu, r.sigma) for r in BotCalibration.objects.filter(game=GAME).order_by("id")[3:]
    }
    assert again == {level: (row.mu, row.sigma) for level, row in rows.items()}
    assert BotCalibration.objects.filter(game=GAME).count() == 6


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(CommandError, match="unknown or unrated"):
        call_command("ratings", "calibrate-bots", "--game", "chess", stdout=StringIO())


def test_pool_and_separation() -> None:
    pooled = pool([Skill(20.0, 2.0), Skill(30.0, 2.0)])
    assert (pooled.mu, pooled.sigma) == (25.0, pytest.approx(2.0 / 2**0.5))
    fig = figures([[(0, 0, 1), (1, 1, 2)]], ["beginner", "expert"], [Skill(20.0, 1.0), Skill(30.0, 1.0)])
    assert separated(fig)
    assert fig["beginner"].high == pytest.approx(22.0)
    close = {
        "beginner": LevelFigure("beginner", Skill(24.0, 1.0), 22.0, 26.0, 1, 1, 0.0),
        "expert": LevelFigure("expert", Skill(27.0, 1.0), 25.0, 29.0, 1, 1, 0.0),
    }
    assert not separated(close)
