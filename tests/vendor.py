"""The browser libraries the site serves from `static/vendor/` (no CDN, no build step): each one a verbatim copy of
files of an npm package that package.json pins as a dependency (docs/decisions-tables.md "View library").

`python -m tests.vendor` copies them from `node_modules/` (after `npm ci`); `tests/test_vendored.py` checks that
the copies equal the package files at the pinned version.
"""

from __future__ import annotations

import json
import shutil
import sys

from tests.repo import ROOT

VENDOR = ROOT / "static" / "vendor"
NODE_MODULES = ROOT / "node_modules"

# package -> {file in static/vendor/<package>/: file in the npm package}. The ES modules are served as .js (the
# wheel ships *.js); neither imports a bare specifier, so no import map (an inline script) is needed.
# The site's fonts (static/css/site.css @font-face): the variable upright faces of the latin and latin-ext subsets
# only (en, de, nl, pt, fr), every weight in one file; the package's italics and other scripts are not served.
FILES: dict[str, dict[str, str]] = {
    "preact": {"preact.js": "dist/preact.mjs", "LICENSE": "LICENSE"},
    "htm": {"htm.js": "dist/htm.mjs", "LICENSE": "LICENSE"},
    # Only the Chromium tests load it (tests/e2e/axe.py injects it into the page); no template names it.
    "axe-core": {"axe.min.js": "axe.min.js", "LICENSE": "LICENSE"},
    **{
        f"@fontsource-variable/{family}": {
            **{
                f"{family}-{subset}-wght-normal.woff2": f"files/{family}-{subset}-wght-normal.woff2"
                for subset in ("latin", "latin-ext")
            },
            "LICENSE": "LICENSE",
        }
        for family in ("source-sans-3", "source-serif-4")
    },
}


def pinned_version(package: str) -> str:
    """The version of `package` that package-lock.json installs (KeyError when it is not a locked dependency)."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"][f"node_modules/{package}"]["version"])


def installed_version(package: str) -> str:
    """The version of `package` found in node_modules/ (FileNotFoundError before `npm ci`)."""
    manifest = json.loads((NODE_MODULES / package / "package.json").read_text(encoding="utf-8"))
    return str(manifest["version"])


def differences() -> list[str]:
    """What differs between static/vendor/ and the installed packages, one line each; [] when every copy is exact.
    Also lists a vendored file that FILES does not name and a package installed at another version than pinned."""
    found: list[str] = []
    for package, files in FILES.items():
        if installed_version(package) != pinned_version(package):
            found.append(
                f"{package}: node_modules has {installed_version(package)}, the lock pins {pinned_version(package)}"
            )
        for served, source in files.items():
            copy = VENDOR / package / served
            if not copy.is_file():
                found.append(f"{copy.relative_to(ROOT)} is missing")
            elif copy.read_bytes() != (NODE_MODULES / package / source).read_bytes():
                found.append(f"{copy.relative_to(ROOT)} differs from {package}/{source}")
    named = {VENDOR / package / served for package, files in FILES.items() for served in files}
    found += [
        f"{p.relative_to(ROOT)} is not a vendored file"
        for p in VENDOR.rglob("*")
        if p.is_file() and p not in named
    ]
    return found


def copy() -> None:
    """Write static/vendor/ afresh from node_modules/ (run `npm ci` first)."""
    for package, files in FILES.items():
        folder = VENDOR / package
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for served, source in files.items():
            shutil.copyfile(NODE_MODULES / package / source, folder / served)


if __name__ == "__main__":
    copy()
    problems = differences()
    print("\n".join(problems) or "static/vendor/ equals the pinned npm packages")
    sys.exit(1 if problems else 0)
