"""One after-commit notify (platform_config.notify, modelled on Zulip's send_event_on_commit): it is the only module
that queues work on commit or reaches the channel layer from outside a consumer, it sends nothing before the
commit, and under the tests every message is round-tripped through JSON when it is queued."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from platform_config import notify

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "tests", "build", "node_modules", "staticfiles", ".git"}
OWNER = "platform_config/notify.py"


def _modules_matching(pattern: str) -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if SKIPPED.intersection(relative.parts):
            continue
        if re.search(pattern, path.read_text(encoding="utf-8")):
            found.append(relative.as_posix())
    return found


def test_only_the_notify_module_queues_on_commit_or_fetches_the_channel_layer():
    assert _modules_matching(r"\bon_commit\b") == [OWNER]
    assert _modules_matching(r"\bget_channel_layer\b") == [OWNER]
    # Consumers message each other through their own `self.channel_layer` (a seat's takeover), never after a commit.
    senders = [m for m in _modules_matching(r"\bgroup_send\b") if not m.startswith("games/consumers/")]
    assert senders == [OWNER]


@pytest.fixture
def listener(settings):
    """An in-memory channel layer and one channel in the group "probe"; returns a function reading its next
    message (None when there is none)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)("probe", channel)

    async def _next():
        return await layer.receive(channel) if layer.channels.get(channel) else None

    return lambda: async_to_sync(_next)()


@pytest.mark.django_db(transaction=True)
def test_it_sends_after_the_commit_and_nothing_after_a_rollback(listener):
    with transaction.atomic():
        notify.send_on_commit("probe", {"type": "table.version", "version": 3})
        assert listener() is None  # not before the commit
    assert listener() == {"type": "table.version", "version": 3}
    with pytest.raises(RuntimeError), transaction.atomic():
        notify.send_on_commit("probe", {"type": "table.version", "version": 4})
        raise RuntimeError("the move failed")
    assert listener() is None


@pytest.mark.django_db(transaction=True)
def test_under_the_tests_a_message_travels_as_json(listener):
    notify.send_on_commit("probe", {"type": "panel.changed", "seats": (1, 2), "votes": {3: 1}})
    assert listener() == {"type": "panel.changed", "seats": [1, 2], "votes": {"3": 1}}


def test_a_payload_that_is_not_json_fails_where_it_is_queued(settings):
    settings.KIBITZ_NOTIFY_JSON_CHECK = True
    with pytest.raises(TypeError):
        notify.send_on_commit("probe", {"type": "chat.message", "at": datetime.datetime(2026, 1, 1)})
    with pytest.raises(ValueError):
        notify.send_on_commit("probe", {"type": "table.version", "version": float("nan")})


def test_the_tests_run_with_the_json_check_on(settings):
    assert settings.KIBITZ_NOTIFY_JSON_CHECK
