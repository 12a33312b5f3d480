"""Creating, joining ("Play"), leaving and starting tables."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from games.engines.core import BOT_LEVELS, Game, get_game
from games.engines.core.errors import RuleError
from games.errors import ServiceError
from games.models import Match, Round, Seat, Table
from games.reads.access import check_seat
from games.reads.rating_range import check_rating_range, range_error
from games.reads.seat_choice import check_chosen_seat, default_people_seats, seat_for_play
from games.reads.table_terms import (
    MAX_LIMIT,
    MAX_STAKE,
    TURN_SECONDS,
    TableTerms,
    default_limit,
    suggestions_allowed,
)

from . import rated_results, seating, settlement, table_chat
from .bot_accounts import bot_user
from .events import append_event
from .locking import lock_table
from .round_flow import reschedule_current
from .shuffling import deal_round, fix_next_deal, random_dealer


def create_table(
    user: User,
    terms: TableTerms,
    *,
    fixed_deal: dict[str, Any] | None = None,
    rematch_of: int | None = None,
) -> Table:
    """Open a table on `terms` (games.reads.table_terms.TableTerms): `user` takes seat 0, `terms.human_seats`
    seats are for people (games.reads.seat_choice.default_people_seats: at Schieber two people are partners, seats
    0 and 2), the others are bots of `terms.bot_level`; a stakes table without a limit gets the game's default
    (the rules file's §9), and the ledger checks that `user` can sit at it (docs/rules/settlement.md "Money
    safety").

    Args:
        fixed_deal: tests only (settings.KIBITZ_ALLOW_FIXED_DEALS): `{"order", "dealer"}` of the first deal.
        rematch_of: the finished table this one is the new game of (games.services.rematch), kept in the
            "created" event's data so the other players of that table find it.
    Returns the table, already playing when `terms.human_seats` is 1.
    Raises ServiceError("bad_request") for terms outside TableTerms' bounds (an unknown game, a limit of 0 at a
    stakes table, suggestions where games.reads.table_terms.suggestions_allowed refuses them, a rated table whose
    match never ends (Game.match_ends) and a rating range games.reads.rating_range.range_error refuses among them),
    the ledger's refusals of a stakes table (ServiceError with code
    `insufficient_funds`, `loss_limit`, `self_excluded`) or the engine's IllegalAction("bad_options").
    """
    game = _game_of(terms.game)
    opts = game.normalize_options(terms.options)
    seats = game.seat_count(opts)
    _check_terms(terms, seats)
    if terms.rated and not game.match_ends(opts):
        raise ServiceError("bad_request", _("a rated table needs a match that ends"))
    wrong_range = range_error(terms.rated, terms.rating_min, terms.rating_max, terms.established_only)
    if wrong_range is not None:
        raise ServiceError("bad_request", wrong_range)
    limit = terms.limit
    if terms.stake > 0 and limit is None:
        limit = default_limit(game.key, terms.stake)  # rules file §9: every stakes table has a limit
    with transaction.atomic():
        table = Table.objects.create(
            game=game.key,
            options=opts,
            stake=terms.stake,
            limit=limit,
            access=terms.access,
            turn_seconds=terms.turn_seconds,
            bot_level=terms.bot_level,
            suggestions=terms.suggestions,
            rated=terms.rated,
            rating_min=terms.rating_min,
            rating_max=terms.rating_max,
            established_only=terms.established_only,
            created_by=user,
        )
        settlement.check_player_can_sit(user, table, seats)
        _seat_company(table, user, default_people_seats(game, opts, terms.human_seats))
        created: dict[str, Any] = {"user": user.pk}
        if rematch_of is not None:
            created["rematch_of"] = rematch_of
        append_event(table, "created", seat=0, data=created)
        if fixed_deal is not None:
            fix_next_deal(
                table, fixed_deal.get("order") or [], fixed_deal.get("dealer"), fixed_deal.get("bot_seed")
            )
        if terms.human_seats == 1:
            _start(table)
    return table


def _game_of(game_key: str) -> Game[Any]:
    """The registered game of `game_key` (a key or an alias). Raises ServiceError("bad_request") for another."""
    try:
        return get_game(game_key)
    except KeyError:
        raise ServiceError("bad_request", _("unknown game %(game)s") % {"game": repr(game_key)}) from None


def _check_terms(terms: TableTerms, seats: int) -> None:
    """Refuse terms outside TableTerms' bounds for a game of `seats` seats: ServiceError("bad_request")."""
    if not 1 <= terms.human_seats <= seats:
        raise ServiceError("bad_request", _("human seats must be 1..%(seats)s") % {"seats": seats})
    if terms.bot_level not in BOT_LEVELS:
        raise ServiceError(
            "bad_request", _("bot level must be one of %(levels)s") % {"levels": ", ".join(BOT_LEVELS)}
        )
    if (
        not TURN_SECONDS[0] <= terms.turn_seconds <= TURN_SECONDS[1]
        or not 0 <= terms.stake <= MAX_STAKE
        or (terms.limit is not None and not 0 <= terms.limit <= MAX_LIMIT)
    ):
        raise ServiceError("bad_request", _("turn time, stake or limit out of range"))
    if terms.access not in Table.Access.values:
        raise ServiceError("bad_request", _("unknown access"))
    if terms.stake > 0 and terms.limit == 0:
        # Never a hidden default: a limit of 0 would be shown while the game's default is reserved.
        raise ServiceError(
            "bad_request", _("a stakes table needs a positive limit (or none, for the game's default)")
        )
    if terms.suggestions and not suggestions_allowed(terms):
        raise ServiceError("bad_request", _("Suggested moves are only for unrated tables without stakes."))


