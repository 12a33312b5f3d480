"""The site's allauth adapter: a player's account at sign-up (signup.adapter.PlayerAccountAdapter), and logging
off leaves the user's tables (docs/decisions-social.md "Leave and log off").

It lives with the tables because only the tables side may call the table service; `accounts` and `social`
import nothing of it. Settings: ACCOUNT_ADAPTER.
"""

from __future__ import annotations

from django.http import HttpRequest

from games.services import leave_every_table
from signup.adapter import PlayerAccountAdapter
from social.services import went_offline


class TablesAccountAdapter(PlayerAccountAdapter):
    """The sign-up adapter, with a log-off that first leaves every table where the user holds a seat, as
    "Leave" does, and shows the user offline at once."""

    def logout(self, request: HttpRequest) -> None:
        """Leave the user's tables and drop their presence, then log out as allauth does."""
        user = request.user
        if user.is_authenticated:
            leave_every_table(user)
            went_offline(user.pk)
        super().logout(request)
