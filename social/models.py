"""Social rows: who is whose friend, who ignores whom, invite lists, presence, a table's social settings,
invitations, seat requests, kicks (bans and votes), watchers and chat lines.

No logic here: `social.services` is the only code that writes these rows.
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
    members = models.ManyToManyField(USER, blank=True, related_name="on_invite_lists")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="one_list_name_per_owner")]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Presence(models.Model):
    """The heartbeat of a user: `last_seen` is refreshed by the lobby and table sockets' pings; `table` is
    the table the last heartbeat came from (None: the lobby). Online = seen within ONLINE_SECONDS."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, primary_key=True, related_name="presence")
    last_seen = models.DateTimeField()
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )


class TableSocial(models.Model):
    """A table's social settings beside games.Table.access: the invite list that admits players (with
    access "private"), who may watch, and whether the host approves seat requests."""

    class Spectators(models.TextChoices):
        NONE = "none", _("nobody")
        FRIENDS = "friends", _("my friends")
        ANYONE = "anyone", _("anyone admitted")

    table = models.OneToOneField(
        "games.Table", on_delete=models.CASCADE, primary_key=True, related_name="social"
    )
    invite_list = models.ForeignKey(
        InviteList, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    spectators = models.CharField(max_length=8, choices=Spectators.choices, default=Spectators.ANYONE)
    approval = models.BooleanField(default=False)


class Invitation(models.Model):
    """The host's invitation of `invitee` to a table; answered once (accepted or declined)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="invitations")
    inviter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    invitee = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="invitations")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "invitee"], name="one_invitation_per_invitee")
        ]


class SeatRequest(models.Model):
    """A request to play at a table whose host approves seat requests ("who wants to play against you")."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        DECLINED = "declined"

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="seat_requests")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_seat_request_per_user")]


class Ban(models.Model):
    """`user` was kicked from `table` ("Eruit gooien") and may not sit or watch there again."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="bans")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_ban_per_user")]


class KickVote(models.Model):
    """A seated player's vote to kick `target` from a public table (a majority of the seated people)."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="kick_votes")
    target = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    voter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "target", "voter"], name="one_kick_vote")]


class Watcher(models.Model):
    """A spectator's socket at a table, kept by heartbeat (`last_seen`); removed when the socket closes."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="watchers")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_watcher_row")]


class ChatMessage(models.Model):
    """A chat line in a room: "lobby", "table:<id>" (everyone at a table without stakes), or at a stakes
    table "table:<id>:players" and "table:<id>:spectators". `author` None marks a system line, whose
    `text` is a key of social.services.chat.SYSTEM_LINES and `data` its parameters."""

    room = models.CharField(max_length=40)
    author = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    text = models.CharField(max_length=500)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["room", "id"]), models.Index(fields=["author", "created_at"])]
