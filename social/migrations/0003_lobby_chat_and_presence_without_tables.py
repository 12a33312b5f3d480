"""Social keeps the lobby's chat (games 0003 took the table lines first) and records where a user is as the
table id the tables side reports, without a foreign key into `games`."""

from django.db import migrations, models
from django.db.models import F


def presence_forward(apps, schema_editor):
    apps.get_model("social", "Presence").objects.update(at_table=F("table_id"))


class Migration(migrations.Migration):
    dependencies = [
        ("social", "0002_table_rows_leave_for_games"),
        ("games", "0003_table_company_from_social"),
    ]

    operations = [
        migrations.AddField(
            model_name="presence",
            name="at_table",
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(presence_forward, migrations.RunPython.noop),
        migrations.RemoveField(model_name="presence", name="table"),
        # A default first, so that going back re-adds the column for the lobby lines that remain.
        migrations.AlterField(
            model_name="chatmessage", name="room", field=models.CharField(default="lobby", max_length=40)
        ),
        migrations.RemoveIndex(model_name="chatmessage", name="social_chat_room_892c5c_idx"),
        migrations.RemoveField(model_name="chatmessage", name="room"),
        migrations.RemoveField(model_name="chatmessage", name="data"),
    ]
