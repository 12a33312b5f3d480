"""The table service: the only code that changes a table (docs/style.md "Service functions own every write").

Consumers, pages, bots, the sweeper and management commands call these functions and nothing else.
"""

from .bot_accounts import bot_user, ensure_bot_accounts
from .errors import ServiceError
from .play import act, apply_timeout, bot_move
from .shuffling import fix_next_deal
from .tables import create_table, join, leave, start_next_round

__all__ = [
    "ServiceError",
    "act",
    "apply_timeout",
    "bot_move",
    "bot_user",
    "create_table",
    "ensure_bot_accounts",
    "fix_next_deal",
    "join",
    "leave",
    "start_next_round",
]
