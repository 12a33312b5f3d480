"""The social services: the only code that writes the social rows (docs/style.md "Service functions own every
write"). Pages and consumers call these and nothing else."""

from .access import check_seat, check_watch, configure_table, watch_refusal
from .chat import post as post_chat
from .invitations import answer_invitation, answer_seat_request, invite, invite_list, request_seat
from .invite_lists import add_member, create_list, delete_list, remove_member
from .kick import kick, vote_kick
from .presence import friends_panel, heartbeat, unwatch, watch, watchers_of
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
    "answer_invitation",
    "answer_seat_request",
    "check_seat",
    "check_watch",
    "configure_table",
    "create_list",
    "decline_friend",
    "delete_list",
    "find_players",
    "friends_panel",
    "heartbeat",
    "ignore",
    "invite",
    "invite_list",
    "kick",
    "post_chat",
    "remove_friend",
    "remove_member",
    "request_friend",
    "request_seat",
    "unignore",
    "unwatch",
    "vote_kick",
    "watch",
    "watch_refusal",
    "watchers_of",
]
