"""The seat label of a person who is away (docs/decisions-tables.md "Absence"), in Debian's Chromium with the
shell fed frames by hand: a bot plays the seat and the label says whose seat it is and that they are away."""

from __future__ import annotations

import pytest

from .test_table_shell import open_shell, state

pytestmark = pytest.mark.browser

__all__ = ["open_shell"]  # the fixture, shared with the shell's own tests


@pytest.mark.parametrize("you", [0, None])  # a player at the table and a spectator see it alike
def test_an_absent_seat_says_a_bot_plays_it_until_its_person_comes_back(open_shell, you):
    page = open_shell(you)
    frame = state(4, you)
    frame["table"]["seats"][2] |= {"bot_reason": "absent", "replaced": "<b>Ann</b>", "bot_level": "standard"}
    page.evaluate("(f) => window.shell.onFrame(f)", frame)
    label = page.locator('.seat-box[data-seat="2"] .seat-away')
    assert label.inner_text() == "<b>Ann</b> is away; a bot plays this seat until they come back."
    assert page.locator('.seat-box[data-seat="2"] .bot-badge').count() == 1
    assert page.locator(".seat-away").count() == 1  # only that seat
    assert not page.errors
