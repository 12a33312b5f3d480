"""A worker killed mid-thought delays a bot's move but the table goes on: the sweeper sends the move again when
no answer came within settings.KIBITZ_BOT_REDISPATCH_SECONDS, and another worker makes it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from games.services.bot_work import BOT_MOVE_TASK, dispatch_due_bots
from signup.players import open_player_account

from .test_celery_work import bot_moves, table_with_a_bot_to_act
from .workers import start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def test_a_worker_killed_mid_thought_delays_the_move_but_the_table_goes_on(
    postgres, redis_url, settings, tmp_path
):
    settings.KIBITZ_BOT_PAUSE_SECONDS = 0
    settings.KIBITZ_BOT_REDISPATCH_SECONDS = 2
    user = get_user_model().objects.create_user("alice", password="pw-for-tests-only")
    open_player_account(user)
    table = table_with_a_bot_to_act(user)
    mark = tmp_path / "thinking"
    slow = start_worker(
        "tests.production.slow_worker", tmp_path / "slow.log", KIBITZ_TEST_THINKING_MARK=str(mark)
    )
    try:
        assert wait_for(mark.exists, 60, step=dispatch_due_bots), "the slow worker never started thinking"
    finally:
        stop_worker(slow, kill=True)  # kill -9 in the middle of the thought
    assert bot_moves(table) == 0
    worker = start_worker("platform_config", tmp_path / "worker.log", KIBITZ_BOT_CAP_SECONDS="3")
    try:
        assert wait_for(lambda: bot_moves(table) >= 1, 60, step=dispatch_due_bots), "the table stopped"
    finally:
        stop_worker(worker)
    # The move was made by the second worker, from a task the sweeper sent again after the kill.
    assert re.search(
        rf"{re.escape(BOT_MOVE_TASK)}\[[^]]+\] succeeded in \S+: True", (tmp_path / "worker.log").read_text()
    )
    assert not re.search(
        rf"{re.escape(BOT_MOVE_TASK)}\[[^]]+\] succeeded", (tmp_path / "slow.log").read_text()
    )
