"""Bot-only play through the pure engines, giving rated results the way the site rates them
(docs/decisions-ratings.md "What is rated", "Bots: fixed anchors"): what `manage.py ratings calibrate-bots` rates
(ratings.calibration) and what benchmarks/rating_strength_order.py ranks. No Django, no table service, no clock:
the same seed gives the same results.

A table is a list of players, one per seat; a player is a `Player` (a bot of a level, or the standard bot with a
mistake rate). `play_table` plays one match at it (a per-deal game: at most `deals` deals of it) and returns its
rated results, each as per seat `(side, place)`: per scored deal by `Game.deal_sides` (French Tarot, Tarock), per
finished match by the seat groups and the final places (`games.engines.core.standings.match_sides`: Schieber,
Differenzler, Rummy).
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engines.core import Action, Game, RuleError, all_games, get_game
from games.engines.core.standings import match_sides

Sides = list[tuple[int, int]]
"""One rated result: per seat `(side, place)`; seats of one side are partners, place 1 is best, equal places tie."""

MAX_STEPS = 20_000
"""Actions after which a deal is taken as stuck (an engine bug): RuntimeError."""

MAX_MATCH_DEALS = 200
"""Deals after which a match of a per-match game is taken as endless: RuntimeError."""


@dataclass
class Player:
    """One seat's player: the bot of `level` (games.engines.core.BOT_LEVELS) that, with probability `mistakes`
    (0..1), plays a uniformly random legal action instead of its own choice for a move due (a "mistake player");
    optional calls (Jass's "Enough, thanks", Rummy's knock) are always the bot's. When the game lists no legal
    actions for the phase (too many to list, e.g. a discard), the bot's choice stands. `rng` draws the mistakes
    (seeded by the caller), apart from the rng the bot's own choice uses."""

    level: str
    mistakes: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def choose(
        self, bot: Any, view: dict[str, Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Any:
        """The player's action for a move due: `bot.choose(view, seat, legal, rng)`, or with probability
        `mistakes` a uniform pick among `legal` (the draw is made at every move, so p = 0 plays exactly the bot's
        choices and p = 1 exactly uniform ones)."""
        if self.mistakes > 0 and legal and self.rng.random() < self.mistakes:
            return self.rng.choice(list(legal))
        return bot.choose(view, seat, legal, rng)


def rated_unit(game: Game[Any]) -> str | None:
    """What the site rates for `game`: "deal", "match" or None (its declaration's `rated_unit`)."""
    return game.declaration.rated_unit


def rated_game_keys() -> list[str]:
    """The keys of the registered games the site rates (a `rated_unit`), sorted."""
    return sorted(key for key, game in all_games().items() if rated_unit(game) is not None)


def play_table(
    game: Game[Any], options: dict[str, Any], players: Sequence[Player], seed: str, deals: int
) -> list[Sides]:
    """Play one match of `game` with `players[s]` at seat s, from `seed` (deals, bots' and mistakes' rngs are
    derived from it), and return its rated results in order. A per-deal game stops after `deals` deals or at
    its match end, whichever comes first (every scored deal is one result); a per-match game plays to its end
    (one result, or none when the standings give no ranking). Raises RuntimeError for a stuck deal or an endless
    match, ValueError for a game that is not rated."""
    unit = rated_unit(game)
    if unit is None:
        raise ValueError(f"{game.key} is not rated")
    seats = game.seat_count(options)
    bots = [game.bot(player.level) for player in players]
    results: list[Sides] = []
    dealer, start = random.Random(f"{seed}:dealer").randrange(seats), None
    for number in range(MAX_MATCH_DEALS):
        deal = game.deal_cards(random.Random(f"{seed}:deal:{number}"), dealer, options, start)
        state = game.new_round(options, deal, dealer, start)
        state = _play_deal(game, state, players, bots, random.Random(f"{seed}:bots:{number}"))
        following = game.next_round(state)
        if unit == "deal":
            sides = game.deal_sides(game.result(state) or {})
            if sides is not None:
                results.append(sides)
            if following is None or number + 1 >= deals:
                return results
        elif following is None:
            final = match_sides(game.seat_groups(options), game.standings(state))
            return [final] if final is not None else []
        assert following is not None
        dealer, start = following.dealer, following.start
    raise RuntimeError(f"{game.key} match {seed} does not end")


def _play_deal(
    game: Game[Any], state: Any, players: Sequence[Player], bots: list[Any], rng: random.Random
) -> Any:
    """Play one deal to its end as the site's bots do (games.services.play.bot_move): the seats holding only an
    optional call are asked first, lowest seat first, then the lowest seat with a move due; a bot with a memory
    (`observe`) is shown every view of its seat, as games.engines.core.seat_choice replays them. A refused action
    is replaced by the seat's timeout action, as the site does."""
    for _step in range(MAX_STEPS):
        if game.result(state) is not None:
            return state
        _show(game, state, bots)
        seat, action = _next_move(game, state, players, bots, rng)
        try:
            state = game.apply(state, seat, action)
        except RuleError:
            state = game.apply(state, seat, game.timeout_action(state, seat))
    raise RuntimeError(f"{game.key}: a deal does not end")


def _next_move(
    game: Game[Any], state: Any, players: Sequence[Player], bots: list[Any], rng: random.Random
) -> tuple[int, Any]:
    due = game.due(state)
    for caller in sorted(game.to_act(state) - due):
        call = bots[caller].optional_call(
            game.view(state, caller), caller, game.legal_actions(state, caller), rng
        )
        if call is not None:
            return caller, call
    if not due:
        seat = min(game.to_act(state))
        return seat, game.timeout_action(state, seat)
    seat = min(due)
    choice = players[seat].choose(
        bots[seat], game.view(state, seat), seat, game.legal_actions(state, seat), rng
    )
    return seat, choice if choice is not None else game.timeout_action(state, seat)


def _show(game: Game[Any], state: Any, bots: list[Any]) -> None:
    for seat, bot in enumerate(bots):
        observe = getattr(bot, "observe", None)
        if observe is not None:
            observe(game.view(state, seat), seat)


@dataclass(frozen=True)
class Seating:
    """One table of a run: its match seed and the player (an index into the run's players) at each seat."""

    seed: str
    players: tuple[int, ...]


def mixed_seatings(levels_of: Sequence[str], seats: int, tables: range, seed: int) -> list[Seating]:
    """The seatings of tables `tables` (indices) among the players whose levels are `levels_of` (index = player):
    every table holds each level once and fills its other seats with players of random levels, each seat a
    different player, seats shuffled. Table t's seating depends only on `seed` and t. Raises ValueError when a
    level has too few players to fill a table."""
    levels = sorted(set(levels_of), key=list(levels_of).index)
    pool = {level: [i for i, lv in enumerate(levels_of) if lv == level] for level in levels}
    out = []
    for table in tables:
        rng = random.Random(f"{seed}:seating:{table}")
        wanted = levels[:seats] + [rng.choice(levels) for _ in range(seats - len(levels))]
        picked: list[int] = []
        for level in sorted(set(wanted), key=levels.index):
            count = wanted.count(level)
            if count > len(pool[level]):
                raise ValueError(f"{level} has fewer than {count} players")
            picked += rng.sample(pool[level], count)
        rng.shuffle(picked)
        out.append(Seating(f"{seed}:table:{table}", tuple(picked)))
    return out


def random_seatings(players: int, seats: int, tables: range, seed: int) -> list[Seating]:
    """The seatings of tables `tables` (indices): `seats` different players drawn uniformly from `players`; table
    t's seating depends only on `seed` and t."""
    return [
        Seating(
            f"{seed}:table:{t}", tuple(random.Random(f"{seed}:seating:{t}").sample(range(players), seats))
        )
        for t in tables
    ]


@dataclass(frozen=True)
class BotPlay:
    """What `manage.py ratings calibrate-bots` asks of the games (registered with
    ratings.calibration.register_bot_play by games.apps, since the ratings import nothing of the tables)."""

    deals_per_table: int = 8
    """Deals a table of a per-deal game plays before the players are seated anew (French Tarot's match of 8)."""

    def games(self) -> list[str]:
        """The rated games' keys (`rated_game_keys`)."""
        return rated_game_keys()

    def unit(self, key: str) -> str:
        """ "deal" or "match": what one rated result of `key` is."""
        return rated_unit(get_game(key)) or ""

    def results(
        self, key: str, levels_of: Sequence[str], count: int, seed: int, jobs: int = 1
    ) -> list[list[tuple[int, int, int]]]:
        """About `count` rated results of bot-only play of `key` at its default options among the players whose
        levels are `levels_of` (`mixed_seatings`), in order; each result per seat `(player, side, place)`.
        `jobs` worker processes play the tables; the results do not depend on it."""
        seats = get_game(key).seat_count(get_game(key).normalize_options({}))

        def seating(tables: range) -> list[tuple[Seating, list[Player]]]:
            return [
                (s, [Player(levels_of[p]) for p in s.players])
                for s in mixed_seatings(levels_of, seats, tables, seed)
            ]

        return collect(key, count, seating, jobs, self.deals_per_table)


def collect(
    key: str,
    count: int,
    seating: Callable[[range], list[tuple[Seating, list[Player]]]],
    jobs: int = 1,
    deals: int = 8,
) -> list[list[tuple[int, int, int]]]:
    """The first `count` rated results of `key` at its default options, tables 0, 1, … seated by `seating(tables)`
    (each table's Seating and its Player per seat) and played by `play_table` (at most `deals` deals a table of a
    per-deal game), in order; each result per seat `(player, side, place)`. `jobs` worker processes play the
    tables; the results do not depend on it (tables are seeded by their index)."""
    game = get_game(key)
    per_table = 1 if rated_unit(game) == "match" else max(1, deals // 3)
    out: list[list[tuple[int, int, int]]] = []
    table = 0
    while len(out) < count:
        batch = range(table, table + max(2 * jobs, -(-(count - len(out)) // per_table)))
        table = batch.stop
        seated = seating(batch)
        args = [(key, players, s.seed, deals) for s, players in seated]
        for (s, _players), played in zip(seated, _map(args, jobs), strict=True):
            out += [[(s.players[seat], *sides[seat]) for seat in range(len(s.players))] for sides in played]
    return out[:count]


def _table(args: tuple[str, list[Player], str, int]) -> list[Sides]:
    key, players, seed, deals = args
    game = get_game(key)
    return play_table(game, game.normalize_options({}), players, seed, deals)


def _map(args: list[tuple[str, list[Player], str, int]], jobs: int) -> list[list[Sides]]:
    """`_table` over `args` in order, in `jobs` processes when more than one."""
    if jobs <= 1:
        return [_table(a) for a in args]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(_table, args, chunksize=1)
