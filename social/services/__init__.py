"""The social services: the only code that writes the social rows (docs/style.md "Service functions own every
write"). Pages and consumers call these and nothing else. They know no table: a table's company (access,
invitations, seat requests, kicks, watchers, table chat) is the tables' (games.services)."""

from .chat import post as post_chat
from .invite_lists import add_member, create_list, delete_list, remove_member
from .presence import friends_panel, heartbeat, went_offline
from .relations import (
    accept_friend,
    decline_friend,
    find_players,
    ignore,
    remove_friend,
    request_friend,
    unignore,
)

__all__ = [
    "accept_friend",
    "add_member",
    "create_list",
    "decline_friend",
    "delete_list",
    "find_players",
    "friends_panel",
    "heartbeat",
    "ignore",
    "post_chat",
    "remove_friend",
    "remove_member",
    "request_friend",
    "unignore",
    "went_offline",
]
