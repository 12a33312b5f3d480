"""axe-core (vendored from the npm registry: static/vendor/axe-core/axe.min.js, tests/vendor.py) run inside a
Chromium page: `violations(page)` lists what it finds, `assert_accessible(page, where)` fails on a serious or
critical one with axe's own words. The page's context must bypass the site's CSP (add_script_tag injects the file
inline), as the live-site tests' contexts do (tests/e2e/site.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .site import ROOT

AXE = ROOT / "static" / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")  # docs/decisions-tables.md "Tests": no serious or critical violation


def violations(
    page: Page, within: str | None = None, impacts: tuple[str, ...] = BLOCKING
) -> list[dict[str, Any]]:
    """axe's violations on the page as it stands (or inside the element `within`, a CSS selector) whose impact
    is one of `impacts`: [{"id", "impact", "help", "targets": [selector, ...]}], the axe rule's id and text and
    the nodes that break it. The file is injected once per document."""
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (within) => {
          const result = await axe.run(within ? document.querySelector(within) : document,
            { resultTypes: ['violations'] });
          return result.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.map(n => n.target.join(' ')) }));
        }""",
        within,
    )
    return [v for v in found if v["impact"] in impacts]


def assert_accessible(page: Page, where: str, within: str | None = None) -> None:
    """Fail when axe finds a serious or critical violation; the message names `where` and each rule's nodes."""
    found = violations(page, within)
    assert not found, f"axe on {where}:\n" + "\n".join(
        f"  {v['impact']} {v['id']}: {v['help']} at {', '.join(v['targets'][:5])}" for v in found
    )
