"""A small reader for gettext .po catalogs, enough for the catalog checks (no third-party dependency).

It reads the subset that `makemessages` writes: comments (`#,` flags,
`#:` locations, `#|` previous msgids, `#~` obsolete entries), `msgctxt`, `msgid`, `msgid_plural`,
`msgstr` and `msgstr[n]`, each with continuation lines of C-quoted strings.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

# Python %-format placeholders ("%(name)s", "%s", "%d"; "%%" is a literal) and brace fields ("{x}", not "{{").
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]")
_BRACE = re.compile(r"(?<!\{)\{[A-Za-z_0-9.\[\]]*(?:![rsa])?(?::[^{}]*)?\}(?!\})")
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


@dataclass
class Entry:
    """One catalog entry: `msgstr` maps the plural index to its text (index 0 alone for a singular entry)."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    line: int = 0

    @property
    def is_header(self) -> bool:
        """True for the catalog's header entry (empty msgid, no context)."""
        return self.msgid == "" and self.msgctxt is None

    @property
    def fuzzy(self) -> bool:
        """True when the entry carries the `fuzzy` flag (gettext then ignores its msgstr)."""
        return "fuzzy" in self.flags

    @property
    def key(self) -> tuple[str | None, str]:
        """(msgctxt, msgid): what identifies the entry within its catalog."""
        return (self.msgctxt, self.msgid)


def _unquote(literal: str, path: Path, line: int) -> str:
    """Decode one C-quoted .po string such as `"a \\"b\\"\\n"` into its text; ValueError if malformed."""
    if not (literal.startswith('"') and literal.endswith('"')):
        raise ValueError(f"{path}:{line}: not a quoted string: {literal!r}")
    return ast.literal_eval(literal)


def parse(path: Path) -> list[Entry]:
    """Read the .po file at `path` and return its entries in file order, the header included.

    Raises ValueError (with file and line) on a line this reader does not understand.
    """
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # the field that continuation lines extend
    flags: set[str] = set()  # flags read for the next entry

    def finish() -> None:
        nonlocal current, target
        if current is not None:
            entries.append(current)
        current, target = None, None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            continue
        if line.startswith(("#", "|")):
            finish()  # a comment belongs to the next entry
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, index, literal = match.groups()
            text = _unquote(literal, path, number)
            if keyword == "msgctxt" or (keyword == "msgid" and target != ("msgctxt", 0)):
                finish()
                current, flags = Entry(msgid="", flags=flags, obsolete=obsolete, line=number), set()
            if current is None:
                raise ValueError(f"{path}:{number}: {keyword} outside an entry")
            if keyword.startswith("msgstr"):
                slot = int(index) if index is not None else 0
                current.msgstr[slot], target = text, ("msgstr", slot)
            else:
                setattr(current, keyword, text)
                target = (keyword, 0)
            continue
        if line.startswith('"') and current is not None and target is not None:
            text = _unquote(line, path, number)
            name, slot = target
            if name == "msgstr":
                current.msgstr[slot] += text
            else:
                setattr(current, name, (getattr(current, name) or "") + text)
            continue
        raise ValueError(f"{path}:{number}: cannot read {raw!r}")
    finish()
    return entries


def placeholders(text: str) -> Counter[str]:
    """The interpolation fields of `text` with their counts: `%(name)s`, `%s`, `{x}` (not `%%`, `{{`, `}}`)."""
    found: Counter[str] = Counter(m for m in _PERCENT.findall(text) if m != "%%")
    found.update(_BRACE.findall(text))
    return found


def header_fields(entries: list[Entry]) -> dict[str, str]:
    """The header entry's "Name: value" lines as a dict ({} when the catalog has no header)."""
    for entry in entries:
        if entry.is_header and not entry.obsolete:
            pairs = (line.split(":", 1) for line in entry.msgstr.get(0, "").splitlines() if ":" in line)
            return {name.strip(): value.strip() for name, value in pairs}
    return {}
