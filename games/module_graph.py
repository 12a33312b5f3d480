"""The static browser modules a page's entry modules import, directly or not (docs/decisions-tables.md "Replay viewer":
the page's timing): the page names them all as `<link rel="modulepreload">` so that the browser fetches them at once
instead of one import level after another (six levels from the replay viewer down to a deck's card faces)."""

from __future__ import annotations

import functools
import posixpath
import re
from pathlib import Path

from django.contrib.staticfiles import finders

# `import … from "./x.js"`, `export … from "../y.js"`, `import "./z.js"`, `import("./w.js")` with a relative path.
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+\.js)["']""")


@functools.cache
def module_closure(*entries: str) -> tuple[str, ...]:
    """Every module the static paths `entries` (e.g. `"js/replay.js"`) import, themselves included, as static paths
    in the order found (breadth first). A path no finder knows is left out with what it imports; relative imports
    only (the site has no bare specifiers). Cached per process: static files change only with a deploy."""
    seen: list[str] = []
    queue = list(entries)
    while queue:
        path = queue.pop(0)
        if path in seen:
            continue
        found = finders.find(path)
        if not found:
            continue
        seen.append(path)
        text = Path(str(found)).read_text(encoding="utf-8")
        folder = posixpath.dirname(path)
        queue.extend(posixpath.normpath(posixpath.join(folder, rel)) for rel in IMPORT.findall(text))
    return tuple(seen)
