"""JSON encoding of outgoing frames."""

from __future__ import annotations

import json
from typing import Any


def dumps(frame: dict[str, Any]) -> str:
    """Compact JSON of a frame (sorted keys are not needed; clients read by key)."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)
