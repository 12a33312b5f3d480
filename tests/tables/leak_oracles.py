"""Which cards a socket frame may show its recipient, per game: the independent oracles of the engine tests (each
reads only the stored state's `to_json`, never the engine's view code), applied to a whole frame (view, legal
actions, refusals, hints, table facts).

`check_frame(game, state_json, seat, frame)` raises AssertionError naming what leaked. For Rummy, whose identical
cards share a code, the view is counted per code (a multiset) against the copies the recipient may see, and the
seat's own lists (legal actions, refusals, hints) may name only codes it holds or the pile card it may take.
For Differenzler with secret calls, no frame tells a seat another seat's prediction before the round is scored
(phase `done`, docs/rules/jass.md §5.2, §7), also once all four are in: not in the view's `predictions`, nor under
any other key naming a prediction.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from tests.french_tarot.oracle import cards_in as tarot_cards_in
from tests.french_tarot.oracle import visible_cards as tarot_visible
from tests.jass.test_leak import forbidden_cards as jass_forbidden
from tests.jass.test_leak import secret_predictions as jass_secret_predictions
from tests.rummy.helpers import PACK_CODES, strings_and_lists
from tests.tarock.test_leaks import cards_in as tarock_cards_in
from tests.tarock.test_leaks import oracle_allowed as tarock_allowed

_STRING = re.compile(r'"([^"\\]*)"')
JOKER = "JK"


def _tarot(data: dict[str, Any], seat: int | None, frame: dict[str, Any]) -> None:
    leaked = tarot_cards_in(frame) - tarot_visible(data, seat)
    assert not leaked, f"French Tarot: seat {seat} is shown {sorted(leaked)}"


def _jass(data: dict[str, Any], seat: int | None, frame: dict[str, Any]) -> None:
    leaked = jass_forbidden(data, seat) & set(_STRING.findall(json.dumps(frame)))
    assert not leaked, f"Jass: seat {seat} is shown {sorted(leaked)}"
    hidden = jass_secret_predictions(
        data, seat
    )  # Differenzler secret calls before the round is scored (docs/rules/jass.md §7)
    if hidden:
        shown = (frame.get("view") or {}).get("predictions") or [None] * 4
        told = {s: shown[s] for s in hidden if shown[s] is not None}
        assert not told, f"Jass: seat {seat} is shown the secret predictions {told}"
        secrets = {data["predictions"][s] for s in hidden}
        elsewhere = _predict_values(frame, skip={"predictions", "predicted", "legal", "refusals"})
        assert not secrets & elsewhere, f"Jass: seat {seat} is shown a secret prediction in {elsewhere}"


def _predict_values(data: Any, skip: set[str], under: bool = False) -> set[int]:
    """The integers held under any key that names a prediction ("predict…") anywhere in `data`, except under the
    keys `skip` (the view's own list, checked above, and the seat's own legal calls, every value 0-157)."""
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in skip:
                found |= _predict_values(value, skip, under or "predict" in str(key))
    elif isinstance(data, list):
        for value in data:
            found |= _predict_values(value, skip, under)
    elif under and isinstance(data, int) and not isinstance(data, bool):
        found.add(data)
    return found


def _tarock(data: dict[str, Any], seat: int | None, frame: dict[str, Any]) -> None:
    leaked = tarock_cards_in(frame) - tarock_allowed(data, seat)
    assert not leaked, f"Tarock: seat {seat} is shown {sorted(leaked)}"


def _code(text: str) -> str:
    return JOKER if text.startswith(JOKER) else text


def _rummy(data: dict[str, Any], seat: int | None, frame: dict[str, Any]) -> None:
    if data["phase"] == "done":
        return  # rules §7: at done every remaining hand is shown to all
    public: Counter[str] = Counter(data["pile"])
    for meld in data["melds"]:
        public.update(meld[3])
    public.update(code for _, code in data["pile_takes"])
    if data["taken"] is not None:
        public[data["taken"]] += 1
    own: Counter[str] = Counter()
    if seat is not None and data["hands"][seat] is not None:
        own.update(data["hands"][seat])
        if seat == data["current"]:
            own.update(data["drawn"])
    frame = json.loads(json.dumps(frame))
    view = frame.pop("view") or {}
    view.pop("legal", None)  # the view's copy of the legal actions repeats the own hand: checked below
    seat_lists = [frame.pop(k, None) for k in ("legal", "refusals", "hints")]
    strings, _ = strings_and_lists([view, frame])
    shown = Counter(_code(s) for s in strings if _code(s) in PACK_CODES)
    allowed = public + own
    over = {c: n for c, n in shown.items() if n > allowed[c]}
    assert not over, f"Rummy: seat {seat} is shown more copies than it may see: {over}"
    top = data["pile"][-1:] if data["pile"] else []
    for text in strings_and_lists(seat_lists)[0]:
        code = _code(text)
        assert code not in PACK_CODES or own[code] > 0 or code in top or code == data["taken"], (
            f"Rummy: seat {seat}'s own lists name {text}, which it does not hold"
        )


ORACLES: dict[str, Callable[[dict[str, Any], int | None, dict[str, Any]], None]] = {
    "french-tarot": _tarot,
    "jass-schieber": _jass,
    "jass-differenzler": _jass,
    "tarock": _tarock,
    "rummy": _rummy,
}


def check_frame(
    game: str, state_json: dict[str, Any] | None, seat: int | None, frame: dict[str, Any]
) -> None:
    """No card in `frame` that `seat` (None: a spectator) may not see at the frame's version (`state_json`: the
    round's stored state then; None before the first deal, when no card may be shown at all)."""
    if state_json is None:
        assert frame.get("view") is None, frame
        return
    ORACLES[game](state_json, seat, frame)


def check_other_frame(frame: dict[str, Any]) -> None:
    """A frame that is not a state (ack, error, notice, chat) names no card of any game."""
    strings = set(_STRING.findall(json.dumps(frame)))
    assert not strings & (PACK_CODES | {"T1", "T21", "T22", "EX"}), frame
