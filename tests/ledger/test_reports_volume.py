"""The reports on 3,000 settled deals: every report pages and filters by date, game, table and player,
its totals equal a direct SQL sum, and no list is silently cut (the export holds every filtered row)."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone

from ledger.money import format_money
from ledger.reports import reconcile
from tests.ledger.volume import make_volume

pytestmark = [pytest.mark.django_db]

DEALS = 3000


@pytest.fixture(scope="module")
def volume(django_db_setup, django_db_blocker):
    """The 3,000 deals once for the module, in a transaction rolled back at its end (each test's own changes are
    rolled back to a savepoint inside it)."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield make_volume(DEALS)
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture
def finance(client, make_user, role):
    from ledger.roles import FINANCE

    client.force_login(role(make_user("fiona", is_staff=True), FINANCE))
    return client


def sql(query: str, *params):
    """One row of a direct SQL query, sums as ints (PostgreSQL's SUM of bigint is numeric)."""
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return tuple(int(v) for v in cursor.fetchone())


def overall(page: str) -> list[str]:
    """The cells of the "Total, all N rows" footer line, and N first."""
    row = re.search(r'<tr class="total overall">(.*?)</tr>', page, re.S).group(1)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    count = re.search(r"Total, all (\d+) rows", row).group(1)
    return [count, *cells]


def export(client, url: str) -> list[list[str]]:
    response = client.get(url + ("&" if "?" in url else "?") + "format=csv&sep=semicolon")
    assert response.content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))


TITLES = {"French Tarot", "Tarock (Zwanzigerrufen)", "Rummy (Rommé)", "Jass: Differenzler"}
UNITS = "FROM ledger_settlementunit u WHERE u.status = 'settled'"
# PostgreSQL's SQL: the tests that use it ask for the postgres fixture (skipped on SQLite, required in CI)
LOCAL_DAY = f"(u.closed_at AT TIME ZONE '{settings.TIME_ZONE}')::date"


def test_the_fixture_is_a_consistent_ledger(volume):
    assert reconcile().ok
    assert sql(f"SELECT COUNT(*) {UNITS}")[0] == DEALS


def test_settlements_page_filter_and_total_like_sql(postgres, volume, finance):
    url = reverse("ledger:staff_settlements")
    today = timezone.localdate()
    first, last = today - timedelta(days=20), today - timedelta(days=10)
    cases = {
        "": ("", ()),
        f"?date_from={first}&date_to={last}": (f" AND {LOCAL_DAY} BETWEEN %s AND %s", (first, last)),
        "?game=tarock": (" AND u.game = %s", ("tarock",)),
        "?table=7": (" AND u.table_key = %s", ("table:7",)),
        "?player=J%C3%BCrg": (
            " AND u.id IN (SELECT s.unit_id FROM ledger_unitseat s JOIN ledger_account a ON a.id = s.account_id"
            " JOIN accounts_user p ON p.id = a.user_id WHERE p.username = %s)",
            ("Jürg",),
        ),
        "?game=rummy&table=3&date_from=" + str(today - timedelta(days=40)): (
            f" AND u.game = %s AND u.table_key = %s AND {LOCAL_DAY} >= %s",
            ("rummy", "table:3", today - timedelta(days=40)),
        ),
    }
    for query, (where, params) in cases.items():
        count, won, commission = sql(
            f"SELECT COUNT(*), COALESCE(SUM(u.total_won), 0), COALESCE(SUM(u.commission), 0) {UNITS}{where}",
            *params,
        )
        page = finance.get(url + query).content.decode()
        totals = overall(page)
        assert totals[0] == str(count), query
        assert format_money(won) in totals and format_money(commission) in totals, (query, totals)
        rows = export(finance, url + query)
        assert len(rows) == count + 1, query  # every filtered row, not one page
        assert sum(int(r[9].replace(",", "")) for r in rows[1:]) == commission  # the "Commission (C)" column
        assert [rows[0][i] for i in (1, 2, 8, 10)] == ["Game", "Table", "Rate (%)", "Deal"]
        for r in rows[1:]:  # what people read, not the keys: titles, "Table #7", "Deal #100001", "9" (%)
            assert r[1] in TITLES and re.fullmatch(r"Table #\d+", r[2]) and re.fullmatch(r"Deal #\d+", r[10])
            assert re.fullmatch(r"\d+(,\d+)?", r[8]) and float(r[8].replace(",", ".")) <= 100, r[8]
        if "game=tarock" in query:
            assert {r[1] for r in rows[1:]} == {"Tarock (Zwanzigerrufen)"}
        if count > 50:
            assert f"Rows 1–50 of {count}" in page
            last_page = finance.get(url + query + ("&" if query else "?") + f"page={(count + 49) // 50}")
            assert f"of {count}" in last_page.content.decode()


