"""The Django project of Kibitz (DESIGN.md "Layout": the design card's `platform`)."""

from .celery import app as celery_app

__all__ = ["celery_app"]
