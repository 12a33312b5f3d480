"""Fill social/locale/<lang>/LC_MESSAGES/{django,djangojs}.po from tr.py; django.po msgids come from
makemessages (so every source string is covered: a missing translation fails here)."""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from translations import JS, PY

LANGS = ["de", "nl", "pt", "fr"]
# French counts 0 as singular (as Django's own fr catalog does).
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}
root = str(Path(__file__).parent)


def esc(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def header(lang):
    return (
        f'msgid ""\nmsgstr ""\n"Project-Id-Version: kibitz-social\\n"\n"Language: {lang}\\n"\n'
        '"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
        f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"\n\n'
    )


for i, lang in enumerate(LANGS):
    text = open(f"{root}/{lang}/LC_MESSAGES/django.po", encoding="utf-8").read()
    ids = [m for m in re.findall(r'^msgid "(.*)"$', text, re.M) if m]
    missing = [m for m in ids if m.replace('\\"', '"') not in PY]
    assert not missing, missing
    for domain, table, keys in (
        ("django", PY, [m.replace('\\"', '"') for m in ids]),
        ("djangojs", JS, sorted(JS)),
    ):
        out = header(lang)
        for key in keys:
            out += f'msgid "{esc(key)}"\nmsgstr "{esc(table[key][i])}"\n\n'
        open(f"{root}/{lang}/LC_MESSAGES/{domain}.po", "w", encoding="utf-8").write(out)
print("ok")
