"""Tables and play (docs/design.md "Layout"): Table, Seat, Match, Round (one deal), Event (append-only log) and
Move (client move ids for idempotency); and a table's company: its host's settings, invitations, seat requests,
bans and kick votes, watchers and its chat.

No rules live here: the engines decide legality; `games.services` is the only code that writes these rows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Table(models.Model):
    """A table of one game. `version` is the number of its last Event (0 before any).

    Money fields are integer minor units (cents) recorded for the ledger; this app books nothing.
    """

    class Access(models.TextChoices):
        PUBLIC = "public", _("public")
        PRIVATE = "private", _("private (by invitation)")
        FRIENDS = "friends", _("friends only")

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        CLOSED = "closed", _("closed")

    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict)
    stake = models.PositiveIntegerField(default=0, help_text="minor units per game unit")
    limit = models.PositiveIntegerField(null=True, blank=True, help_text="minor units per payment")
    access = models.CharField(max_length=10, choices=Access.choices, default=Access.PUBLIC)
    turn_seconds = models.PositiveIntegerField(default=30)
    bot_level = models.CharField(max_length=16, default="standard")
    # "Suggest a move": a seat may ask the standard bot for its move (games.reads.suggestion); only where
    # games.reads.table_terms.suggestions_allowed lets the table have it (no stakes, not rated).
    suggestions = models.BooleanField(default=False)
    # A rated table's results move its players' ratings (games.services.rated_results, docs/decisions-ratings.md).
    rated = models.BooleanField(default=False)
    # A rated table's rating range (games.reads.rating_range): the lowest and highest displayed rating in the table's
    # game a person may join with (None: no bound), and whether provisional players are kept out.
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    established_only = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Set after a finished deal: when the sweeper deals the next one if nobody asked earlier.
    next_deal_at = models.DateTimeField(null=True, blank=True)
    # Test hook (settings.KIBITZ_ALLOW_FIXED_DEALS only): {"order": [...], "dealer": d} for the next deal.
    fixed_next_deal = models.JSONField(null=True, blank=True)
    # Test hook too: bots of this table draw from random.Random(f"{bot_seed}:{version}") instead of the CSPRNG.
    bot_seed = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        indexes = [models.Index(fields=["status"]), models.Index(fields=["next_deal_at"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Seat(models.Model):
    """Seat `number` of a table: a person (`bot_level` empty) or a bot account driven by the house."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    bot_level = models.CharField(max_length=16, blank=True, default="")
    # A human seat reserved for people (the creator chose how many humans); empty until someone takes it.
    for_human = models.BooleanField(default=False)
    # A bot stands in for a person who left during a deal: the seat is freed when the deal's settlement
    # unit ends (games.services.seating).
    free_after_unit = models.BooleanField(default=False)
    # Why a bot holds a person's seat (games.services.seating.BotReason: left, cannot_cover, kicked, absent) and
    # whose seat it was; empty while a person or the bots the table opened with sit here. Frames show both.
    bot_reason = models.CharField(max_length=16, blank=True, default="")
    replaced = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Since when the seat's person has had no socket at the table (games.services.absence): set when their last
    # socket closes, cleared when one opens; a bot plays for them once it is older than the absence time.
    away_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_seat_number_per_table")]
        indexes = [models.Index(fields=["away_since"], name="seat_away_since")]
        ordering = ["number"]

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    def __str__(self) -> str:
        return f"{self.table_id}:{self.number}"


