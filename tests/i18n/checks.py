"""What makes a catalog wrong, as lists of readable problems (empty when the catalog is fine)."""

from __future__ import annotations

from collections.abc import Iterable

from .pofile import Entry, header_fields, placeholders

PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}


def live(entries: Iterable[Entry]) -> list[Entry]:
    """The entries gettext uses: neither the header nor obsolete (`#~`) ones."""
    return [e for e in entries if not e.is_header and not e.obsolete]


def header_problems(entries: list[Entry], lang: str) -> list[str]:
    """The header must declare UTF-8 and the language's plural rule (PLURAL_FORMS)."""
    header = header_fields(entries)
    problems = []
    if header.get("Plural-Forms") != PLURAL_FORMS[lang]:
        problems.append(f"Plural-Forms is {header.get('Plural-Forms')!r}, not {PLURAL_FORMS[lang]!r}")
    if "charset=UTF-8" not in header.get("Content-Type", ""):
        problems.append(f"Content-Type is {header.get('Content-Type')!r}, not UTF-8")
    return problems


def completeness_problems(entries: list[Entry], lang: str) -> list[str]:
    """Fuzzy entries, empty translations, a wrong number of plural forms, a translation written twice in a row
    (what a bad merge leaves: "Gespeichert.Gespeichert.")."""
    nplurals = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    problems = []
    for e in live(entries):
        texts = list(e.msgstr.values())
        if e.fuzzy:
            problems.append(f"fuzzy: {e.msgid!r}")
        if not texts or not all(text.strip() for text in texts):
            problems.append(f"untranslated: {e.msgid!r}")
        if e.msgid_plural is not None and sorted(e.msgstr) != list(range(nplurals)):
            problems.append(f"{e.msgid!r}: plural forms {sorted(e.msgstr)}, {nplurals} wanted")
        for text in texts:
            half = len(text) // 2
            if text and len(text) % 2 == 0 and text[:half] == text[half:] and text != e.msgid:
                problems.append(f"translation written twice: {e.msgid!r}")
    return problems


def placeholder_problems(entries: list[Entry]) -> list[str]:
    """A singular translation must hold exactly the msgid's placeholders (`%(name)s`, `%s`, `{x}`), as many
    times; each plural form may use only placeholders of msgid or msgid_plural (the singular may leave out
    the count: "one deal")."""
    problems = []
    for e in live(entries):
        for index, text in e.msgstr.items():
            found = placeholders(text)
            if e.msgid_plural is None:
                ok = found == placeholders(e.msgid)
            else:
                ok = set(found) <= set(placeholders(e.msgid)) | set(placeholders(e.msgid_plural))
            if not ok:
                problems.append(
                    f"{e.msgid!r}: translation {index} has {dict(found)}, "
                    f"the msgid {dict(placeholders(e.msgid))}"
                )
    return problems
