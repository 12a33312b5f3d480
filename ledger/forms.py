"""Forms of the wallet page and the staff pages; money is typed in major units ("12.50") and stored in minor."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from ledger.models import LimitPeriod


def to_minor(value: Decimal) -> int:
    """12.5 → 1250; raises ValidationError for more than two decimals."""
    cents = value * 100
    if cents != cents.to_integral_value():
        raise forms.ValidationError(_("Use at most two decimals."))
    return int(cents)


class MoneyField(forms.DecimalField):
    """A decimal amount in major units, cleaned to integer minor units."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("max_digits", 12)
        kwargs.setdefault("decimal_places", 2)
        super().__init__(**kwargs)  # type: ignore[arg-type]

    def clean(self, value: object) -> int | None:  # type: ignore[override]
        cleaned = super().clean(value)
        return None if cleaned is None else to_minor(cleaned)


class LossLimitForm(forms.Form):
    period = forms.ChoiceField(label=_("Period"), choices=LimitPeriod.choices)
    amount = MoneyField(
        label=_("Loss limit"),
        required=False,
        min_value=Decimal(0),
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
                bands.append((to_minor(Decimal(lower)), int(Decimal(rate) * 100)))
            except (ValueError, InvalidOperation):
                raise forms.ValidationError(_("Each line needs a lower bound and a rate.")) from None
        return bands
