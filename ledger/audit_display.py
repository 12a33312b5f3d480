"""How the audit log page and its export show an entry's target and details (docs/decisions-ledger.md "Audit
log"). A refused attempt has no object row (nothing was made), so its target is read from the ids its details
keep (the service call's plain arguments); an admin change names the row it touched; everything else in the
details (the schedule's start and bands, the admin's change message, the staff member's reason of a refused
call) is summed up in one line."""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.models import AuditEntry, AuditOutcome

# details key → how its id is named; in this order, the first ones present make the target.
TARGET_KEYS = (
    "account",
    "request_id",
    "transaction_id",
    "grant_id",
    "schedule_id",
    "user",
    "staff_member",
    "round",
)
# shown in their own columns (amount, the outcome's code) or as the target: not repeated in the summary
SHOWN_ELSEWHERE = frozenset({"amount", "code", "object_type", "object_id", *TARGET_KEYS})


def _target_names() -> dict[str, str]:
    return {
        "account": _("account #%(id)s"),
        "request_id": _("request #%(id)s"),
        "transaction_id": _("transaction #%(id)s"),
        "grant_id": _("role grant #%(id)s"),
        "schedule_id": _("schedule version #%(id)s"),
        "user": _("user #%(id)s"),
        "staff_member": _("user #%(id)s"),
        "round": _("deal #%(id)s"),
    }


def target(entry: AuditEntry) -> str:
    """What `entry` was about, as people read it: its object's label ("alice's wallet"), else the row an admin
    change touched ("User #5"), else the ids of a refused call ("request #12"); "—" when nothing names one."""
    if entry.object_label:
        return entry.object_label
    details = entry.details or {}
    if details.get("object_type") and details.get("object_id"):
        return f"{details['object_type']} #{details['object_id']}"
    names = _target_names()
    found = [names[key] % {"id": details[key]} for key in TARGET_KEYS if details.get(key) not in (None, "")]
    return ", ".join(found) or "—"


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    return str(value)


def summary(entry: AuditEntry) -> str:
    """The rest of `entry`'s details as one line, "key: value; key: value" in key order (the admin's change
    message, a schedule's effective_from and bands, a refused call's reason …); "" when nothing is left."""
    details = entry.details or {}
    return "; ".join(
        f"{key}: {_shown(value)}"
        for key, value in sorted(details.items())
        if key not in SHOWN_ELSEWHERE and value not in (None, "", [], {})
    )


# A refusal's code (details["code"]) → what it means, read in the viewer's language at display: the entry's own
# reason is the message in the language of the staff member who was refused.
REFUSALS = {
    "not_allowed": gettext_lazy("your staff role does not allow this"),
    "own_account": gettext_lazy("nobody approves a credit to their own wallet"),
    "granted_by_requester": gettext_lazy(
        "the person who asked for this gave you the role you would decide it with; another colleague must"
    ),
    "no_such_request": gettext_lazy("there is no such request"),
    "already_decided": gettext_lazy("this was already decided"),
    "same_staff": gettext_lazy("a second staff member must decide this"),
    "no_reason": gettext_lazy("a reason is needed"),
    "zero_amount": gettext_lazy("an adjustment of zero changes nothing"),
    "not_a_player_wallet": gettext_lazy("only a player's wallet can be adjusted"),
    "over_request_max": gettext_lazy("over the most one adjustment may move"),
    "over_day_max": gettext_lazy("over the most one staff member's adjustments may move in a day"),
    "no_such_transaction": gettext_lazy("there is no such transaction"),
    "already_reversed": gettext_lazy("the transaction is already reversed"),
    "already_requested": gettext_lazy("the same request is already waiting"),
    "own_roles": gettext_lazy("another administrator must do this for one's own account"),
    "already_held": gettext_lazy("this user is already an administrator"),
    "administrators_exist": gettext_lazy(
        "two administrators exist: grant the role on the staff-roles page, where a second approves it"
    ),
    "notice_too_short": gettext_lazy("the version would start before its notice period is over"),
    "wrong_code": gettext_lazy("the one-time code was not accepted"),
    "throttled": gettext_lazy("too many wrong codes: not checked"),
    "staff_account": gettext_lazy("a staff account is not changed in the Django admin"),
}


def reason(entry: AuditEntry) -> str:
    """The Reason column: a refused entry's refusal in the viewer's language (REFUSALS by its code, with a capital
    first letter), else the reason as written (the staff member's own words, or a refusal whose code has no text
    here)."""
    code = (entry.details or {}).get("code")
    if entry.outcome == AuditOutcome.REFUSED and code in REFUSALS:
        return str(capfirst(str(REFUSALS[code])))
    return entry.reason or "—"
