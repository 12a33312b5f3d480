"""The four staff roles as groups with their permissions (ledger.roles; docs/decisions-ledger.md)."""

from django.db import migrations

from ledger.roles import ensure_roles


def forward(apps, schema_editor):
    # create_permissions reads models_module to decide whether an app has models; the historical config has none.
    apps.get_app_config("ledger").models_module = True
    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0005_staff_roles_audit"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
