"""Rated results for the ratings pages' browser test (tests/e2e/test_ratings_pages.py), stored in the live site's
database before the pages are opened (run with tests.e2e.site.run_on_site): every game's worked case stored as a
few finished deals, and rated results recorded by ratings.services.record on those deals and matches, spread over
the last two quarters, so the record page has a chart, statistics and replays, and the leaderboards have rows."""

from __future__ import annotations

import datetime as dt
import random

from django.utils import timezone

from accounts.models import Profile, User
from games.engines.core import get_game
from games.models import Event
from ratings.models import RatedResult, Rating
from ratings.services import Outcome, Participant, record
from tests.tables.replay_deals import LONGEST, store_finished_deal

PEOPLE = {"alice": "en", "bob": "de", "carol": "nl", "dave": "pt", "erin": "fr"}
"""The five viewers and the language each one's profile gives the pages."""

RESULTS = 36
"""Rated results per game for the five people."""

FILLERS = 40
"""Other players on each all-time board (ratings stored directly: only the board's rows are looked at)."""


NAMES = (
    "Lena",
    "Jonas",
    "Chloé",
    "Pieter",
    "Inês",
    "Marco",
    "Sofia",
    "Luuk",
    "Anaïs",
    "Tiago",
    "Greta",
    "Noah",
)
"""First names for the other players' display names (the boards show display names)."""


def seed() -> None:
    """Store the deals, results and ratings described in the module's docstring."""
    rng = random.Random(35)
    people = _people()
    now = timezone.now()
    for key in LONGEST:
        game = get_game(key)
        deals = [store_finished_deal(key, people[i:] + people[:i]) for i in range(len(people))]
        # each person joined those tables: the player card's per-game counts (games.records) list every game,
        # long German and Dutch titles and headings in one table that must still fit a phone
        Event.objects.bulk_create(
            [
                Event(table_id=rnd.table_id, version=1000 + n, kind="join", data={"user": pk})
                for rnd in deals
                for n, pk in enumerate(rnd.players)
            ]
        )
        for n in range(RESULTS):
            rnd = deals[n % len(deals)]
            seated = [p for p in people if p.pk in rnd.players]
            order = rng.sample(seated, len(seated))
            if n % 3 == 0:
                order.sort(key=lambda p: p.username)  # alice ahead more often: a rising line
            unit = game.declaration.rated_unit
            participants = [
                Participant(rnd.players.index(p.pk), p.pk, "", place, place + 1)
                for place, p in enumerate(order)
            ]
            result = record(
                Outcome(
                    key,
                    RatedResult.Kind.DEAL if unit == "deal" else RatedResult.Kind.MATCH,
                    rnd.table_id,
                    rnd.match_id,
                    rnd.pk if unit == "deal" else None,
                    participants,
                )
            )
            when = now - dt.timedelta(days=2 * (RESULTS - n), hours=1)
            RatedResult.objects.filter(pk=result.pk).update(created_at=when)
        Rating.objects.filter(game=key, user__username__in=["alice", "bob", "carol", "dave"]).update(
            sigma=2.9
        )
        fillers = [User(username=f"{key}-player-{i:02}") for i in range(FILLERS)]
        User.objects.bulk_create(fillers)
        Profile.objects.bulk_create(
            [
                Profile(user=u, display_name=f"{NAMES[i % len(NAMES)]} {key[:1].upper()}{i}")
                for i, u in enumerate(fillers)
            ]
        )
        Rating.objects.bulk_create(
            [
                Rating(
                    game=key,
                    user=u,
                    mu=rng.uniform(18, 40),
                    sigma=rng.uniform(1.5, 3.0),
                    results=rng.randint(20, 400),
                )
                for u in fillers
            ]
        )
    Profile.objects.filter(user__username="dave").update(hide_from_leaderboards=True)


def _people() -> list[User]:
    people = []
    for name, language in PEOPLE.items():
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User.objects.create_user(name, password="demo-only-password")
        Profile.objects.filter(user=user).update(language=language)
        people.append(user)
    return people
