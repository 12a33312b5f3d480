"""The default commission schedule of docs/rules/settlement.md, in force from the start (staff add later versions)."""

from datetime import UTC, datetime

from django.conf import settings
from django.db import migrations

DEFAULT_BANDS = ((0, 1000), (100, 900), (500, 800), (2000, 700))


def forward(apps, schema_editor):
    Schedule = apps.get_model("ledger", "CommissionSchedule")
    Band = apps.get_model("ledger", "CommissionBand")
    currency = getattr(settings, "KIBITZ_CURRENCY", "EUR")
    if Schedule.objects.filter(currency=currency).exists():
        return
    schedule = Schedule.objects.create(
        effective_from=datetime(2000, 1, 1, tzinfo=UTC),
        currency=currency,
        note="settlement.md default schedule",
    )
    Band.objects.bulk_create(
        Band(schedule=schedule, min_value=lo, rate_bp=rate) for lo, rate in DEFAULT_BANDS
    )


class Migration(migrations.Migration):
    dependencies = [("ledger", "0002_postgres_guards")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
