"""The table service: the only code that changes a table or its company (docs/style.md "Service functions own every
write"): seats and play, and who may sit and watch, invitations, seat requests, kicks, the host's settings,
watchers and the table's chat.

Consumers, pages, bots, the sweeper and management commands call these functions and nothing else.
"""

from games.errors import ServiceError
from games.reads.table_terms import TableTerms

from .bot_accounts import bot_user, ensure_bot_accounts
from .invitations import answer_invitation, answer_seat_request, invite, invite_list, request_seat
from .kicks import kick, vote_kick
from .play import act, apply_timeout, bot_move
from .rematch import rematch
from .shuffling import fix_next_deal
from .table_chat import post as post_chat
from .table_settings import configure_table, open_table
from .tables import create_table, join, leave, leave_every_table, start_next_round

__all__ = [
    "ServiceError",
    "TableTerms",
    "act",
    "answer_invitation",
    "answer_seat_request",
    "apply_timeout",
    "bot_move",
    "bot_user",
    "configure_table",
    "create_table",
    "ensure_bot_accounts",
    "fix_next_deal",
    "invite",
    "invite_list",
    "join",
    "kick",
    "leave",
    "leave_every_table",
    "open_table",
    "post_chat",
    "rematch",
    "request_seat",
    "start_next_round",
    "vote_kick",
]
