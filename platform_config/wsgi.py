"""WSGI entry point (management and plain HTTP tools; the site itself runs on ASGI)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "platform_config.settings")
application = get_wsgi_application()
