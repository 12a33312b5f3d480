"""Operator controls (docs/decisions-ledger.md "Separation of duties"): recorded role grants, the
commission schedule as a four-eyes request, and refused attempts in the audit log.

Schedules stored before this migration were in force under the old rule, so they are `approved` (what was booked
stays explained); a new version starts `pending`. Staff who held a role group before grants were recorded keep it:
each membership becomes an active grant with no grantor and a reason that says where it came from.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ROLE_NAMES = ("Finance", "Approver", "Responsible-gaming officer", "Administrator")


def grants_from_groups(apps, schema_editor):
    group_model = apps.get_model("auth", "Group")
    grant_model = apps.get_model("ledger", "RoleGrant")
    for group in group_model.objects.filter(name__in=ROLE_NAMES):
        for user in group.user_set.all():
            grant_model.objects.create(
                grantee_id=user.pk,
                role=group.name,
                status="active",
                reason="held before role grants were recorded (migration 0009)",
            )


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0008_house_stripes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="auditentry",
            name="outcome",
            field=models.CharField(
                choices=[("allowed", "Done"), ("refused", "Refused")], default="allowed", max_length=8
            ),
        ),
        migrations.AddField(
            model_name="commissionschedule",
            name="decided_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="commissionschedule",
            name="decided_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="commissionschedule",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "Waiting for approval"),
                    ("approved", "Approved"),
                    ("rejected", "Rejected"),
                ],
                default="approved",
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="commissionschedule",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "Waiting for approval"),
                    ("approved", "Approved"),
                    ("rejected", "Rejected"),
                ],
                default="pending",
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(
                choices=[
                    ("adjustment_requested", "Adjustment requested"),
                    ("adjustment_approved", "Adjustment approved"),
                    ("adjustment_rejected", "Adjustment rejected"),
                    ("reversal_requested", "Reversal requested"),
                    ("reversal_approved", "Reversal approved"),
                    ("reversal_rejected", "Reversal rejected"),
                    ("schedule_added", "Commission schedule version added"),
                    ("cool_off_set", "Cool-off set"),
                    ("roles_changed", "Staff roles changed"),
                    ("exported", "Report exported"),
                    ("role_grant_requested", "Role grant requested"),
                    ("role_granted", "Role granted"),
                    ("role_grant_rejected", "Role grant rejected"),
                    ("role_revoked", "Role taken back"),
                    ("first_administrator", "Administrator made by manage.py"),
                    ("schedule_approved", "Commission schedule version approved"),
                    ("schedule_rejected", "Commission schedule version rejected"),
                    ("staff_page", "Staff page opened"),
                    ("statement_viewed", "Statement viewed"),
                    ("hand_history_viewed", "Hand history viewed"),
                    ("admin_change", "Change in the Django admin"),
                    ("staff_login", "Staff log-in"),
                ],
                max_length=32,
            ),
        ),
        migrations.AlterField(
            model_name="auditentry",
            name="actor",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="RoleGrant",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("role", models.CharField(max_length=40)),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "Waiting for a second administrator"),
                            ("active", "Held"),
                            ("rejected", "Rejected"),
                            ("revoked", "Taken back"),
                        ],
                        default="pending",
                        max_length=10,
                    ),
                ),
                ("reason", models.TextField(blank=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("decided_at", models.DateTimeField(blank=True, null=True)),
                ("revoked_at", models.DateTimeField(blank=True, null=True)),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "granted_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "grantee",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="role_grants",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "revoked_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["grantee", "status"], name="ledger_role_grantee_411215_idx")
                ],
            },
        ),
        migrations.RunPython(grants_from_groups, migrations.RunPython.noop),
    ]
