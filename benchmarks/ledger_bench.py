"""Ledger throughput on PostgreSQL: settlements per second with 4 writer threads.

Usage:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kibitz python benchmarks/ledger_bench.py [--units 200] [--writers 4]

Runs in a throw-away test database (`test_<name>`, created and dropped here). Each writer has its own table with
four funded bot wallets; phase 1 reserves `--units` settlement units per writer, phase 2 settles them all
concurrently (every settlement also credits the one shared house account, the hot row), phase 3 replays every
settlement (idempotent hits). Prints the rates and checks reconciliation.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from ledger import services as ledger  # noqa: E402
from ledger.reports import reconcile  # noqa: E402


def run_parallel(work: Callable[[int], None], writers: int) -> float:
    """Run work(writer) in `writers` threads started together; return the wall time in seconds."""
    barrier = threading.Barrier(writers + 1)
    errors: list[BaseException] = []

    def runner(w: int) -> None:
        try:
            barrier.wait()
            work(w)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=200, help="settlement units per writer")
    parser.add_argument("--writers", type=int, default=4)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("set DATABASE_URL to a PostgreSQL database (this benchmark measures PostgreSQL)")
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        stake, limit = 10, 1500
        wallets = {w: [ledger.bot_wallet(f"bench:{w}:{s}") for s in range(4)] for w in range(args.writers)}
        for w, seats in wallets.items():
            for s, wallet in enumerate(seats):
                ledger.fund_bot(wallet, 10**9, key=f"bench-funding:{w}:{s}")
        plans = {
            w: [
                [(p, 0, rng.randint(0, 330)) for p in (1, 2, 3)]
                if rng.random() < 0.5
                else [(0, p, rng.randint(0, 330)) for p in (1, 2, 3)]
                for _ in range(args.units)
            ]
            for w in range(args.writers)
            for rng in [random.Random(w)]
        }

        def reserve(w: int) -> None:
            for n in range(args.units):
                ledger.reserve_unit(
                    unit_id=f"bench:{w}:{n}",
                    table_key=f"bench-table:{w}",
                    stake=stake,
                    limit=limit,
                    wallets=wallets[w],
                )

        def settle(w: int) -> None:
            for n, payments in enumerate(plans[w]):
                ledger.settle_unit(unit_id=f"bench:{w}:{n}", payments=payments)

        total = args.units * args.writers
        reserve_s = run_parallel(reserve, args.writers)
        settle_s = run_parallel(settle, args.writers)
        replay_s = run_parallel(settle, args.writers)
        check = reconcile()
        print(f"writers: {args.writers}, units: {total} (stake {stake}, limit {limit}, 4 seats each)")
        print(f"reserve (4 reservation transactions per unit): {total / reserve_s:8.1f} units/s")
        print(
            f"settle (one transaction per unit, shared house account): {total / settle_s:8.1f} settlements/s"
        )
        print(f"replayed settle (idempotent hit): {total / replay_s:8.1f} settlements/s")
        print(f"house commission: {ledger.house_account().balance / 100:.2f}; reconciliation ok: {check.ok}")
        if not check.ok:
            sys.exit(1)
    finally:
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
