"""Reading the lobby page in tests: the page draws no box itself (static/js/lobby.js draws them all), it embeds
the boxes as JSON for the script."""

from __future__ import annotations

import json
import re
from typing import Any


def page_boxes(page: str) -> list[dict[str, Any]]:
    """The boxes the lobby page hands to its script (games.lobby_boxes dicts), from `#lobby-boxes`."""
    found = re.search(r'<script id="lobby-boxes" type="application/json">(.*?)</script>', page, re.DOTALL)
    assert found, "the lobby page embeds no #lobby-boxes"
    return json.loads(found.group(1))
