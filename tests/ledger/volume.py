"""Volume data for the report tests and the back-office screenshots: N settled deals over 60 days, four games,
twenty tables, players, bots and a staff member who plays, each deal reserved and settled as ledger.units books it
(the same keys, lines and details, amounts from ledger.calculation), written with bulk inserts so 3,000 deals
take seconds. reconcile() must stay green on the result; the tests check it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from ledger import services as ledger
from ledger.calculation import DEFAULT_BANDS, calculate_settlement, worst_case
from ledger.models import Account, Posting, SettlementUnit, Transaction, UnitSeat, UnitStatus
from ledger.posting import fingerprint
from signup.players import open_player_account

GAMES = ("french-tarot", "tarock", "rummy", "differenzler")
PLAYER_NAMES = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "gina",
    "hugo",
    "=1+1",
    "-2+3",
    "Jürg",
    "Zoë",
)
FUNDS = 5_000_000


@contextmanager
def backdated() -> Iterator[None]:
    """Let bulk inserts set `created_at` themselves (auto_now_add would stamp now)."""
    fields = [m._meta.get_field("created_at") for m in (Transaction, SettlementUnit)]
    for f in fields:
        f.auto_now_add = False
    try:
        yield
    finally:
        for f in fields:
            f.auto_now_add = True


def make_volume(deals: int = 3000, seed: int = 19) -> dict[str, Any]:
    """Book `deals` settled deals; returns {"players": users, "staff_player": user, "bots": wallets,
    "wallets": all seat wallets}. Every wallet is funded first (grants, then one bot funding each)."""
    rng = random.Random(seed)
    people, croupier = _players()
    wallets = [ledger.wallet_for(u) for u in [*people, croupier]]
    bots = [ledger.bot_wallet(f"{g}:expert:{i}") for g in GAMES for i in range(2)]
    _fund([*wallets, *bots])
    seat_pool = [*wallets, *bots]
    balances = {a.pk: a.balance for a in Account.objects.all()}
    house = ledger.house_account()
    escrows = {t: ledger.escrow_for(f"table:{t}") for t in range(1, 21)}
    balances.update({e.pk: e.balance for e in escrows.values()})
    balances.setdefault(house.pk, house.balance)
    now = timezone.now()
    txs: list[Transaction] = []
    lines_of: list[list[tuple[int, int]]] = []
    units: list[SettlementUnit] = []
    seats_of: list[list[dict[str, Any]]] = []
    for n in range(deals):
        table = rng.randint(1, 20)
        game = GAMES[table % 4]
        players = 3 if game == "rummy" and rng.random() < 0.5 else 4
        chosen = rng.sample(seat_pool, players)
        stake, limit = rng.choice([(10, 1500), (50, 2000), (100, 5000)])
        winner = rng.randrange(players)
        payments = [(s, winner, rng.randint(1, 30)) for s in range(players) if s != winner]
        if rng.random() < 0.3:
            payments = [(winner, s, rng.randint(1, 30)) for s in range(players) if s != winner]
        calc = calculate_settlement(payments, stake=stake, limit=limit, seats=players, bands=DEFAULT_BANDS)
        at = now - timedelta(days=rng.randint(0, 59), minutes=rng.randint(0, 1200))
        unit_id = f"round:{100_000 + n}"
        escrow = escrows[table]
        reserve = worst_case(limit, players)
        seats = []
        for s, w in enumerate(chosen):
            lines = sorted([(w.pk, -reserve), (escrow.pk, reserve)])
            txs.append(
                Transaction(
                    key=f"reserve:{unit_id}:{s}",
                    fingerprint=fingerprint({"lines": lines}),
                    kind="reserve",
                    details={"unit": unit_id, "seat": s, "table": f"table:{table}", "worst_case": reserve},
                    created_at=at - timedelta(minutes=5),
                )
            )
            lines_of.append(lines)
            seats.append({"seat": s, "account": w, "reserve_index": len(txs) - 1})
        settle_lines = [(escrow.pk, -reserve * players), (house.pk, calc.commission)]
        settle_lines += [(w.pk, reserve + calc.wallet_changes[s]) for s, w in enumerate(chosen)]
        txs.append(
            Transaction(
                key=f"settle:{unit_id}",
                fingerprint=fingerprint({"unit": unit_id}),
                kind="settle",
                details={
                    "unit": unit_id,
                    "table": f"table:{table}",
                    "round": None,
                    "game": game,
                    "calculation": calc.to_json(),
                },
                created_at=at,
            )
        )
        lines_of.append([(a, v) for a, v in settle_lines if v != 0])
        units.append(
            SettlementUnit(
                unit_id=unit_id,
                table_key=f"table:{table}",
                game=game,
                stake=stake,
                limit=limit,
                seats=players,
                escrow=escrow,
                status=UnitStatus.SETTLED,
                created_at=at - timedelta(minutes=5),
                closed_at=at,
                rate_bp=calc.rate_bp,
                value=calc.value,
                commission=calc.commission,
                total_won=calc.total_won,
            )
        )
        for s in seats:
            s.update(
                delta=calc.deltas[s["seat"]],
                share=calc.shares[s["seat"]],
                change=calc.wallet_changes[s["seat"]],
            )
        seats_of.append(seats)
    # Book in time order, so each posting's balance_after is the running balance.
    order = sorted(range(len(txs)), key=lambda i: txs[i].created_at)
    with backdated():
        created = Transaction.objects.bulk_create([txs[i] for i in order], batch_size=2000)
        by_key = {t.key: t for t in created}
        postings = _postings([(by_key[txs[i].key], lines_of[i]) for i in order], balances)
        Posting.objects.bulk_create(postings, batch_size=5000)
        made_units = SettlementUnit.objects.bulk_create(units, batch_size=2000)
    seat_rows = _unit_seats(made_units, seats_of, [by_key[tx.key] for tx in txs])
    UnitSeat.objects.bulk_create(seat_rows, batch_size=5000)
    settle_by_unit = {t.details["unit"]: t for t in created if t.kind == "settle"}
    for unit in made_units:
        unit.settle_transaction = settle_by_unit[unit.unit_id]
    SettlementUnit.objects.bulk_update(made_units, ["settle_transaction"], batch_size=2000)
    accounts = list(Account.objects.filter(pk__in=list(balances)))
    for a in accounts:
        a.balance = balances[a.pk]
    Account.objects.bulk_update(accounts, ["balance"], batch_size=1000)
    return {"players": people, "staff_player": croupier, "bots": bots, "wallets": wallets}


def _players() -> tuple[list[Any], Any]:
    """The people of PLAYER_NAMES and the staff member who plays ("croupier"), each with a player account."""
    users = get_user_model()
    people = []
    for name in PLAYER_NAMES:
        user = users.objects.create(username=name)
        open_player_account(user)
        people.append(user)
    croupier = users.objects.create(username="croupier", is_staff=True)
    open_player_account(croupier)
    return people, croupier


def _fund(wallets: list[Account]) -> None:
    """FUNDS (minor units) into each of `wallets` from the promotions account, one posting each."""
    promotions = ledger.promotions_account()
    for i, w in enumerate(wallets):
        ledger.post(
            key=f"volume:fund:{i}", kind="bot_funding", lines=[(w.pk, FUNDS), (promotions.pk, -FUNDS)]
        )


def _postings(
    booked: list[tuple[Transaction, list[tuple[int, int]]]], balances: dict[int, int]
) -> list[Posting]:
    """The postings of `booked` (each stored transaction with its (account id, amount) lines, in time order), each
    with the running balance after it; `balances` (account id → balance) is moved on to the end."""
    postings = []
    for tx, lines in booked:
        for account_id, amount in lines:
            balances[account_id] = balances.get(account_id, 0) + amount
            postings.append(
                Posting(
                    transaction=tx,
                    account_id=account_id,
                    amount=amount,
                    balance_after=balances[account_id],
                )
            )
    return postings


def _unit_seats(
    units: list[SettlementUnit], seats_of: list[list[dict[str, Any]]], stored: list[Transaction]
) -> list[UnitSeat]:
    """The seat rows of each stored unit, from its seats' bookkeeping (`reserve_index` into `stored`, the stored
    transactions in booking order)."""
    seat_rows = []
    for unit, seats in zip(units, seats_of, strict=True):
        for s in seats:
            reserve_tx = stored[s["reserve_index"]]
            seat_rows.append(
                UnitSeat(
                    unit=unit,
                    seat=s["seat"],
                    account=s["account"],
                    reserved=reserve_tx.details["worst_case"],
                    reserve_transaction=reserve_tx,
                    delta=s["delta"],
                    share=s["share"],
                    change=s["change"],
                )
            )
    return seat_rows
