"""Take back the starting grants that bot accounts received: the grant was booked by a post_save
signal whose bot check read an attribute the user model lacked, so every house bot got 100.00 from promotions.

Each such grant is reversed once (key `bot_grant_return:{grant id}`, kind `reversal`, `reverses` the grant), for
at most what the bot's wallet still holds: no wallet goes below zero. What the bot has since lost at tables stays
lost; the reason says so. Postings, transactions and cached balances are written as ledger.posting writes them
(locked accounts, `balance_after`, one balanced transaction).
"""

from django.db import migrations

from ledger.posting import fingerprint

REASON = "bot accounts get no starting balance: grant booked by mistake, returned up to the wallet's balance"


def forward(apps, schema_editor):
    Transaction = apps.get_model("ledger", "Transaction")
    Posting = apps.get_model("ledger", "Posting")
    Account = apps.get_model("ledger", "Account")
    grants = (
        Transaction.objects.filter(kind="grant", reversed_by__isnull=True)
        .filter(postings__account__user__profile__bot_level__gt="")
        .distinct()
        .order_by("pk")
    )
    for grant in grants:
        postings = list(grant.postings.all())
        credit = next(p for p in postings if p.amount > 0)
        debit = next(p for p in postings if p.amount < 0)
        accounts = {
            a.pk: a
            for a in Account.objects.select_for_update()
            .filter(pk__in=[credit.account_id, debit.account_id])
            .order_by("pk")
        }
        wallet, promotions = accounts[credit.account_id], accounts[debit.account_id]
        amount = min(credit.amount, max(0, wallet.balance))
        if amount <= 0:
            continue
        lines = sorted([(wallet.pk, -amount), (promotions.pk, amount)])
        booked = Transaction.objects.create(
            key=f"bot_grant_return:{grant.pk}",
            fingerprint=fingerprint(
                {"kind": "reversal", "lines": lines, "reason": REASON, "reverses": grant.pk}
            ),
            kind="reversal",
            reason=REASON,
            reverses=grant,
            details={"reverses": grant.key, "granted": credit.amount, "returned": amount},
        )
        for account_id, delta in lines:
            account = accounts[account_id]
            account.balance += delta
            account.save(update_fields=["balance"])
            Posting.objects.create(
                transaction=booked, account_id=account_id, amount=delta, balance_after=account.balance
            )


class Migration(migrations.Migration):
    dependencies = [("ledger", "0006_staff_roles"), ("accounts", "0002_profile")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
