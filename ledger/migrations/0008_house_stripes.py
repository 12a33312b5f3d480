"""Stripes of the house commission account (issue 20, docs/decisions-ledger.md "House stripes").

Forward: `Account.stripe_of`, then for every house account `house:{currency}` (the head) its other stripes
`house:EUR:1` … `house:EUR:{KIBITZ_HOUSE_STRIPES − 1}`, empty. The head keeps its id, its postings and its cached
balance as stripe 0, so no money moves: Σ of all balances is unchanged (still 0), every cached balance
still equals Σ its postings, and no transaction is booked.

Backward (safe on a database that has settled since): each head takes back what its stripes hold in one balanced
transaction (key `house_stripes_merged:{head id}:{n}`, kind `adjustment`, each stripe's balance to the head, as
ledger.posting writes it: locked rows, `balance_after`), so the old code's one house row holds the whole
commission again; stripes without postings are deleted, the others stay as empty house accounts (append-only
postings keep them), and the column goes.
"""

import contextlib

from django.conf import settings
from django.db import migrations, models

from ledger.posting import fingerprint

REASON = "house stripes merged into the head account (migration 0008 reversed)"


def forward(apps, schema_editor):
    Account = apps.get_model("ledger", "Account")
    count = max(1, int(getattr(settings, "KIBITZ_HOUSE_STRIPES", 8)))
    for head in heads(Account):
        for k in range(1, count):
            # A stripe left empty by an earlier backward run is taken back as that stripe.
            Account.objects.update_or_create(
                name=f"{head.name}:{k}",
                defaults={"stripe_of": head},
                create_defaults={"kind": "house", "currency": head.currency, "stripe_of": head},
            )
    check_now(schema_editor)


def heads(Account):
    """The house accounts named `house:{currency}` (the heads; their stripes are `house:{currency}:{k}`)."""
    found = Account.objects.filter(kind="house", stripe_of__isnull=True).order_by("pk")
    return [a for a in found if a.name == f"house:{a.currency}"]


def backward(apps, schema_editor):
    Account = apps.get_model("ledger", "Account")
    Transaction = apps.get_model("ledger", "Transaction")
    Posting = apps.get_model("ledger", "Posting")
    for head in heads(Account):
        group = list(
            Account.objects.select_for_update()
            .filter(models.Q(pk=head.pk) | models.Q(stripe_of=head))
            .order_by("pk")
        )
        accounts = {a.pk: a for a in group}
        moved = sum(a.balance for a in group if a.pk != head.pk)
        lines = sorted(
            [(a.pk, -a.balance) for a in group if a.pk != head.pk and a.balance]
            + ([(head.pk, moved)] if moved else [])
        )
        if lines:
            n = Transaction.objects.filter(key__startswith=f"house_stripes_merged:{head.pk}:").count()
            booked = Transaction.objects.create(
                key=f"house_stripes_merged:{head.pk}:{n}",
                fingerprint=fingerprint(
                    {"kind": "adjustment", "lines": lines, "reason": REASON, "reverses": None}
                ),
                kind="adjustment",
                reason=REASON,
                details={"house": head.name, "stripes": [a.name for a in group if a.pk != head.pk]},
            )
            for account_id, delta in lines:
                account = accounts[account_id]
                account.balance += delta
                account.save(update_fields=["balance"])
                Posting.objects.create(
                    transaction=booked, account_id=account_id, amount=delta, balance_after=account.balance
                )
        for stripe in group:
            if stripe.pk != head.pk and not Posting.objects.filter(account=stripe).exists():
                with contextlib.suppress(models.ProtectedError):  # e.g. a staff request names it: it stays
                    stripe.delete()
    check_now(schema_editor)


def check_now(schema_editor):
    """Run PostgreSQL's deferred checks (balanced transactions, foreign keys) now: the column's index and its
    removal cannot be done while checks are pending on the table."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


class Migration(migrations.Migration):
    dependencies = [("ledger", "0007_take_back_bot_grants")]
    operations = [
        migrations.AddField(
            model_name="account",
            name="stripe_of",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=models.deletion.PROTECT,
                related_name="stripes",
                to="ledger.account",
            ),
        ),
        migrations.RunPython(forward, backward),
    ]
