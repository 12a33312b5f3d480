"""The .po reader and the catalog checks on small hand-written catalogs, so that the catalog tests are known
to notice what they look for."""

from __future__ import annotations

from collections import Counter

from .checks import completeness_problems, header_problems, placeholder_problems
from .pofile import parse, placeholders

HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

"""


def write(tmp_path, body):
    path = tmp_path / "django.po"
    path.write_text(HEADER + body, encoding="utf-8")
    return parse(path)


def test_it_reads_wrapped_plural_context_fuzzy_and_obsolete_entries(tmp_path):
    entries = write(
        tmp_path,
        """#: a.py:1
#, fuzzy, python-format
#| msgid "Old"
msgid ""
"Hello "
"%(name)s"
msgstr "Bonjour \\"%(name)s\\""

msgctxt "card"
msgid "King"
msgstr "Roi"

msgid "%(n)s deal"
msgid_plural "%(n)s deals"
msgstr[0] "%(n)s donne"
msgstr[1] "%(n)s donnes"

#~ msgid "Gone"
#~ msgstr "Parti"
""",
    )
    header, hello, king, deals, gone = entries
    assert header.is_header and not hello.is_header
    assert (hello.msgid, hello.msgstr, hello.fuzzy) == ("Hello %(name)s", {0: 'Bonjour "%(name)s"'}, True)
    assert "python-format" in hello.flags and not king.fuzzy
    assert king.key == ("card", "King") and king.msgstr == {0: "Roi"}
    assert deals.msgid_plural == "%(n)s deals" and deals.msgstr == {0: "%(n)s donne", 1: "%(n)s donnes"}
    assert gone.obsolete and gone.msgid == "Gone"


def test_it_counts_placeholders_but_not_literal_percent_or_braces():
    assert placeholders("%(a)s, %s and %d of {x} and {y!r:>3}") == Counter(
        {"%(a)s": 1, "%s": 1, "%d": 1, "{x}": 1, "{y!r:>3}": 1}
    )
    assert placeholders("100 %% sure, {{literal}}, rate in %, e.g.") == Counter()


def test_it_reports_every_kind_of_broken_entry(tmp_path):
    entries = write(
        tmp_path,
        """msgid "Empty"
msgstr ""

#, fuzzy
msgid "Guess"
msgstr "Devinette"

msgid "Saved."
msgstr "Enregistré.Enregistré."

msgid "%(n)s deal"
msgid_plural "%(n)s deals"
msgstr[0] "%(n)s donne"

msgid "From %(at)s"
msgstr "Dès %(quand)s"

msgid "Fine %(x)s"
msgstr "Bien %(x)s"
""",
    )
    problems = completeness_problems(entries, "fr")
    assert problems == [
        "untranslated: 'Empty'",
        "fuzzy: 'Guess'",
        "translation written twice: 'Saved.'",
        "'%(n)s deal': plural forms [0], 2 wanted",
    ]
    assert [p.split(":")[0] for p in placeholder_problems(entries)] == ["'From %(at)s'"]
    assert header_problems(entries, "fr") == []
    assert header_problems(entries, "de") == [
        "Plural-Forms is 'nplurals=2; plural=(n > 1);', not 'nplurals=2; plural=(n != 1);'"
    ]