def _seat_company(table: Table, user: User, people: list[int]) -> None:
    """The seats of a new table: `user` at seat 0, the other seats of `people` free for people, the others bots
    of the table's level."""
    for number in range(get_game(table.game).seat_count(table.options)):
        human = number in people
        Seat.objects.create(
            table=table,
            number=number,
            for_human=human,
            user=user if number == 0 else (None if human else bot_user(table.bot_level, number)),
            bot_level="" if human else table.bot_level,
        )


def join(user: User, table_id: int, seat: int | None = None, new_seat: bool = False) -> int:
    """ "Play": seat `user` at the free seat meant for a person they chose (`seat`, a seat number), or without
    one at the seat games.reads.seat_choice.seat_for_play picks (the host's partner at Schieber, else the lowest
    free one); a person already seated keeps their seat (nobody changes seat). With `new_seat` (the table socket's
    "sit", which makes the socket that sent it play the seat) a person already seated is refused ("seated"):
    checked with the table row locked, so two windows of one person pressing Play at once seat them once.

    Starts the match when the last human seat is taken; the table's chat gets the "joined" line. Returns the
    seat number. Raises ServiceError("table_full" | "not_open" | "no_table"), for a chosen seat
    ("no_such_seat" | "bot_seat" | "seat_taken", games.reads.seat_choice.check_chosen_seat) or ("seated_elsewhere")
    when `user` holds another seat of the table, ("seated") with `new_seat` when they hold one, the access refusals of
    games.reads.access.check_seat ("not_allowed", "not_friends", "kicked", "ignored", "approval_needed"),
    ("out_of_range") when a rated table's rating range does not admit `user` (games.reads.rating_range),
    or at a stakes table the ledger's refusal (`insufficient_funds`, `loss_limit`, `self_excluded`) with its reason.
    """
    with transaction.atomic():
        table = lock_table(table_id)
        mine = Seat.objects.filter(table=table, user=user, bot_level="").first()
        if mine is not None:
            if new_seat:
                raise ServiceError("seated", _("You already have a seat at this table."))
            if seat is not None and seat != mine.number:
                raise ServiceError(
                    "seated_elsewhere",
                    _("You sit at seat %(seat)s; nobody changes seat.") % {"seat": mine.number + 1},
                )
            return mine.number
        # A rated table's range, before the access (so no seat request waits for a host who could not seat it):
        # every way to a seat comes here.
        check_rating_range(table, user)
        check_seat(table, user)  # the table's access, invitations, kicks, ignores
        if table.status != Table.Status.OPEN:
            raise ServiceError("not_open", _("this table is not waiting for players"))
        free = _seat_to_take(table, seat)
        settlement.check_player_can_sit(user, table, Seat.objects.filter(table=table).count())
        free.user, free.bot_reason, free.replaced = user, "", None
        free.save(update_fields=["user", "bot_reason", "replaced"])
        append_event(table, "join", seat=free.number, data={"user": user.pk})
        table_chat.system_line(table, "joined", user)
        if not Seat.objects.filter(table=table, for_human=True, user__isnull=True).exists():
            _start(table)
        return free.number


def _seat_to_take(table: Table, chosen: int | None) -> Seat:
    """The seat a person joining `table` takes: the one they chose (checked by check_chosen_seat), or
    seat_for_play's. Raises ServiceError("table_full") when no seat meant for a person is free."""
    seats = list(Seat.objects.filter(table=table).order_by("number"))
    if chosen is not None:
        return check_chosen_seat(seats, chosen)
    free = [s.number for s in seats if s.for_human and s.user_id is None]
    if not free:
        raise ServiceError("table_full", _("no free seat"))
    held = [s.number for s in seats if s.for_human and s.user_id is not None]
    number = seat_for_play(get_game(table.game), table.options, free, held)
    return next(s for s in seats if s.number == number)


