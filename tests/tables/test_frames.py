"""A frame's texts must be storable: lone surrogates (from JSON's \\ud800 escapes) and NUL characters are refused
as `bad_frame` before any service call, in any string of the frame."""

from __future__ import annotations

import json

import pytest

from games.realtime.frames import FrameError, parse_frame


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "act", "version": 3, "id": "\\ud800", "action": {"bid": "pass"}}',
        '{"type": "act", "version": 3, "id": "a\\u0000b", "action": {"bid": "pass"}}',
        '{"type": "act", "version": 3, "id": "m1", "action": {"play": "\\udfff"}}',
        '{"type": "act", "version": 3, "id": "m1", "action": {"\\ud83d": true}}',
        '{"type": "chat", "text": "hi \\ud800 there"}',
        '{"type": "chat", "text": "nul \\u0000"}',
        '{"type": "ping", "extra": ["\\udc00"]}',
    ],
)
def test_it_refuses_texts_that_cannot_be_stored(frame):
    with pytest.raises(FrameError) as refused:
        parse_frame(frame, None, 4096)
    assert refused.value.code == "bad_frame"


def test_it_accepts_real_unicode_including_a_surrogate_pair():
    frame = parse_frame(json.dumps({"type": "chat", "text": "Grüezi 🂡 \\ud83c\\udca1"}), None, 4096)
    assert frame["text"].startswith("Grüezi 🂡")
    paired = parse_frame('{"type": "chat", "text": "\\ud83c\\udca1"}', None, 4096)
    assert paired["text"] == "🂡"


@pytest.mark.parametrize(
    "frame",
    [
        "[" * 400 + "]" * 400,  # 800 bytes: a recursive walk of the decoded list overflowed Python's stack
        '{"type": "act", "version": 3, "id": "m1", "action": {"play": ' + "[" * 900 + "]" * 900 + "}}",
        '{"type": "ping", "extra": ' + '{"a": ' * 300 + "1" + "}" * 300 + "}",
        '{"type": "chat", "text": "hi", "x": ' + "[" * 8 + "]" * 8 + "}",
    ],
)
def test_it_refuses_frames_nested_too_deep_as_a_bad_frame(frame):
    with pytest.raises(FrameError) as refused:
        parse_frame(frame, None, 4096)
    assert refused.value.code == "bad_frame"


def test_it_takes_the_nesting_a_move_needs():
    """A Rummy lay-down of two melds is an object in a list in a list in the action in the frame."""
    melds = [
        [{"card": "7H"}, {"card": "8H"}, {"card": "9H"}],
        [{"card": "QS"}, {"card": "QD"}, {"card": "QC"}],
    ]
    frame = parse_frame(
        json.dumps({"type": "act", "version": 3, "id": "m1", "action": {"meld": [[melds]]}}), None, 4096
    )
    assert frame["action"]["meld"] == [[melds]]
