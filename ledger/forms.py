"""Forms of the wallet page and the staff pages; money is typed in major units ("12.50", "12,50") and cleaned to
integer minor units by ledger.money, which refuses what it cannot read exactly."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ledger.models import LimitPeriod
from ledger.money import MoneyFormatError, format_money, parse_money, parse_rate
from ledger.roles import ROLE_LABELS


class MoneyField(forms.Field):
    """An amount typed in major units, cleaned to integer minor units (None when empty and not required).

    Args (besides Field's): allow_negative (False for a stake, a limit or a loss limit); max_value, the highest
    amount in minor units (None: no bound). Form errors: ledger.money.parse_money's (`not_an_amount`,
    `too_many_decimals`, `too_large`), `negative` and `max_value`.
    """

    widget = forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "maxlength": 24})

    def __init__(self, *, allow_negative: bool = True, max_value: int | None = None, **kwargs: Any) -> None:
        self.allow_negative = allow_negative
        self.max_value = max_value
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> int | None:
        text = "" if value is None else str(value).strip()
        if not text:
            return None
        try:
            minor = parse_money(text)
        except MoneyFormatError as error:
            raise forms.ValidationError(error.message, code=error.code) from None
        if minor < 0 and not self.allow_negative:
            raise forms.ValidationError(_("Enter an amount that is not negative."), code="negative")
        if self.max_value is not None and minor > self.max_value:
            raise forms.ValidationError(
                _("Enter an amount of at most %(max)s.")
                % {"max": format_money(self.max_value, get_language())},
                code="max_value",
            )
        return minor


class LossLimitForm(forms.Form):
    period = forms.ChoiceField(label=_("Period"), choices=LimitPeriod.choices)
    amount = MoneyField(
        label=_("Loss limit"),
        required=False,
        allow_negative=False,
        help_text=_("Leave empty to remove the limit (takes effect after 24 hours)."),
    )


class SelfExclusionForm(forms.Form):
    DAYS = [
        (1, _("24 hours")),
        (7, _("One week")),
        (30, _("One month")),
        (182, _("Six months")),
        (365, _("One year")),
        (1825, _("Five years")),
    ]
    days = forms.TypedChoiceField(label=_("Exclude me for"), choices=DAYS, coerce=int)
    confirm = forms.BooleanField(label=_("I understand this cannot be shortened."), required=True)


class AdjustmentForm(forms.Form):
    account = forms.IntegerField(label=_("Account id"), min_value=1)
    amount = MoneyField(label=_("Amount (+ credit, − debit)"))
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=1000)


class RolesForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    roles = forms.MultipleChoiceField(
        label=_("Roles"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=list(ROLE_LABELS.items()),
    )
    reason = forms.CharField(label=_("Reason"), max_length=1000)


class DeviceResetForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    reason = forms.CharField(label=_("Reason"), max_length=1000)


class CoolOffForm(forms.Form):
    days = forms.TypedChoiceField(
        label=_("Cool-off"),
        coerce=int,
        choices=[(1, _("24 hours")), (7, _("One week")), (30, _("One month")), (90, _("Three months"))],
    )
    reason = forms.CharField(label=_("Reason"), max_length=1000)


class ReversalForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=1000)


class ScheduleForm(forms.Form):
    effective_from = forms.DateTimeField(label=_("In force from"), help_text=_("YYYY-MM-DD HH:MM, site time"))
    bands = forms.CharField(
        label=_("Bands"),
        help_text=_('One band per line: lower bound of V and rate in %, e.g. "0 10", "1.00 9".'),
        widget=forms.Textarea(attrs={"rows": 5}),
    )
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def clean_bands(self) -> list[tuple[int, int]]:
        bands = []
        for line in self.cleaned_data["bands"].splitlines():
            if not line.strip():
                continue
            try:
                lower, rate = line.split()
                bands.append((parse_money(lower), parse_rate(rate)))
            except MoneyFormatError as error:
                raise forms.ValidationError(error.message, code=error.code) from None
            except ValueError:
                raise forms.ValidationError(_("Each line needs a lower bound and a rate.")) from None
        return bands
