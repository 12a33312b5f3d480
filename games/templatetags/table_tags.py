"""The template tag that puts a table's side panel on the table page."""

from __future__ import annotations

from typing import Any

from django import template

from games.forms import TableSettingsForm
from games.models import Table
from games.reads.access import is_host, table_settings
from social.services.chat import CHAT_MAX

register = template.Library()


@register.inclusion_tag("games/_table_panel.html", takes_context=True)
def table_panel(context: dict[str, Any], table: Table) -> dict[str, Any]:
    """The table's side panel: watchers, seat requests, the host's access settings and invitations, kick
    buttons (drawn by static/js/table/panel.js from the socket's panel frames) and the chat."""
    user = context["request"].user
    host = is_host(table, user)
    current = table_settings(table)
    form = None
    lists = []
    if host:
        form = TableSettingsForm(
            owner=user,
            initial={
                "invite_list": current.invite_list_id,
                "spectators": current.spectators,
                "approval": current.approval,
            },
        )
        if table.access != Table.Access.PRIVATE:
            del form.fields["invite_list"]  # a list admits players at a private table only
        lists = list(user.invite_lists.prefetch_related("members__profile"))
    return {
        "table": table,
        "host": host,
        "form": form,
        "lists": lists,
        "chat_max": CHAT_MAX,
        "waiting": table.status == Table.Status.OPEN,
        # the free seats meant for a person, which the host's invitation may name (1-based for people)
        "free_seats": [
            s.number + 1 for s in table.seats.filter(for_human=True, user__isnull=True).order_by("number")
        ]
        if host
        else [],
        "csrf_token": context.get("csrf_token"),
    }
