"""How much random play the tests walk, in one setting: the quick tier (`make test`) walks a couple of hundred
random deals per game, the long tier (`make test-long`, which sets KIBITZ_TEST_TIER=long) thousands, and the
leak, match and no-stall runs at their long lengths. KIBITZ_TEST_SEED picks other random deals (the long tier
draws it from the date and prints it); with it unset every run walks the same ones."""

from __future__ import annotations

import os

TIER = os.environ.get("KIBITZ_TEST_TIER", "quick")
SEED = os.environ.get("KIBITZ_TEST_SEED", "")


def is_long() -> bool:
    """Whether this run is the long tier (KIBITZ_TEST_TIER=long)."""
    return TIER == "long"


def volume(quick: int, long: int, override: str | None = None) -> int:
    """How many of something (deals, rounds, matches, steps) a random-play test walks: `quick` in the quick tier,
    `long` in the long tier; the environment variable named `override`, when set, wins over both (one run of one
    file at another length)."""
    if override and os.environ.get(override):
        return int(os.environ[override])
    return long if is_long() else quick


def seeded(label: str) -> str:
    """A seed string for `random.Random`: `label` (what the test walks) joined with KIBITZ_TEST_SEED, so the
    same label walks the same deals until the tier's seed changes."""
    return f"{SEED}:{label}"
