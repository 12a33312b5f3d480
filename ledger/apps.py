from django.apps import AppConfig
from django.contrib.auth import get_user_model


class LedgerConfig(AppConfig):
    name = "ledger"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """A superuser holds no staff role's permission unless granted the role (ledger/backends.py), and the
        audit log hears staff log-ins and Django admin changes (ledger/signals.py)."""
        from ledger import signals  # noqa: F401  (connects the audit receivers)
        from ledger.roles import STAFF_PERMISSIONS

        user_model = get_user_model()
        if hasattr(user_model, "grant_only_permissions"):
            user_model.grant_only_permissions = frozenset(STAFF_PERMISSIONS)
