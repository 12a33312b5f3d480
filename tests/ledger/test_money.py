"""ledger.money: minor units to text and back, exactly, in each site language; and the money fields of forms."""

from __future__ import annotations

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.forms import NewTableForm
from ledger.forms import AdjustmentForm, LossLimitForm, ScheduleForm
from ledger.money import (
    MAX_MINOR,
    MoneyFormatError,
    decimal_mark,
    format_money,
    format_rate,
    format_signed_money,
    parse_money,
    parse_rate,
)
from ledger.templatetags.ledger_money import money, percent, signed_money


@pytest.mark.parametrize(
    ("minor", "language", "text"),
    [
        (792, None, "7.92"),
        (792, "en", "7.92"),
        (792, "de", "7,92"),
        (792, "de-ch", "7,92"),
        (792, "nl", "7,92"),
        (792, "pt", "7,92"),
        (792, "fr", "7,92"),
        (-300, None, "-3.00"),
        (5, None, "0.05"),
        (-5, "de", "-0,05"),
        (0, None, "0.00"),
        (123456789, None, "1234567.89"),  # never grouped
    ],
)
def test_it_formats_minor_units_with_two_places(minor, language, text):
    assert format_money(minor, language) == text


def test_it_signs_gains_and_shows_rates_without_trailing_zeros():
    assert (format_signed_money(792), format_signed_money(-300), format_signed_money(0)) == (
        "+7.92",
        "-3.00",
        "0.00",
    )
    assert (format_rate(900), format_rate(750), format_rate(1234), format_rate(750, "de")) == (
        "9 %",
        "7.5 %",
        "12.34 %",
        "7,5 %",
    )


@pytest.mark.parametrize("value", [7.92, "792", None, True])
def test_it_refuses_to_format_anything_but_an_int(value):
    with pytest.raises(TypeError):
        format_money(value)


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("12.50", 1250),
        ("12,50", 1250),
        ("12,5", 1250),
        ("12", 1200),
        (".5", 50),
        ("0", 0),
        ("-3", -300),
        ("+1.00", 100),
        ("−3.00", -300),
        (" 7.92 ", 792),
        ("12.", 1200),
    ],
)
def test_it_reads_typed_amounts_exactly(text, minor):
    assert parse_money(text) == minor


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "not_an_amount"),
        ("-", "not_an_amount"),
        (".", "not_an_amount"),
        ("ten", "not_an_amount"),
        ("1.000,50", "not_an_amount"),
        ("1 000", "not_an_amount"),
        ("1e3", "not_an_amount"),
        ("١٢", "not_an_amount"),  # other scripts' digits
        ("0.125", "too_many_decimals"),
        ("1,000", "too_many_decimals"),  # an English thousand is refused, not read as 1.000
        ("99999999999999999", "too_large"),
    ],
)
def test_it_refuses_what_it_cannot_read_exactly(text, code):
    with pytest.raises(MoneyFormatError) as refused:
        parse_money(text)
    assert refused.value.code == code and refused.value.message


@given(st.integers(-MAX_MINOR, MAX_MINOR), st.sampled_from([None, "en", "de", "nl", "pt", "fr"]))
def test_what_it_formats_it_reads_back(minor, language):
    assert parse_money(format_money(minor, language)) == minor


def test_rates_are_read_in_hundredths_of_a_per_cent():
    assert (parse_rate("9"), parse_rate("7.5"), parse_rate("7,25")) == (900, 750, 725)
    with pytest.raises(MoneyFormatError):
        parse_rate("7.125")


def test_the_marks_follow_the_site_languages(settings):
    assert {code: decimal_mark(code) for code, _name in settings.LANGUAGES} == {
        "en": ".",
        "de": ",",
        "nl": ",",
        "pt": ",",
        "fr": ",",
    }
    assert decimal_mark(None) == decimal_mark("xx") == "."


def test_the_template_filters_speak_the_active_language():
    with translation.override("de"):
        assert (money(792), signed_money(792), percent(750), money(None)) == ("7,92", "+7,92", "7,5 %", "")
    with translation.override("en"):
        assert (money(792), signed_money(-300), percent(900)) == ("7.92", "-3.00", "9 %")


def new_table(**fields):
    data = {"game": "french-tarot", "bot_level": "standard", "human_seats": 1, "access": "public"}
    data |= {
        "turn_seconds": 30,
        "french-tarot__profile": "fft",
        "french-tarot__match_end": "deals:1",
        **fields,
    }
    return NewTableForm(data)


def test_the_new_game_dialog_reads_stake_and_limit_in_minor_units():
    form = new_table(stake="0,10", limit="15.00")
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["stake"], form.cleaned_data["limit"]) == (10, 1500)
    form = new_table(stake="0")
    assert form.is_valid() and form.cleaned_data["limit"] is None


@pytest.mark.parametrize(
    ("stake", "code"), [("0.125", "too_many_decimals"), ("-1", "negative"), ("x", "not_an_amount")]
)
def test_the_new_game_dialog_refuses_a_stake_it_would_have_to_round(stake, code):
    form = new_table(stake=stake)
    assert not form.is_valid()
    assert form.errors.as_data()["stake"][0].code == code


def test_the_ledger_forms_read_money_the_same_way():
    assert LossLimitForm({"period": "day", "amount": "20,00"}).is_valid()
    limit = LossLimitForm({"period": "day", "amount": "20,00"})
    limit.is_valid()
    assert limit.cleaned_data["amount"] == 2000
    adjustment = AdjustmentForm({"account": 1, "amount": "-3.50", "reason": "typo"})
    assert adjustment.is_valid() and adjustment.cleaned_data["amount"] == -350
    assert not LossLimitForm({"period": "day", "amount": "-1"}).is_valid()
    schedule = ScheduleForm({"effective_from": "2030-01-01 00:00", "bands": "0 10\n1,00 9\n5.00 7.5"})
    assert schedule.is_valid(), schedule.errors
    assert schedule.cleaned_data["bands"] == [(0, 1000), (100, 900), (500, 750)]
    refused = ScheduleForm({"effective_from": "2030-01-01 00:00", "bands": "1.005 9"})
    assert not refused.is_valid() and refused.errors.as_data()["bands"][0].code == "too_many_decimals"
