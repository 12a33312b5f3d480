"""Ratings (docs/decisions-ratings.md): a rating per person or bot level and game, every rated result in the order
it was recorded, and each entrant's part in it with the rating before and after (a history chart, "last 20").

Only ratings.services writes these rows. Game keys are the engines' (`french-tarot`, `tarock`, `jass-schieber`,
`jass-differenzler`, `rummy`); this app knows no game: the table service hands it plain outcomes.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ratings.skill import PRIOR_MU, PRIOR_SIGMA, Skill, displayed, is_provisional


class RatedGame(models.Model):
    """One row per rated game: the row `ratings.services.record` locks (select_for_update) so that one game's
    results are applied one at a time, in the order of their ids (`ratings rebuild` replays that order)."""

    key = models.CharField(max_length=40, primary_key=True)

    def __str__(self) -> str:
        return self.key


class Rating(models.Model):
    """A rating in one game: a person's (`user`), or the anchor all bot accounts of a level share (`bot_level`,
    user None). Anchors are held fixed by results (set once by calibration); a person's rating moves with every
    rated result they are rated in.

    Fields: `mu`, `sigma` (ratings.skill.Skill's scale); `results`: how many rated results moved this rating (an
    anchor's stays 0). `display` and `provisional` follow ratings.skill.
    """

    game = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    bot_level = models.CharField(max_length=16, blank=True, default="")
    mu = models.FloatField(default=PRIOR_MU)
    sigma = models.FloatField(default=PRIOR_SIGMA)
    results = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=Q(user__isnull=False),
                name="one_rating_per_player_and_game",
            ),
            models.UniqueConstraint(
                fields=["game", "bot_level"], condition=~Q(bot_level=""), name="one_anchor_per_level_and_game"
            ),
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(bot_level=""))
                | (Q(user__isnull=True) & ~Q(bot_level="")),
                name="rating_of_a_player_or_a_bot_level",
            ),
        ]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)

    @property
    def display(self) -> int:
        """The displayed number, `1000 + round(40 × (μ − 3σ))` (ratings.skill.displayed)."""
        return displayed(self.skill)

    @property
    def provisional(self) -> bool:
        """Whether sigma is still above ratings.skill.PROVISIONAL_SIGMA."""
        return is_provisional(self.skill)

    @property
    def is_anchor(self) -> bool:
        return bool(self.bot_level)

    def __str__(self) -> str:
        return f"{self.game}:{self.bot_level or self.user_id}"


class RatedResult(models.Model):
    """One rated result, applied to the ratings in the order of `id` (per game).

    `kind`: a scored deal (French Tarot, Tarock: the deal's sides), a finished match (Jass, Rummy: final places or
    pairs) or a forfeit (a person left a rated match before its end: the leaver is last and only the leaver moves).
    `table`, `match` and `round` say where it came from (`round` for a deal, and the deal being played at a
    forfeit); rows stay when a table is deleted (the results remain the ratings' history).
    """

    class Kind(models.TextChoices):
        DEAL = "deal", _("deal")
        MATCH = "match", _("match")
        FORFEIT = "forfeit", _("left the match")

    game = models.CharField(max_length=40)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    table = models.ForeignKey("games.Table", null=True, on_delete=models.SET_NULL, related_name="+")
    match = models.ForeignKey("games.Match", null=True, on_delete=models.SET_NULL, related_name="+")
    round = models.ForeignKey(
        "games.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["game", "id"], name="rated_result_by_game"),
            # a season's results and the seasons picker (ratings.leaderboards)
            models.Index(fields=["game", "created_at"], name="rated_result_by_game_time"),
        ]
        verbose_name = _("rated result")
        verbose_name_plural = _("rated results")


class RatedEntrant(models.Model):
    """One seat's part in a rated result: whose rating (a person's or a bot level's anchor), the table seat, the
    side (entrants of one side are partners) and its place (1 = best, equal places tie), and the rating before
    and after. `moved` is False for an anchor and for the people not rated at a forfeit (their before equals their
    after). A person's history in a game is their entrants ordered by `result_id`."""

    result = models.ForeignKey(RatedResult, on_delete=models.CASCADE, related_name="entrants")
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    seat = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    moved = models.BooleanField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["result_id", "seat"]
        constraints = [models.UniqueConstraint(fields=["result", "seat"], name="one_entrant_per_seat")]
        indexes = [models.Index(fields=["user", "result"], name="rated_entrant_by_user")]

    @property
    def display_before(self) -> int:
        return displayed(Skill(self.mu_before, self.sigma_before))

    @property
    def display_after(self) -> int:
        return displayed(Skill(self.mu_after, self.sigma_after))


class BotCalibration(models.Model):
    """The figures of one level in one run of `manage.py ratings calibrate-bots` (ratings.calibration), which set
    that level's anchor to (`mu`, `sigma`). Kept for every run (a forced re-run adds rows): the latest row of a
    game and level is the anchor's source.

    Fields: `seed` (the run's seed), `results` (rated results of the run), `level_results` (those the level took
    part in), `players` (the level's rating players), `mu`, `sigma` (the pooled skill stored as the anchor),
    `low`, `high` (the interval, mu ± 2σ), `spread` (standard deviation of the level's players' mu), `created_at`.
    """

    game = models.CharField(max_length=40)
    bot_level = models.CharField(max_length=16)
    seed = models.BigIntegerField()
    results = models.PositiveIntegerField()
    level_results = models.PositiveIntegerField()
    players = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    low = models.FloatField()
    high = models.FloatField()
    spread = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]
        verbose_name = _("bot calibration")
        verbose_name_plural = _("bot calibrations")

    def __str__(self) -> str:
        return f"{self.game}:{self.bot_level}@{self.created_at:%Y-%m-%d}"
