"""The rows of a table's company leave `social` for the tables (`games`): the host's settings (social's
TableSocial, now TableSettings), invitations, seat requests, bans, kick votes and watchers keep their rows and
move into `games`'s state (the database tables are renamed from social_* to games_*); the table lines of
social's ChatMessage move into the new TableChatMessage (social keeps the lobby's lines).

A database migrated with the old migrations and a fresh one end in the same schema: social 0001 created the
tables either way, social 0002 only forgets them, and this migration adopts and renames them.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = {  # social's model name -> games's model name
    "tablesocial": "tablesettings",
    "ban": "ban",
    "invitation": "invitation",
    "kickvote": "kickvote",
    "seatrequest": "seatrequest",
    "watcher": "watcher",
}


def _rename_content_types(apps, schema_editor, pairs):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for (old_app, old_model), (new_app, new_model) in pairs:
        if ContentType.objects.filter(app_label=new_app, model=new_model).exists():
            continue
        ContentType.objects.filter(app_label=old_app, model=old_model).update(
            app_label=new_app, model=new_model
        )


def content_types_forward(apps, schema_editor):
    """Permissions and admin log entries of the moved models follow them."""
    _rename_content_types(apps, schema_editor, [(("social", o), ("games", n)) for o, n in MOVED.items()])


def content_types_backward(apps, schema_editor):
    _rename_content_types(apps, schema_editor, [(("games", n), ("social", o)) for o, n in MOVED.items()])


def table_lines_forward(apps, schema_editor):
    """Copy social's "table:<id>[:players|:spectators]" lines into TableChatMessage, oldest first (so the new
    ids keep their order), with their time; then drop them from social. Lines of a table that no longer exists
    are dropped."""
    Line = apps.get_model("social", "ChatMessage")
    TableLine = apps.get_model("games", "TableChatMessage")
    Table = apps.get_model("games", "Table")
    lines = Line.objects.filter(room__startswith="table:").order_by("pk")
    wanted = {int(line.room.split(":")[1]) for line in lines.only("room")}
    tables = set(Table.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    for line in lines:
        parts = line.room.split(":")
        table_id = int(parts[1])
        if table_id not in tables:
            continue
        copy = TableLine.objects.create(
            table_id=table_id,
            audience=parts[2] if len(parts) > 2 else "everyone",
            author_id=line.author_id,
            text=line.text,
            data=line.data,
        )
        TableLine.objects.filter(pk=copy.pk).update(created_at=line.created_at)  # auto_now_add set it to now
    lines.delete()


def table_lines_backward(apps, schema_editor):
    Line = apps.get_model("social", "ChatMessage")
    TableLine = apps.get_model("games", "TableChatMessage")
    for line in TableLine.objects.order_by("pk"):
        room = (
            f"table:{line.table_id}"
            if line.audience == "everyone"
            else f"table:{line.table_id}:{line.audience}"
        )
        copy = Line.objects.create(room=room, author_id=line.author_id, text=line.text, data=line.data)
        Line.objects.filter(pk=copy.pk).update(created_at=line.created_at)


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0002_seat_stand_ins_and_round_players"),
        ("social", "0002_table_rows_leave_for_games"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TableSettings",
                    fields=[
                        (
                            "table",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="host_settings",
                                serialize=False,
                                to="games.table",
                            ),
                        ),
                        (
                            "spectators",
                            models.CharField(
                                choices=[
                                    ("none", "nobody"),
                                    ("friends", "my friends"),
                                    ("anyone", "anyone admitted"),
                                ],
                                default="anyone",
                                max_length=8,
                            ),
                        ),
                        ("approval", models.BooleanField(default=False)),
                        (
                            "invite_list",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="social.invitelist",
                            ),
                        ),
                    ],
                    options={"db_table": "social_tablesocial"},
                ),
                migrations.CreateModel(
                    name="Ban",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="bans",
                                to="games.table",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "social_ban",
                        "constraints": [
                            models.UniqueConstraint(fields=("table", "user"), name="one_ban_per_user")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Invitation",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("pending", "Pending"),
                                    ("accepted", "Accepted"),
                                    ("declined", "Declined"),
                                ],
                                default="pending",
                                max_length=10,
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "invitee",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="invitations",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "inviter",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="invitations",
                                to="games.table",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "social_invitation",
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("table", "invitee"), name="one_invitation_per_invitee"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="KickVote",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="kick_votes",
                                to="games.table",
                            ),
                        ),
                        (
                            "target",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "voter",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "social_kickvote",
                        "constraints": [
                            models.UniqueConstraint(fields=("table", "target", "voter"), name="one_kick_vote")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="SeatRequest",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("pending", "Pending"),
                                    ("approved", "Approved"),
                                    ("declined", "Declined"),
                                ],
                                default="pending",
                                max_length=10,
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="seat_requests",
                                to="games.table",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "social_seatrequest",
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("table", "user"), name="one_seat_request_per_user"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Watcher",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("last_seen", models.DateTimeField()),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="watchers",
                                to="games.table",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "social_watcher",
                        "constraints": [
                            models.UniqueConstraint(fields=("table", "user"), name="one_watcher_row")
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name="tablesettings", table=None),
        migrations.AlterModelTable(name="ban", table=None),
        migrations.AlterModelTable(name="invitation", table=None),
        migrations.AlterModelTable(name="kickvote", table=None),
        migrations.AlterModelTable(name="seatrequest", table=None),
        migrations.AlterModelTable(name="watcher", table=None),
        migrations.RunPython(content_types_forward, content_types_backward),
        migrations.CreateModel(
            name="TableChatMessage",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "audience",
                    models.CharField(
                        choices=[
                            ("everyone", "Everyone"),
                            ("players", "Players"),
                            ("spectators", "Spectators"),
                        ],
                        default="everyone",
                        max_length=10,
                    ),
                ),
                ("text", models.CharField(max_length=500)),
                ("data", models.JSONField(blank=True, default=dict)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "author",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="chat_lines",
                        to="games.table",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["table", "audience", "id"], name="table_chat_by_room"),
                    models.Index(fields=["author", "created_at"], name="table_chat_by_author"),
                ],
            },
        ),
        migrations.RunPython(table_lines_forward, table_lines_backward),
    ]