class Match(models.Model):
    """A match at a table: rounds until the engine's `next_round` says it is over."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField()
    standings = models.JSONField(default=dict)
    over = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_match_number_per_table")]
        verbose_name = _("match")
        verbose_name_plural = _("matches")


class Round(models.Model):
    """One deal. `snapshot` is the engine's `to_json` (a cache); `actions` the log of `{"seat", "action"}`
    that replays it from `(options, deal, dealer, start)`. `order` and `salt` stay secret until `status`
    is done: the table shows only `deck_hash` (docs/design.md "Deck commitment")."""

    class Status(models.TextChoices):
        PLAYING = "playing"
        DONE = "done"
        ABORTED = "aborted"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(help_text="1-based within the table")
    dealer = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    start = models.JSONField(null=True, blank=True)
    deal = models.JSONField()
    order = models.JSONField()
    salt = models.CharField(max_length=32)
    deck_hash = models.CharField(max_length=64)
    snapshot = models.JSONField()
    actions = models.JSONField(default=list)
    # Per seat the person dealt in (user id), None for a bot: whose deal it was, kept when a bot stands in.
    players = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.JSONField(null=True, blank=True)
    settlement = models.JSONField(null=True, blank=True, help_text="engine payments [payer, payee, units]")
    # Deadlines live in the database: the sweeper acts on them through the same guarded path as a move.
    # `deadlines` holds one per seat with a move due ({"seat": ISO time}; several run at once, e.g. Differenzler's
    # secret predictions); `deadline` is the earliest of them, the column the sweeper's index reads.
    deadlines = models.JSONField(default=dict, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    bot_due_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_round_number_per_table")]
        indexes = [
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "bot_due_at"]),
            # A move finds its table's round being played through this index whatever the planner's statistics
            # say: through the status indexes it walked every playing round's entries, and each move's update
            # leaves one more entry behind until a vacuum (docs/decisions-tables.md "Sockets").
            models.Index(
                fields=["table"], condition=models.Q(status="playing"), name="playing_round_by_table"
            ),
        ]


class Event(models.Model):
    """The append-only, numbered log of a table: the full truth (secrets included, never sent as is).

    `version` runs 1, 2, 3 ... per table without gaps; `kind` is one of KINDS.
    """

    KINDS = (
        "created",
        "join",
        "leave",
        "start",
        "resume",
        "deal",
        "act",
        "timeout",
        "round_end",
        "match_end",
        "stood_up",
        "seat_freed",
        "closed",
        "kick",
        "away",
        "back",
    )

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=16)
    seat = models.SmallIntegerField(null=True, blank=True)
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE, related_name="events")
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="one_event_per_version")]
        ordering = ["table", "version"]


class Move(models.Model):
    """A client move id seen at a table, with the answer it got: a repeat gets the same answer."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    actor = models.CharField(max_length=64, help_text="user:<id> or bot:<seat>")
    move_id = models.CharField(max_length=64)
    answer = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "actor", "move_id"], name="one_answer_per_move_id")
        ]


# A table's company: who may sit and watch, who is invited, asks to play, was removed or watches, and what is
# said at the table (docs/decisions-social.md). The friendships, ignores and invite lists these rules read are
# social's rows (social.models); only the table service (games.services) writes the rows below.

USER = settings.AUTH_USER_MODEL


class TableSettings(models.Model):
    """The host's settings of a table beside Table.access (docs/decisions-social.md "Access"): the invite list
    that admits players (at a private table), who may watch, and whether the host approves seat requests.
    A table without a row has the defaults: anyone admitted may watch, no approval."""

    class Spectators(models.TextChoices):
        NONE = "none", _("nobody")
        FRIENDS = "friends", _("my friends")
        ANYONE = "anyone", _("anyone admitted")

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, primary_key=True, related_name="host_settings"
    )
    invite_list = models.ForeignKey(
        "social.InviteList", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    spectators = models.CharField(max_length=8, choices=Spectators.choices, default=Spectators.ANYONE)
    approval = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("table settings")
        verbose_name_plural = _("table settings")


class Invitation(models.Model):
    """The host's invitation of `invitee` to a table; answered once (accepted or declined). `seat`: the seat
    number the host named for them (accepting takes it), None for any free seat meant for a person."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    inviter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    invitee = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="invitations")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
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

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_requests")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_seat_request_per_user")]


class Ban(models.Model):
    """`user` was kicked from `table` ("Eruit gooien") and may not sit or watch there again."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="bans")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_ban_per_user")]


class KickVote(models.Model):
    """A seated player's vote to kick `target` from a public table (a majority of the seated people)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="kick_votes")
    target = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    voter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "target", "voter"], name="one_kick_vote")]


class Watcher(models.Model):
    """A spectator's socket at a table, kept by heartbeat (`last_seen`); removed when the socket closes."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="watchers")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_watcher_row")]


class TableChatMessage(models.Model):
    """A chat line at a table (docs/decisions-social.md "Chat"). `audience` "everyone" is the table's common room
    (all talk at a table without stakes, and the system lines); at a stakes table the seated players talk to
    "players" and spectators to "spectators". `author` None marks a system line, whose `text` is a key of
    games.services.table_chat.SYSTEM_LINES and `data` its parameters."""

    class Audience(models.TextChoices):
        EVERYONE = "everyone"
        PLAYERS = "players"
        SPECTATORS = "spectators"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_lines")
    audience = models.CharField(max_length=10, choices=Audience.choices, default=Audience.EVERYONE)
    author = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    text = models.CharField(max_length=500)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["table", "audience", "id"], name="table_chat_by_room"),
            models.Index(fields=["author", "created_at"], name="table_chat_by_author"),
        ]


class SweeperBeat(models.Model):
    """When a sweeper pass last ran, over every sweeper process (one row, pk 1): the measure of downtime. A pass
    that finds the beat older than games.services.downtime.GRACE shifts every running deadline by the gap
    (docs/decisions-tables.md "Downtime")."""

    beat_at = models.DateTimeField()
