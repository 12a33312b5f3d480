"""The wallet page and the staff reports, through Django's test client."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from accounts.models import Profile
from ledger import services as ledger
from ledger.models import (
    AdjustmentRequest,
    LossLimit,
    ReversalRequest,
    SelfExclusion,
    SettlementUnit,
    Transaction,
)
from tests.ledger.example_deal import settle_example_deal


@pytest.fixture
def settled(players):
    settle_example_deal(players, result={"contract": "petite"})
    return players


def read_csv(response):
    """Rows of an export, read with the delimiter it declares (the BOM dropped)."""
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=response["X-CSV-Delimiter"]))


@pytest.mark.django_db
def test_it_shows_the_wallet_balance_and_one_line_per_deal(client, settled):
    alice = settled[0]
    client.force_login(alice)
    page = client.get(reverse("ledger:wallet"))
    text = page.content.decode()
    assert page.status_code == 200
    assert 'id="wallet-balance">107.92<' in text
    # one line for the deal: net +7.92, stake result +9.00, commission 1.08; its postings folded under it
    assert "+7.92" in text and "+9.00" in text and "1.08" in text
    assert "-54.00" in text and "+61.92" in text  # the reservation and the settlement, folded
    assert "Deal settled · French Tarot" in text and "french-tarot" not in text  # the title, not the key
    rows = read_csv(client.get(reverse("ledger:wallet") + "?format=csv&sep=comma"))
    assert rows[0] == ["Time", "What", "Stake result", "Commission", "Net", "Balance"]
    assert rows[1][1] == "Deal settled — French Tarot"
    assert [r[4] for r in rows[1:]] == ["7.92", "100.00"]
    assert [r[2:4] for r in rows[1:]] == [["9.00", "1.08"], ["", ""]]


@pytest.mark.django_db
def test_it_requires_a_login_for_the_wallet(client):
    assert client.get(reverse("ledger:wallet")).status_code == 302


@pytest.mark.django_db
def test_it_sets_limits_and_self_exclusion_from_the_wallet_page(client, players):
    alice = players[0]
    client.force_login(alice)
    client.post(reverse("ledger:loss_limit"), {"period": "day", "amount": "20.00"})
    assert LossLimit.objects.get(user=alice).amount == 2000
    client.post(reverse("ledger:self_exclusion"), {"days": "7", "confirm": "on"})
    assert SelfExclusion.objects.filter(user=alice).count() == 1
    with pytest.raises(ledger.NotEligible):
        ledger.check_can_join_stakes_table(alice, 10, 100, 4)


@pytest.mark.django_db
def test_it_hides_staff_reports_from_players(client, players):
    client.force_login(players[0])
    assert client.get(reverse("ledger:staff_settlements")).status_code == 403


@pytest.mark.django_db
def test_it_shows_staff_the_settlement_with_the_whole_calculation(client, settled, staff):
    client.force_login(staff[0])
    listing = client.get(reverse("ledger:staff_settlements")).content.decode()
    assert "Deal #42" in listing and "Table #3" in listing and "French Tarot" in listing
    assert "round:42" not in listing and "table:3" not in listing
    # the game key only as the filter's value, its title as the option people read
    assert listing.count("french-tarot") == 1 and '"french-tarot">French Tarot</option>' in listing
    unit_pk = SettlementUnit.objects.get(unit_id="round:42").pk
    detail = client.get(reverse("ledger:staff_settlement", args=[unit_pk])).content.decode()
    assert "Deal #42" in detail and "Table #3 · French Tarot" in detail and "round:42" not in detail
    assert 'id="calc-v">3.00<' in detail and 'id="calc-rate">9 %<' in detail and 'id="calc-c">1.08<' in detail
    assert "+7.92" in detail and "petite" in detail
    rows = read_csv(client.get(reverse("ledger:staff_settlements") + "?format=csv&sep=comma"))
    header, row = rows[0], dict(zip(rows[0], rows[1], strict=True))
    assert header[0] == "\ufeffSettled" or header[0] == "Settled"
    assert row["Deal"] == "Deal #42" and row["Value (V)"] == "3.00" and row["Commission (C)"] == "1.08"
    assert row["Game"] == "French Tarot" and row["Table"] == "Table #3"
    assert row["Rate (%)"] == "9"  # a percentage, not the 900 basis points stored
    filtered = client.get(reverse("ledger:staff_settlements") + "?game=french-tarot&table=3").content.decode()
    assert "Deal #42" in filtered  # the filters still take the keys
    assert "Deal #42" not in client.get(reverse("ledger:staff_settlements") + "?table=4").content.decode()


@pytest.mark.django_db
def test_it_exports_settlements_in_german_with_translated_labels_and_the_rate_in_percent(
    client, settled, staff
):
    Profile.objects.update_or_create(user=staff[0], defaults={"language": "de"})
    client.force_login(staff[0])
    response = client.get(reverse("ledger:staff_settlements") + "?format=csv")
    assert response["X-CSV-Delimiter"] == ";"
    rows = read_csv(response)
    row = dict(zip(rows[0], rows[1], strict=True))
    assert row["Satz (%)"] == "9" and row["Tisch"] == "Tisch Nr. 3" and row["Spiel"] == "Spiel Nr. 42"
    assert "Französisches Tarot" in rows[1]


@pytest.mark.django_db
def test_it_charts_daily_commission_and_downloads_it(client, settled, staff):
    client.force_login(staff[0])
    page = client.get(reverse("ledger:staff_commission")).content.decode()
    assert "<svg" in page and 'class="bar"' in page and "1.08" in page
    rows = read_csv(client.get(reverse("ledger:staff_commission") + "?format=csv&sep=comma"))
    assert rows[1][1:] == ["1", "1.08"]
    assert len(rows) == 31  # the header and 30 days, days without play included


@pytest.mark.django_db
def test_it_reports_bots_apart_from_players(client, players, staff):
    bots = [ledger.bot_wallet(f"b{i}") for i in range(3)]
    ledger.reserve_unit(
        unit_id="round:1",
        table_key="table:1",
        stake=100,
        limit=1000,
        wallets=[ledger.wallet_for(players[0]), *bots],
    )
    ledger.settle_unit(unit_id="round:1", payments=[(1, 0, 3), (2, 0, 3), (3, 0, 3)])
    client.force_login(staff[0])
    url = reverse("ledger:staff_results")
    players_rows = read_csv(client.get(url + "?format=csv&sep=comma"))
    bot_rows = read_csv(client.get(url + "?group=bot&format=csv&sep=comma"))
    wallet = ledger.wallet_for(players[0])
    assert [str(wallet.pk), "alice", "1", "7.92", "0.00", "1.08", "7.92"] in players_rows
    assert len(players_rows) == 2  # bots are not among the players
    assert [str(bots[0].pk), "bot:b0", "1", "0.00", "3.00", "0.00", "-3.00"] in bot_rows
    page = client.get(url + "?group=bot").content.decode()
    assert "-3.00" in page and "9.00" in page  # the bots' rows and their total lost


@pytest.mark.django_db
def test_it_shows_reconciliation_green_and_downloads_it(client, settled, staff):
    client.force_login(staff[0])
    page = client.get(reverse("ledger:staff_reconciliation")).content.decode()
    assert 'class="light green"' in page and 'class="light red"' not in page
    rows = read_csv(client.get(reverse("ledger:staff_reconciliation") + "?format=csv"))
    assert rows[1] == ["sum_of_balances", "", "0.00", "ok"]


@pytest.mark.django_db
def test_it_shows_a_players_statement_to_staff(client, settled, staff):
    client.force_login(staff[0])
    wallet = ledger.wallet_for(settled[1])
    page = client.get(reverse("ledger:staff_statement", args=[wallet.pk])).content.decode()
    assert "bob" in page and "97.00" in page
    rows = read_csv(client.get(reverse("ledger:staff_statement", args=[wallet.pk]) + "?format=csv"))
    assert len(rows) == 4
    deal = rows[0].index("Deal")
    assert {r[deal] for r in rows[1:]} == {"Deal #42", ""}  # the grant belongs to no deal
    assert "Deal #42" in page and "round:42" not in page
    player = client.get(reverse("staff_player", args=[settled[1].pk])).content.decode()
    assert "Table #3" in player and "Deal settled · French Tarot" in player
    assert "table:3" not in player and "round:42" not in player


@pytest.mark.django_db
def test_it_takes_two_staff_members_to_book_an_adjustment_through_the_pages(client, players, staff):
    sam, tess = staff
    wallet = ledger.wallet_for(players[0])
    client.force_login(sam)
    client.post(
        reverse("ledger:staff_adjustments"), {"account": wallet.pk, "amount": "5.00", "reason": "goodwill"}
    )
    request = AdjustmentRequest.objects.get()
    client.post(reverse("ledger:staff_decide_adjustment", args=[request.pk]), {"decision": "approve"})
    assert AdjustmentRequest.objects.get().status == "pending"
    client.force_login(tess)
    client.post(reverse("ledger:staff_decide_adjustment", args=[request.pk]), {"decision": "approve"})
    assert AdjustmentRequest.objects.get().status == "approved"
    assert ledger.wallet_for(players[0]).balance == 10_500


@pytest.mark.django_db
def test_it_reverses_a_transaction_once_from_its_page(client, players, staff):
    grant = Transaction.objects.get(key=f"grant:user:{players[0].pk}")
    client.force_login(staff[0])
    url = reverse("ledger:staff_transaction", args=[grant.pk])
    client.post(url, {"reason": "test account"})
    assert Transaction.objects.filter(reverses=grant).count() == 0  # a request only
    assert "waits for a second staff member" in client.get(url).content.decode()
    request = ReversalRequest.objects.get()
    decide = reverse("ledger:staff_decide_reversal", args=[request.pk])
    client.post(decide, {"decision": "approve"})  # the requester cannot approve
    assert Transaction.objects.filter(reverses=grant).count() == 0
    client.force_login(staff[1])
    client.post(decide, {"decision": "approve"})
    assert Transaction.objects.filter(reverses=grant).count() == 1
    page = client.get(url).content.decode()
    assert "Reversed by" in page and "Request a reversal" not in page


@pytest.mark.django_db
def test_it_lets_an_administrator_add_a_commission_schedule_version(client, make_user, role):
    from ledger.roles import ADMINISTRATOR

    client.force_login(role(make_user("ada"), ADMINISTRATOR))
    client.post(
        reverse("ledger:staff_schedule"),
        {"effective_from": "2030-01-01 00:00", "bands": "0 10\n2.00 7.5", "note": "promo"},
    )
    from ledger.models import CommissionSchedule

    latest = CommissionSchedule.objects.order_by("-effective_from").first()
    assert latest.bands() == [(0, 1000), (200, 750)]
    page = client.get(reverse("ledger:staff_schedule")).content.decode()
    assert "7.5 %" in page and "ada" in page and "Waiting for approval" in page
    client.force_login(role(make_user("bea"), ADMINISTRATOR))
    client.post(reverse("ledger:staff_decide_schedule", args=[latest.pk]), {"decision": "approve"})
    page = client.get(reverse("ledger:staff_schedule")).content.decode()
    assert "planned" in page and "bea" in page


@pytest.mark.django_db
def test_it_shows_ledger_models_read_only_in_the_admin(client, settled, staff):
    sam = staff[0]
    sam.is_superuser = True
    sam.save()
    client.force_login(sam)
    assert client.get("/admin/ledger/transaction/").status_code == 200
    assert client.get("/admin/ledger/posting/add/").status_code == 403


@pytest.mark.django_db
def test_it_offers_the_wallet_balance_to_any_template(players):
    from django.template import Context, Template

    html = Template("{% load ledger_money %}{% wallet_balance user %}").render(Context({"user": players[0]}))
    assert html == "100.00"
