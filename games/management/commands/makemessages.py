"""`python manage.py makemessages` — Django's, which also reads the scripts' `t(...)` wrapper (the social
panels' `t`, social/static/js/social/common.js) and the engines' no-op marker `N_(...)` (games/engines/core/
declaration.py: a game's title, option and preference texts, translated at the Django edge in
games/declarations.py), so that it is the one way the catalogs are made (docs/decisions-i18n.md "Updating the
catalogs")."""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    # xgettext's keywords plus `t`, which also matches member calls such as `shell.t("…")` (no Python source calls a
    # function named `t`), and `N_`, which no script calls.
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=t", "--keyword=N_"]

    def handle(self, *args: object, **options: object) -> None:
        # The vendored libraries (static/vendor/: axe-core calls functions named `t`) hold no string of the site.
        ignored = options.get("ignore_patterns") or []
        options["ignore_patterns"] = [*ignored, *VENDORED] if isinstance(ignored, list) else list(VENDORED)
        super().handle(*args, **options)


VENDORED = ("static/vendor/*",)
