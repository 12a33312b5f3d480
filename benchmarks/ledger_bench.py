"""Ledger throughput on PostgreSQL: settlements per second with 1 and 4 writers, beside pgbench in the same run.

Usage:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kibitz python benchmarks/ledger_bench.py
        [--writers 1 4] [--units 500] [--pgbench-seconds 30] [--pgbench-db NAME] [--no-pgbench]

What it runs, in this order, on the server of DATABASE_URL:

1. The floor: `pgbench -i -s 10` then `pgbench -N -c 4 -j 2 -T 30` (the simple-update script: one UPDATE of
   pgbench_accounts, a SELECT, an INSERT into pgbench_history, one commit per transaction) in a database of its
   own (`--pgbench-db`, default `<DATABASE_URL's name>_bench`, created when missing). Its transactions/s are what
   this server commits for small write transactions on this machine at this moment: the ledger's figures are
   read against it, so the ratio holds on a shared, noisy machine.
2. The ledger, in a throw-away database (`test_<name>_ledger_bench`, created and dropped here), once per
   `--writers` count. Each writer is a separate process with its own connection and its own table (escrow) with
   four funded bot wallets: phase 1 reserves `--units` settlement units per writer, phase 2 settles them all
   concurrently (each settlement credits the house's commission, the row every settlement used to lock), phase 3
   replays every settlement (idempotent hits). While phase 2 runs, a probe samples pg_stat_activity every 5 ms
   and counts the backends seen waiting on a lock (queueing behind another settlement).
3. The reconciliation (every cached balance = Σ its postings, Σ balances = 0, every transaction balanced) after
   each writer count; the run fails when it does not hold.

Prints settlements/s per writer count, each one's ratio to pgbench's transactions/s, the per-settlement latency
(p50/p99 in ms), the writers' CPU per settlement (less sensitive to a loaded machine than rates), the lock-wait
samples and the machine's load average. Done when (docs/decisions-ledger.md
"House stripes"): settlements/s with 4 writers ≥ 0.5 × pgbench's simple-update transactions/s.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")
# Each writer is a forked process with a connection of its own: no psycopg pool, whose open connections every
# fork would inherit and share with its parent.
os.environ["KIBITZ_DB_POOL_MAX"] = "0"

import django  # noqa: E402

django.setup()

from common import percentile  # noqa: E402
from django.db import connection  # noqa: E402

from ledger import services as ledger  # noqa: E402
from ledger.reports import reconcile  # noqa: E402

STAKE, LIMIT = 10, 1500  # minor units per game unit, minor units per payment


# ---------------------------------------------------------------------------------------------------- pgbench


def pgbench_binary() -> str:
    """The pgbench executable: on PATH (Debian's postgresql-client) or beside a PostgreSQL server's binaries."""
    found = shutil.which("pgbench")
    if found:
        return found
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin/pgbench"), reverse=True):
        return str(candidate)
    sys.exit("pgbench not found: install postgresql-client (Debian) or pass --no-pgbench")


def pgbench_env(db: dict[str, Any]) -> dict[str, str]:
    """libpq's environment for the server of the Django connection settings `db`."""
    env = dict(os.environ)
    for var, key in (("PGHOST", "HOST"), ("PGPORT", "PORT"), ("PGUSER", "USER"), ("PGPASSWORD", "PASSWORD")):
        if db.get(key):
            env[var] = str(db[key])
    return env


def run_pgbench(db: dict[str, Any], name: str, scale: int, seconds: int) -> float:
    """`pgbench -i -s scale` then `pgbench -N -c 4 -j 2 -T seconds` in database `name` (created when missing).

    Returns the simple-update transactions per second pgbench reports (without the initial connection time).
    """
    binary = pgbench_binary()
    env = pgbench_env(db)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if cursor.fetchone() is None:
            cursor.execute(f'CREATE DATABASE "{name}"')
    subprocess.run([binary, "-i", "-q", "-s", str(scale), name], env=env, check=True, capture_output=True)
    done = subprocess.run(
        [binary, "-N", "-c", "4", "-j", "2", "-T", str(seconds), name],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    match = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", done.stdout)
    if match is None:
        match = re.search(r"tps = ([0-9.]+)", done.stdout)
    if match is None:
        sys.exit(f"cannot read pgbench's output:\n{done.stdout}\n{done.stderr}")
    return float(match.group(1))


# ------------------------------------------------------------------------------------------------- the ledger


def plan(writer: int, units: int) -> list[list[tuple[int, int, int]]]:
    """Seeded payments `(payer seat, payee seat, game units)` for each unit of one writer: one seat pays the three
    others or the three others pay it."""
    rng = random.Random(writer)
    return [
        [(p, 0, rng.randint(0, 330)) for p in (1, 2, 3)]
        if rng.random() < 0.5
        else [(0, p, rng.randint(0, 330)) for p in (1, 2, 3)]
        for _ in range(units)
    ]


def writer_process(
    phase: str, tag: str, writer: int, units: int, barrier: Any, out: Any
) -> None:  # pragma: no cover - runs in a child process
    """One writer (own process, own connection): reserve or settle its `units` units; puts `(start, end,
    per-unit seconds, CPU seconds of this process)` on `out` (perf_counter is the system's monotonic clock,
    comparable across processes)."""
    connection.close()  # never share the parent's socket
    wallets = [ledger.bot_wallet(f"bench:{tag}:{writer}:{s}") for s in range(4)]
    payments = plan(writer, units)
    connection.ensure_connection()
    barrier.wait()
    start, cpu = time.perf_counter(), time.process_time()
    took = []
    for n in range(units):
        unit_id = f"bench:{tag}:{writer}:{n}"
        t0 = time.perf_counter()
        if phase == "reserve":
            ledger.reserve_unit(
                unit_id=unit_id,
                table_key=f"bench-table:{tag}:{writer}",
                stake=STAKE,
                limit=LIMIT,
                wallets=wallets,
            )
        else:
            ledger.settle_unit(unit_id=unit_id, payments=payments[n])
        took.append(time.perf_counter() - t0)
    out.put((start, time.perf_counter(), took, time.process_time() - cpu))
    connection.close()


def lock_waits(stop: Any, out: Any) -> None:  # pragma: no cover - runs in a child process
    """Sample pg_stat_activity every 5 ms until `stop` is set; put `(samples, writer-samples waiting on a lock)`."""
    connection.close()
    samples = waiting = 0
    with connection.cursor() as cursor:
        while not stop.is_set():
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            waiting += cursor.fetchone()[0]
            samples += 1
            time.sleep(0.005)
    out.put((samples, waiting))
    connection.close()


def run_phase(phase: str, tag: str, writers: int, units: int) -> dict[str, Any]:
    """Run `phase` ("reserve" or "settle") in `writers` processes started together.

    Returns {"seconds": wall time from the first start to the last end, "took": per-unit seconds of every
    writer, "cpu": the writers' CPU seconds, "lock_samples", "lock_waits"}.
    """
    context = mp.get_context("fork")
    connection.close()
    barrier = context.Barrier(writers)
    out = context.Queue()
    probe_out = context.Queue()
    stop = context.Event()
    procs = [
        context.Process(target=writer_process, args=(phase, tag, w, units, barrier, out))
        for w in range(writers)
    ]
    probe = context.Process(target=lock_waits, args=(stop, probe_out))
    probe.start()
    for p in procs:
        p.start()
    results = [out.get() for _ in procs]
    stop.set()
    samples, waiting = probe_out.get()
    for p in [*procs, probe]:
        p.join()
        if p.exitcode:
            sys.exit(f"a {phase} process failed (exit {p.exitcode})")
    start = min(r[0] for r in results)
    end = max(r[1] for r in results)
    return {
        "seconds": end - start,
        "took": [t for r in results for t in r[2]],
        "cpu": sum(r[3] for r in results),
        "lock_samples": samples,
        "lock_waits": waiting,
    }


def fund(tag: str, writers: int) -> None:
    """Open and fund the four bot wallets of every writer's table (10⁹ minor units each)."""
    for w in range(writers):
        for s in range(4):
            wallet = ledger.bot_wallet(f"bench:{tag}:{w}:{s}")
            ledger.fund_bot(wallet, 10**9, key=f"bench-funding:{tag}:{w}:{s}")


def run_ledger(writers: int, units: int) -> dict[str, Any]:
    """Reserve, settle and replay `units` units per writer with `writers` processes; check the reconciliation."""
    tag = f"w{writers}"
    fund(tag, writers)
    reserved = run_phase("reserve", tag, writers, units)
    settled = run_phase("settle", tag, writers, units)
    replayed = run_phase("settle", tag, writers, units)
    check = reconcile()
    total = writers * units
    return {
        "writers": writers,
        "units": total,
        "reserve": total / reserved["seconds"],
        "settle": total / settled["seconds"],
        "replay": total / replayed["seconds"],
        "p50": percentile(settled["took"], 0.5) * 1000,
        "p99": percentile(settled["took"], 0.99) * 1000,
        "cpu_ms": settled["cpu"] / total * 1000,
        "lock_samples": settled["lock_samples"],
        "lock_waits": settled["lock_waits"],
        "ok": check.ok,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=500, help="settlement units per writer")
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 4], help="writer counts to run")
    parser.add_argument("--pgbench-db", default="", help="pgbench's database (default <name>_bench)")
    parser.add_argument("--pgbench-scale", type=int, default=10)
    parser.add_argument("--pgbench-seconds", type=int, default=30)
    parser.add_argument("--no-pgbench", action="store_true", help="skip the pgbench floor")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("set DATABASE_URL to a PostgreSQL database (this benchmark measures PostgreSQL)")
    settings = dict(connection.settings_dict)
    old_name = settings["NAME"]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    tps = None
    if not args.no_pgbench:
        name = args.pgbench_db or f"{old_name}_bench"
        tps = run_pgbench(settings, name, args.pgbench_scale, args.pgbench_seconds)
        print(
            f"pgbench -N -c 4 -j 2 -T {args.pgbench_seconds} (scale {args.pgbench_scale}, db {name}):"
            f" {tps:8.1f} transactions/s"
        )
    connection.close()
    # Not the test run's `test_<name>`: the benchmark may run while tests use that one.
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"test_{old_name}_ledger_bench"
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    failed = False
    try:
        for writers in args.writers:
            r = run_ledger(writers, args.units)
            ratio = f" = {r['settle'] / tps:.2f} × pgbench" if tps else ""
            waits = r["lock_waits"] / max(1, r["lock_samples"])
            print(
                f"writers: {writers} (processes), units: {r['units']} (stake {STAKE}, limit {LIMIT}, 4 seats)"
            )
            print(f"  reserve (4 reservation transactions per unit): {r['reserve']:8.1f} units/s")
            print(
                f"  settle: {r['settle']:8.1f} settlements/s{ratio}; p50 {r['p50']:.1f} ms, p99 {r['p99']:.1f} ms"
            )
            print(f"  writers' CPU (Python, the ORM, the driver) per settlement: {r['cpu_ms']:.2f} ms")
            print(
                f"  writers waiting on a lock during settle: {waits:.2f} on average ({r['lock_samples']} samples)"
            )
            print(f"  replayed settle (idempotent hit): {r['replay']:8.1f} settlements/s")
            print(f"  reconciliation ok: {r['ok']}")
            failed = failed or not r["ok"]
        print(f"house commission: {ledger.house_account().balance / 100:.2f}")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
