"""Replay viewer timings (docs/decisions-tables.md "Replay viewer"): for the longest worked case of each game, stored as
a finished deal on a live `manage.py serve` (tests/e2e/site.py: a fresh SQLite site), the time from navigation start
to the drawn table (the page's `replay-drawn` performance mark) over five loads of the hand-history page in Chromium,
and the time of one step (the step's redraw and the layout it forces) over the deal's first 40 steps, both as medians
in milliseconds.

    .venv/bin/python benchmarks/replay_timing.py [--loads 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.site import CHROMIUM, CHROMIUM_ARGS, DEMO_PASSWORD, LiveSite, run_on_site  # noqa: E402

# DEBUG off for the server only (a throwaway key, plain HTTP on localhost): static files then carry the cache headers
# of a deployed site instead of being revalidated on every load.
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "replay-timing-only-not-a-secret-0123456789abcdef",
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "KIBITZ_SSL_REDIRECT": "0",
    "KIBITZ_SECURE_COOKIES": "0",
}

STEP = """() => { const t0 = performance.now(); window.kibitzReplay.step(1); document.body.offsetHeight;
  return performance.now() - t0; }"""

DETAIL = """() => { const n = performance.getEntriesByType("navigation")[0];
  const r = performance.getEntriesByType("resource").map((e) => [e.name.split("/").slice(-1)[0],
    Math.round(e.startTime), Math.round(e.responseEnd)]);
  return { responseStart: Math.round(n.responseStart), responseEnd: Math.round(n.responseEnd),
    domInteractive: Math.round(n.domInteractive), dcl: Math.round(n.domContentLoadedEventEnd), size: n.transferSize,
    resources: r.slice(-30) }; }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--detail", action="store_true", help="print where the last load's time went")
    parser.add_argument(
        "--no-debug",
        action="store_true",
        help="serve with DJANGO_DEBUG=0 (static files cached as in production)",
    )
    args = parser.parse_args()
    site = LiveSite()
    site.start(Path(tempfile.mkdtemp(prefix="replay-timing-")), env=PRODUCTION if args.no_debug else None)
    try:
        out = site.folder / "tables.json"
        run_on_site(
            site.folder,
            "import json\nfrom accounts.models import User\n"
            "from tests.tables.replay_deals import LONGEST, store_finished_deal\n"
            "people = [User.objects.get(username=n) for n in ('alice', 'bob', 'carol', 'dave')]\n"
            "ids = {g: store_finished_deal(g, people).table_id for g in LONGEST}\n"
            f"open({str(out)!r}, 'w').write(json.dumps(ids))\n",
        )
        tables = json.loads(out.read_text())  # {game: table id}, one per game
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800}).new_page()
            page.goto(site.url + "/accounts/login/")
            page.fill("input[name=login]", "bob")
            page.fill("input[name=password]", DEMO_PASSWORD)
            page.click("form button[type=submit]")
            page.wait_for_url(site.url + "/")
            print(
                f"{'game':20} {'actions':>7} {'drawn ms (median)':>18} {'loads':>30} {'step ms (median)':>17}"
            )
            for game in sorted(tables):
                url = f"{site.url}/tables/{tables[game]}/deals/1/"
                page.goto(url)  # one warm-up load: static files cached as a returning reader has them
                page.wait_for_function("performance.getEntriesByName('replay-drawn').length > 0")
                loads = []
                for _ in range(args.loads):
                    page.goto(url)
                    page.wait_for_function("performance.getEntriesByName('replay-drawn').length > 0")
                    loads.append(page.evaluate("performance.getEntriesByName('replay-drawn')[0].startTime"))
                if args.detail:
                    print(page.evaluate(DETAIL))
                steps = [page.evaluate(STEP) for _ in range(40)]
                count = page.evaluate("window.kibitzReplay.data.steps.length - 1")
                print(
                    f"{game:20} {count:>7} {statistics.median(loads):>18.0f} "
                    f"{' '.join(f'{x:.0f}' for x in loads):>30} {statistics.median(steps):>17.1f}"
                )
            browser.close()
    finally:
        site.stop()


if __name__ == "__main__":
    main()
