"""The rows of a table's company (TableSocial, Invitation, SeatRequest, Ban, KickVote, Watcher) belong to the
tables now: social forgets them here without touching the database; games 0003 adopts their tables."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("social", "0001_initial")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Ban"),
                migrations.DeleteModel(name="Invitation"),
                migrations.DeleteModel(name="KickVote"),
                migrations.DeleteModel(name="SeatRequest"),
                migrations.DeleteModel(name="TableSocial"),
                migrations.DeleteModel(name="Watcher"),
            ],
            database_operations=[],
        ),
    ]
