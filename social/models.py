"""Social rows: who is whose friend, who ignores whom, invite lists, presence and the lobby chat.

Nothing here knows a table: the rows of a table's company (its host's settings, invitations, seat requests,
kicks, watchers and its chat) are the tables' own (games.models). No logic here: `social.services` is the only
code that writes these rows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

USER = settings.AUTH_USER_MODEL


class Friendship(models.Model):
    """A friend request from `requester` to `addressee`; once `accepted_at` is set both are friends.
    At most one row per unordered pair (the service looks both ways before creating one)."""

    requester = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="friend_requests_sent")
    addressee = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="friend_requests_received")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["requester", "addressee"], name="one_friendship_per_pair")
        ]


class Ignore(models.Model):
    """`user` ignores `ignored` ("Negeren"): their chat is hidden from `user`, they cannot invite `user`,
    join or watch `user`'s tables, and they disappear from `user`'s lists."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="ignoring")
    ignored = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="ignored_by")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "ignored"], name="one_ignore_per_pair")]


class InviteList(models.Model):
    """A named list of players that its owner keeps ("Thursday Jass"); a table's access may be one list."""

    owner = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="invite_lists")
    name = models.CharField(_("name"), max_length=40)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="on_invite_lists")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="one_list_name_per_owner")]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Presence(models.Model):
    """The heartbeat of a user: `last_seen` is refreshed by the lobby and table sockets' pings; `at_table` is
    the id of the table the last heartbeat came from (None: the lobby, or a table that closed), as the tables
    side reports it. Online = seen within ONLINE_SECONDS."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, primary_key=True, related_name="presence")
    last_seen = models.DateTimeField()
    at_table = models.PositiveBigIntegerField(null=True, blank=True)


class ChatMessage(models.Model):
    """A line of the lobby chat (a table's chat is games.models.TableChatMessage)."""

    author = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["author", "created_at"])]
