"""The Django project of Kibitz (docs/design.md "Layout": the design card's `platform`)."""

from .celery import app as celery_app

__all__ = ["celery_app"]
