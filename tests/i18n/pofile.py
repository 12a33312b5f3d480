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
    reader = _Reader(path)
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            reader.finish()
        elif line.startswith(("#", "|")):
            reader.comment(line)
        elif match := _KEYWORD.match(line):
            reader.keyword(match, obsolete, number)
        elif not reader.continues(line, number):
            raise ValueError(f"{path}:{number}: cannot read {raw!r}")
    reader.finish()
    return reader.entries


@dataclass
class _Reader:
    """`parse`'s state: the entries read so far, the entry being read, the field that continuation lines extend
    and the flags read for the next entry."""

    path: Path
    entries: list[Entry] = field(default_factory=list)
    current: Entry | None = None
    target: tuple[str, int] | None = None
    flags: set[str] = field(default_factory=set)

    def finish(self) -> None:
        """End the entry being read, if any."""
        if self.current is not None:
            self.entries.append(self.current)
        self.current, self.target = None, None

    def comment(self, line: str) -> None:
        """A comment line: it ends the entry being read (a comment belongs to the next entry); keep its flags."""
        self.finish()
        if line.startswith("#,"):
            self.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}

    def keyword(self, match: re.Match[str], obsolete: bool, number: int) -> None:
        """A `msgctxt`, `msgid`, `msgid_plural` or `msgstr[n]` line: a `msgctxt`, or a `msgid` not after one,
        starts an entry. Raises ValueError for a field outside an entry."""
        keyword, index, literal = match.groups()
        text = _unquote(literal, self.path, number)
        if keyword == "msgctxt" or (keyword == "msgid" and self.target != ("msgctxt", 0)):
            self.finish()
            self.current, self.flags = (
                Entry(msgid="", flags=self.flags, obsolete=obsolete, line=number),
                set(),
            )
        if self.current is None:
            raise ValueError(f"{self.path}:{number}: {keyword} outside an entry")
        if keyword.startswith("msgstr"):
            slot = int(index) if index is not None else 0
            self.current.msgstr[slot], self.target = text, ("msgstr", slot)
        else:
            setattr(self.current, keyword, text)
            self.target = (keyword, 0)

    def continues(self, line: str, number: int) -> bool:
        """Add a continuation line (a quoted string) to the field being read; False when `line` is none."""
        if not (line.startswith('"') and self.current is not None and self.target is not None):
            return False
        text = _unquote(line, self.path, number)
        name, slot = self.target
        if name == "msgstr":
            self.current.msgstr[slot] += text
        else:
            setattr(self.current, name, (getattr(self.current, name) or "") + text)
        return True


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
