"""Per-seat turn deadlines: a round in play gets its one stored deadline for every seat whose move is due."""

from django.db import migrations, models

from games.engines.core import get_game


def deadlines_from_deadline(apps, schema_editor):
    Round = apps.get_model("games", "Round")
    for rnd in Round.objects.filter(status="playing", deadline__isnull=False).select_related("table"):
        try:
            game = get_game(rnd.table.game)
        except KeyError:  # a game no longer registered: its rounds keep no timeout
            continue
        due = game.due(game.from_json(rnd.snapshot))
        rnd.deadlines = {str(seat): rnd.deadline.isoformat() for seat in sorted(due)}
        rnd.save(update_fields=["deadlines"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_sweeper_beat"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="deadlines",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(deadlines_from_deadline, migrations.RunPython.noop),
    ]
