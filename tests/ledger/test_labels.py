"""The labels people read for a deal's game, table and unit (ledger.labels), in place of the internal keys."""

from __future__ import annotations

from django.utils import translation

from ledger.labels import deal_label, game_label, table_label


def test_keys_become_translated_labels_and_unknown_keys_stay_as_they_are():
    with translation.override("en"):
        assert game_label("french-tarot") == "French Tarot"  # registered by the games app at startup
        assert table_label("table:2") == "Table #2" and deal_label("round:3") == "Deal #3"
        assert deal_label("match:4") == "Match #4"
    with translation.override("fr"):
        assert table_label("table:2") == "Table n° 2" and deal_label("round:3") == "Donne n° 3"
    assert game_label("no-such-game") == "no-such-game" and game_label("") == ""
    assert (
        table_label("escrow") == "escrow" and table_label(None) == "" and deal_label("round:x") == "round:x"
    )
