from django.apps import AppConfig


class SignupConfig(AppConfig):
    name = "signup"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the starting balance to the first confirmed address)
