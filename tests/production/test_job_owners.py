"""One owner per background job (docs/deploy.md "Jobs and their owners"): the sweeper's jobs
(games.services.sweeper.JOBS), Celery beat's schedule as beat builds it, and the tasks only workers run (the
registered tasks beat does not schedule), read from the code. No job is claimed twice, and the docs table lists
exactly these jobs with these owners."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from celery import Task
from celery.beat import PersistentScheduler, Scheduler
from django.conf import settings

from games import tasks
from games.services import downtime, sweeper
from platform_config import celery_app
from tests.repo import ROOT

SECTION = "## Jobs and their owners"


@dataclass(frozen=True)
class Claim:
    """An owner's claim on a job: `runs` is the dotted path of the function the job executes."""

    owner: str
    job: str
    runs: str


def function_path(step: Callable[..., object]) -> str:
    """`module.qualname` of a function, or of a Celery task's own function."""
    function = step.run if isinstance(step, Task) else step
    return f"{function.__module__}.{function.__qualname__}"


def beat_schedule(scheduler: type[Scheduler], folder: Path) -> dict[str, str]:
    """{entry: task name} of the schedule `scheduler` builds for the site's Celery app, with what Celery adds of
    its own (a persistent scheduler keeps its file in `folder`)."""
    built = scheduler(celery_app, lazy=False, schedule_filename=str(folder / "beat-schedule"))
    try:
        return {name: entry.task for name, entry in built.schedule.items()}
    finally:
        built.close()


def job_claims(schedule: dict[str, str]) -> list[Claim]:
    """Every claim the code makes: the sweeper's jobs, beat's entries of `schedule` ({entry: task name}), and
    each registered task of the site (Celery's own `celery.*` aside) that `schedule` does not name, the
    workers'."""
    celery_app.loader.import_default_modules()  # the apps' tasks modules, as a worker loads them
    registered = celery_app.tasks
    claims = [Claim("sweeper", job, function_path(step)) for job, step in sweeper.JOBS]
    claims += [Claim("beat", entry, function_path(registered[task])) for entry, task in schedule.items()]
    claims += [
        Claim("workers", name, function_path(task))
        for name, task in sorted(registered.items())
        if not name.startswith("celery.") and name not in schedule.values()
    ]
    return claims


def double_claims(claims: Iterable[Claim]) -> list[str]:
    """One line for each job name, and each function, that more than one claim holds; empty when every job has
    one owner."""
    claims = list(claims)
    found = []
    for field in ("job", "runs"):
        counts = Counter(getattr(claim, field) for claim in claims)
        for value, count in counts.items():
            if count > 1:
                owners = ", ".join(f"{c.owner} ({c.job})" for c in claims if getattr(c, field) == value)
                found.append(f"{field} {value} is claimed {count} times: {owners}")
    return found


def documented_jobs() -> list[tuple[str, str]]:
    """(job, owner) of each row of the table in docs/deploy.md "Jobs and their owners"."""
    text = (ROOT / "docs/deploy.md").read_text(encoding="utf-8")
    section = text.split(f"\n{SECTION}\n", 1)[1].split("\n## ", 1)[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in section.splitlines()]
    header, _rule, *body = [row for row in rows if len(row) > 1]
    assert header[:2] == ["job", "owner"], header
    return [(row[0], row[1]) for row in body]


def settings_schedule() -> dict[str, str]:
    return {name: entry["task"] for name, entry in settings.CELERY_BEAT_SCHEDULE.items()}


def test_it_gives_beat_the_settings_schedule_and_nothing_else(tmp_path):
    # `celery beat` as the Procfile runs it (the persistent scheduler) and the embedded mode's in-memory one
    assert beat_schedule(PersistentScheduler, tmp_path) == settings_schedule()
    assert beat_schedule(Scheduler, tmp_path) == settings_schedule()


def test_it_finds_one_owner_for_every_job():
    claims = job_claims(settings_schedule())
    assert {claim.owner for claim in claims} == {"sweeper", "beat", "workers"}
    assert double_claims(claims) == []


def test_it_lists_exactly_the_jobs_of_the_code_in_the_deploy_table():
    code = sorted((claim.job, claim.owner) for claim in job_claims(settings_schedule()))
    assert sorted(documented_jobs()) == code


def test_it_runs_the_downtime_beat_then_the_passes_in_one_turn_of_the_loop(monkeypatch):
    assert sweeper.JOBS[0] == ("downtime beat", downtime.note_pass)
    assert sweeper.JOBS[1:] == sweeper.PASSES
    ran: list[str] = []

    def step(job: str) -> Callable[..., int]:
        def run(*args: object) -> int:
            ran.append(job)
            return 0

        return run

    monkeypatch.setattr(sweeper, "close_old_connections", lambda: None)
    monkeypatch.setattr(sweeper, "note_pass", step("downtime beat"))
    monkeypatch.setattr(sweeper, "PASSES", tuple((job, step(job)) for job, _ in sweeper.PASSES))
    assert sweeper._one_pass() == 0
    assert ran == [job for job, _ in sweeper.JOBS]


def test_it_reports_a_job_claimed_twice(monkeypatch):
    deals = Claim("sweeper", "next deals", "games.services.sweeper._next_deals")
    assert double_claims([deals, Claim("beat", "close", "ledger.tasks.close_ledger")]) == []
    assert double_claims([deals, Claim("beat", "next deals", "ledger.tasks.close_ledger")]) == [
        "job next deals is claimed 2 times: sweeper (next deals), beat (next deals)"
    ]
    assert double_claims([deals, Claim("beat", "deals", deals.runs)]) == [
        f"runs {deals.runs} is claimed 2 times: sweeper (next deals), beat (deals)"
    ]
    # The sweeper also running beat's clean-up task, and beat a second entry for the ledger close:
    monkeypatch.setattr(sweeper, "JOBS", (*sweeper.JOBS, ("clean-up", tasks.tables_cleanup)))
    doubled = job_claims({**settings_schedule(), "ledger-close-again": "ledger.close"})
    assert double_claims(doubled) == [
        "runs games.tasks.tables_cleanup is claimed 2 times: sweeper (clean-up), beat (tables-cleanup)",
        "runs ledger.tasks.close_ledger is claimed 2 times: beat (ledger-close), beat (ledger-close-again)",
    ]
