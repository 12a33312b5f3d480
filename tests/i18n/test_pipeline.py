"""One catalog pipeline: `manage.py makemessages` writes locale/<lang>/LC_MESSAGES/{django,djangojs}.po and
`manage.py compilemessages` compiles them; no script of its own writes a catalog. One register per language, the
one docs/decisions-i18n.md chose: German Sie, Dutch u, European Portuguese third person, French vous."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from .checks import live
from .conftest import DOMAINS, REPO
from .pofile import parse

# Words of the register each language does not use (whole words, any case), and words of the one it uses.
OTHER_REGISTER = {
    "de": (
        "du",
        "dich",
        "dir",
        "dein",
        "deine",
        "deinen",
        "deinem",
        "deiner",
        "deines",
        "euch",
        "euer",
        "eure",
        "seid",
    ),
    "nl": ("je", "jij", "jou", "jouw", "jezelf", "jullie"),
    "pt": ("tu", "te", "ti", "teu", "tua", "teus", "tuas", "contigo"),
    "fr": ("tu", "te", "toi", "ton", "ta", "tes"),
}
OWN_REGISTER = {
    "de": ("Sie", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer"),
    "nl": ("u", "uw", "uzelf"),
    "fr": ("vous", "votre", "vos"),
}


def tracked_files() -> list[str]:
    """The repository's files as git knows them (the shipped tree, not a local virtualenv)."""
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, check=True, capture_output=True, text=True)
    return [line for line in listed.stdout.splitlines() if Path(REPO / line).exists()]


def test_every_catalog_lives_under_the_projects_locale_path():
    assert [Path(p) for p in settings.LOCALE_PATHS] == [REPO / "locale"]
    catalogs = [p for p in tracked_files() if p.endswith((".po", ".mo")) and not p.startswith("tests/")]
    assert catalogs and all(
        re.fullmatch(r"locale/[a-z_]+/LC_MESSAGES/(django|djangojs)\.(po|mo)", p) for p in catalogs
    )
    assert not [p for p in tracked_files() if "/locale/" in p and not p.startswith("locale/")]


def test_no_script_of_its_own_writes_a_catalog():
    """A file that writes `msgid`/`msgstr` lines or names .po files is a second pipeline; the tests' readers
    aside, only makemessages (Django's, with the project's `t` keyword) may do that."""
    writers = []
    for path in tracked_files():
        if not path.endswith((".py", ".js", ".sh")) or path.startswith("tests/"):
            continue
        text = (REPO / path).read_text(encoding="utf-8", errors="replace")
        if re.search(r"msgstr|\.po\b|polib|msgfmt|msgmerge", text):
            writers.append(path)
    assert writers == []


@pytest.mark.parametrize("language", sorted(OTHER_REGISTER))
@pytest.mark.parametrize("domain", DOMAINS)
def test_each_catalog_keeps_its_languages_register(language, domain):
    path = REPO / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    other = re.compile(r"(?<![\w'])(" + "|".join(OTHER_REGISTER[language]) + r")(?![\w'])", re.IGNORECASE)
    texts = [text for entry in live(parse(path)) for text in entry.msgstr.values()]
    assert texts
    assert [t for t in texts if other.search(t)] == []


def test_the_formal_register_is_really_there():
    """So that the check above cannot pass on catalogs that lost their sentences."""
    for language, words in OWN_REGISTER.items():
        own = re.compile(r"(?<!\w)(" + "|".join(words) + r")(?!\w)")
        texts = [
            t
            for d in DOMAINS
            for e in live(parse(REPO / f"locale/{language}/LC_MESSAGES/{d}.po"))
            for t in e.msgstr.values()
        ]
        assert sum(bool(own.search(t)) for t in texts) >= 15, language
