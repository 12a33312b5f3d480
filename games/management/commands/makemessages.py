"""`python manage.py makemessages` — Django's, which also reads the scripts' `t(...)` wrapper (the social
panels' `t`, social/static/js/social/common.js), so that it is the one way the catalogs are made
(docs/decisions-i18n.md "Updating the catalogs")."""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    # xgettext's JavaScript keywords plus `t`; it also matches member calls such as `shell.t("…")`. No Python
    # source calls a function named `t`, so the keyword finds nothing there.
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=t"]