def leave(user: User, table_id: int) -> None:
    """Leave a table (docs/decisions-social.md "Leave and log off"). While a settlement unit runs (a deal in
    progress; the match at a Jass stakes table) a bot of the table's level stands in and the seat is freed when
    the unit ends, settled as usual (games.services.seating); otherwise the seat is freed at once and a running
    match waits for a person to take it. A person away from the table, whose seat a bot plays, gives it up the
    same way. A table nobody is at closes once nothing is at stake. The table's chat gets the "left" line. Leaving
    a rated match before its end rates the leaver last (games.services.rated_results.left_match).

    Raises ServiceError("not_seated" | "no_table").
    """
    with transaction.atomic():
        table = lock_table(table_id)
        seat = Seat.objects.filter(table=table, user=user, bot_level="").first()
        if seat is None:  # away, while a bot plays for them (games.services.absence): leaving gives it up too
            seat = Seat.objects.filter(table=table, bot_reason="absent", replaced=user).first()
        if seat is None:
            raise ServiceError("not_seated", _("you have no seat at this table"))
        rated_results.left_match(table, seat.number, user.pk)  # a rated match left before its end
        running = table.status == Table.Status.PLAYING and seating.unit_running(table)
        if running:
            seating.stand_in(table, seat)
        else:
            seating.free(seat)
        append_event(table, "leave", seat=seat.number, data={"user": user.pk})
        table_chat.system_line(table, "left", user)
        if running:
            reschedule_current(table)  # the seat became a bot: it may be its turn now
        elif not seating.people_seated(table):
            seating.close(table)
        elif table.status == Table.Status.PLAYING:
            seating.wait_for_players(table)
            table.save()


def leave_every_table(user: User) -> list[int]:
    """Log-off (docs/decisions-social.md "Leave and log off"): `leave` every open or playing table where `user` holds
    a seat (or is away from one a bot plays for them), each in its own transaction. Returns the ids of the tables
    left; one the table service refuses to leave (left meanwhile in another tab) is skipped."""
    held = Seat.objects.filter(
        Q(user=user, bot_level="") | Q(bot_reason="absent", replaced=user),
        table__status__in=[Table.Status.OPEN, Table.Status.PLAYING],
    )
    left = []
    for table_id in sorted(set(held.values_list("table_id", flat=True))):
        try:
            leave(user, table_id)
        except ServiceError:  # left meanwhile (another tab): nothing to do
            continue
        left.append(table_id)
    return left


def _start(table: Table) -> None:
    """Every seat is taken (inside the caller's transaction): resume a match that waited for a free seat
    with its next deal, else start the first match with a random first dealer."""
    game = get_game(table.game)
    table.status = Table.Status.PLAYING
    last = Round.objects.filter(table=table).order_by("-number").select_related("match").first()
    if last is not None and not last.match.over:
        append_event(table, "resume")
        _deal_after(table, last)
        return
    append_event(table, "start")
    match = Match.objects.create(table=table, number=1)
    deal_round(table, match, random_dealer(game.seat_count(table.options)), None)


def start_next_round(table_id: int, expected_version: int | None = None) -> bool:
    """Deal the next round of the match after a finished deal ("Next deal", or the sweeper when
    `next_deal_at` passes). Returns False (nothing done) when the table moved on or nothing is pending:
    pressed twice, or racing the sweeper, only one deal happens."""
    with transaction.atomic():
        table = lock_table(table_id)
        if expected_version is not None and table.version != expected_version:
            return False
        if table.status != Table.Status.PLAYING or table.next_deal_at is None:
            return False
        last = Round.objects.filter(table=table).order_by("-number").select_related("match").first()
        if last is None or last.status != Round.Status.DONE:
            return False
        return _deal_after(table, last)


def _deal_after(table: Table, last: Round) -> bool:
    """Deal the round of `last`'s match that follows it (the engine's `next_round`); False when the match has no
    next round. True also when nobody at the table could cover the deal and the table closed instead
    (shuffling.deal_round)."""
    game = get_game(table.game)
    try:
        nxt = game.next_round(game.from_json(last.snapshot))
    except RuleError:
        nxt = None
    if nxt is None:
        return False
    deal_round(table, last.match, nxt.dealer, nxt.start)
    return True
