"""Accounts: the custom User, set before the first migration so it can grow without a painful swap."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player or staff member of Kibitz (is_staff marks staff)."""