def test_results_per_group_total_like_sql(volume, finance):
    url = reverse("ledger:staff_results")
    for group, where in {
        "player": "a.is_bot = false AND p.is_staff = false",
        "bot": "a.is_bot = true",
        "staff": "a.is_bot = false AND p.is_staff = true",
    }.items():
        for query, extra, params in (
            ("", "", ()),
            ("&game=french-tarot", " AND u.game = %s", ("french-tarot",)),
            ("&table=12", " AND u.table_key = %s", ("table:12",)),
        ):
            deals, net, commission = sql(
                "SELECT COUNT(*), COALESCE(SUM(s.change), 0), COALESCE(SUM(s.share), 0) FROM ledger_unitseat s"
                " JOIN ledger_settlementunit u ON u.id = s.unit_id JOIN ledger_account a ON a.id = s.account_id"
                f" LEFT JOIN accounts_user p ON p.id = a.user_id WHERE u.status = 'settled' AND {where}{extra}",
                *params,
            )
            page = finance.get(f"{url}?group={group}{query}").content.decode()
            totals = overall(page)
            assert str(deals) in totals and format_money(net) in totals and format_money(commission) in totals
            rows = export(finance, f"{url}?group={group}{query}")
            assert sum(int(r[2]) for r in rows[1:]) == deals


def test_a_statement_pages_and_totals_like_sql(volume, finance):
    alice = volume["wallets"][0]
    url = reverse("ledger:staff_statement", args=[alice.pk])
    count, total = sql("SELECT COUNT(*), SUM(amount) FROM ledger_posting WHERE account_id = %s", alice.pk)
    page = finance.get(url).content.decode()
    assert overall(page)[0] == str(count) and format_money(total) in overall(page)
    assert f"Rows 1–50 of {count}" in page
    assert len(export(finance, url)) == count + 1
    count, total = sql(
        "SELECT COUNT(*), SUM(p.amount) FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id"
        " WHERE p.account_id = %s AND t.details->>'table' = 'table:5'",
        alice.pk,
    )
    assert overall(finance.get(url + "?table=5").content.decode())[:1] == [str(count)]


def test_commission_per_day_includes_days_without_play(postgres, volume, finance):
    today = timezone.localdate()
    first = today - timedelta(days=89)
    url = reverse("ledger:staff_commission") + f"?date_from={first}&date_to={today}&game=rummy"
    (commission,) = sql(
        f"SELECT COALESCE(SUM(u.commission), 0) {UNITS} AND u.game = 'rummy' AND {LOCAL_DAY} >= %s", first
    )
    rows = export(finance, url)
    assert len(rows) == 91  # 90 days, the 30 before the fixture's first deal as zeros
    assert sum(int(r[2].replace(",", "")) for r in rows[1:]) == commission
    assert [r for r in rows[1:] if r[1] == "0"]  # days without play are there
    page = finance.get(url).content.decode()
    assert page.count('class="bar"') == 90 and format_money(commission) in overall(page)


def test_accounts_keep_players_bots_staff_and_house_apart(volume, finance):
    url = reverse("ledger:staff_accounts")
    counts = {g: len(export(finance, f"{url}?group={g}")) - 1 for g in ("player", "bot", "staff", "house")}
    assert counts["player"] == 12 and counts["bot"] == 8 and counts["staff"] == 2  # croupier and fiona
    (house,) = sql("SELECT COUNT(*) FROM ledger_account WHERE kind <> 'wallet'")
    assert counts["house"] == house
    names = [r[1] for r in export(finance, f"{url}?group=player")[1:]]
    assert "'=1+1" in names and "'-2+3" in names and "Jürg" in names  # names, not ids; formulas neutralised
