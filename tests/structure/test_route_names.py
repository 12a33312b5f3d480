"""Every route name the code reverses ({% url %}, reverse(), reverse_lazy(), redirect()) is a route that exists."""

from __future__ import annotations

import re

from django.urls import get_resolver

from .sources import APPS, REPO, app_sources, relative

PYTHON_NAMES = re.compile(r"""\b(?:reverse|reverse_lazy|redirect)\(\s*["']([\w:-]+)["']""")
TEMPLATE_NAMES = re.compile(r"""{%\s*url\s+["']([\w:-]+)["']""")


def named_routes() -> set[str]:
    """Every URL name of the project, with its namespace prefix ("ledger:wallet")."""
    names: set[str] = set()

    def walk(resolver, prefix: str) -> None:
        names.update(f"{prefix}{key}" for key in resolver.reverse_dict if isinstance(key, str))
        for namespace, (_pattern, inner) in resolver.namespace_dict.items():
            walk(inner, f"{prefix}{namespace}:")

    walk(get_resolver(), "")
    return names


def reversed_names() -> dict[str, set[str]]:
    """{file: route names it reverses} over the apps' Python sources and every template."""
    found: dict[str, set[str]] = {}
    templates = [p for folder in ("templates", *APPS) for p in (REPO / folder).rglob("*.html")]
    for path, pattern in [(p, PYTHON_NAMES) for p in app_sources()] + [
        (p, TEMPLATE_NAMES) for p in templates
    ]:
        names = set(pattern.findall(path.read_text(encoding="utf-8")))
        if names:
            found[relative(path)] = names
    return found


def test_the_reader_sees_the_routes_of_every_part():
    routes = named_routes()
    assert {"lobby", "history", "ledger:wallet", "friends", "account_login", "profile"} <= routes
    used = set().union(*reversed_names().values())
    assert {"history", "ledger:staff_statement", "lobby", "friends"} <= used


def test_every_reversed_route_exists():
    routes = named_routes()
    unknown = {path: sorted(names - routes) for path, names in reversed_names().items() if names - routes}
    assert unknown == {}
