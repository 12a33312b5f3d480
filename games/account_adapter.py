"""The site's allauth adapter: a player's account at sign-up (signup.adapter.PlayerAccountAdapter), and logging
off leaves the user's tables (docs/decisions-social.md "Leave and log off") and closes the session's sockets.

It lives with the tables because only the tables side may call the table service; `accounts` and `social`
import nothing of it. Settings: ACCOUNT_ADAPTER.
"""

from __future__ import annotations

from django.http import HttpRequest

from games.consumers.registered import SIGNED_OUT
from games.services import leave_every_table
from platform_config.notify import send_on_commit, session_group
from signup.adapter import PlayerAccountAdapter
from social.services import went_offline


class TablesAccountAdapter(PlayerAccountAdapter):
    """The sign-up adapter, with a log-off that first leaves every table where the user holds a seat, as
    "Leave" does, shows the user offline at once and closes the sockets the session opened."""

    def logout(self, request: HttpRequest) -> None:
        """Leave the user's tables, drop their presence and close every table and lobby socket of this session with
        4401 (one opened before the log-out would otherwise stay signed in: chat, moves), then log out as allauth
        does. The user's sessions elsewhere keep their sockets."""
        user = request.user
        if user.is_authenticated:
            leave_every_table(user)
            went_offline(user.pk)
            if request.session.session_key:
                send_on_commit(
                    session_group(request.session.session_key), {"type": "socket.close", "code": SIGNED_OUT}
                )
        super().logout(request)
