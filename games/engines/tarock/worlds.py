"""Sampling full deals consistent with one seat's view, for the expert's determinized search.

A world is a `TarockState` whose hidden parts (other hands, the cards of tricks the view does not show, who
the Rufer partner is) are drawn at random among those the view allows (docs/rules/tarock.md §7):
- cards in the view (own hand, trick in progress, last trick, visible won tricks) are fixed;
- a seat that did not follow a led suit (or a led tarock) in a visible trick is void in it;
- in a Rufer the declarer holds every Rufer tarock above the called one and not the called card; a seat
  shown as a defender does not hold it; a non-declarer shown as a declarer (or a public partner) does;
- the Pagat's announcer holds T1 (in hand or among its unseen played cards);
- a Farbensolo bidder was dealt five suit cards; a Solo bidder is taken to be strong (`_plausible`), by
  rejection sampling with a bounded number of tries.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK, PAGAT, RUFER_CALLS, SUIT_OF, is_tarock, sort_canonical
from .state import DECL, DEF, Item, TarockState, Trick

Slot = tuple[int, str]  # (seat, "hand" | "played")


def _visible_tricks(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Completed tricks the view shows, each seat's won tricks in their order and the last trick last."""
    last = view["last_trick"]
    tricks: list[dict[str, Any]] = []
    for won in view["won_tricks"]:
        tricks.extend(t for t in won or [] if t != last)
    if last:
        tricks.append(last)
    return tricks


def _voids(view: dict[str, Any], tricks: list[dict[str, Any]]) -> list[set[str]]:
    voids: list[set[str]] = [set() for _ in range(4)]
    shown = [t["cards"] for t in tricks]
    if view["trick"] and view["trick"]["cards"]:
        shown.append(view["trick"]["cards"])
    for cards in shown:
        led = SUIT_OF[cards[0][1]]
        for s, c in cards[1:]:
            if SUIT_OF[c] != led:
                voids[s].add(led)
                if led != "T" and not is_tarock(c):
                    voids[s].add("T")
    return voids


def _announcer(view: dict[str, Any], kind: str) -> int | None:
    for call in view["auction"]:
        bundle = call["call"].get("announce")
        if bundle == kind or (isinstance(bundle, list) and kind in bundle):
            seat: int = call["seat"]
            return seat
    return None


def sample_world(view: dict[str, Any], seat: int, rng: random.Random, tries: int = 30) -> TarockState:
    """One full state consistent with `view` (the view of `seat`, whose turn it is).

    Returns:
        a `TarockState` with `turn == seat`, the view's public facts and sampled hidden cards.
    """
    hand = list(view["hand"])
    visible = _visible_tricks(view)
    current = [(s, c) for s, c in view["trick"]["cards"]] if view["trick"] else []
    n_done = sum(view["tricks_won"])
    hidden_played = n_done - len(visible)
    fixed = set(hand) | {c for t in visible for _, c in t["cards"]} | {c for _, c in current}
    pool = [c for c in DECK if c not in fixed]
    capacity: dict[Slot, int] = {}
    for s in range(4):
        capacity[(s, "hand")] = 0 if s == seat else view["hand_sizes"][s]
        capacity[(s, "played")] = hidden_played
    voids = _voids(view, visible)
    forced: dict[str, list[Slot]] = {}
    contract, declarer, called = view["contract"], view["declarer"], view["called"]
    sides = view["sides"]
    if contract == "rufer" and called in pool:
        partner = view["partner"]
        if partner is None:
            partner = next((s for s in range(4) if s != declarer and sides[s] == DECL), None)
        if partner is not None:
            callers = {c["seat"] for c in view["auction"] if "pass" not in c["call"]}
            defenders = set(range(4)) - {declarer, partner}
            by_calls = partner in callers or defenders <= callers
            # public without a call: the called card must have been played in a trick this view does not show
            forced[called] = [(partner, "hand"), (partner, "played")] if by_calls else [(partner, "played")]
        else:
            forced[called] = [(s, "hand") for s in range(4) if s not in (seat, declarer) and sides[s] != DEF]
        for higher in RUFER_CALLS[: RUFER_CALLS.index(called)]:
            if higher in pool:
                forced[higher] = [(declarer, "hand"), (declarer, "played")]
    pagat_by = _announcer(view, "pagat")
    if pagat_by is not None and PAGAT in pool and pagat_by != seat:
        forced[PAGAT] = [(pagat_by, "hand"), (pagat_by, "played")]
    bidders = _bidders(view, seat)
    fallback: TarockState | None = None
    for _ in range(tries):
        placed = _place(pool, capacity, voids, forced, rng, strict=True)
        if placed is None:
            continue
        world = _build(view, seat, hand, visible, current, placed, hidden_played)
        if all(_plausible(world.dealt[s], contract) for s, contract in bidders):
            return world
        fallback = fallback or world
    if fallback is not None:
        return fallback
    placed = _place(pool, capacity, voids, forced, rng, strict=False)
    assert placed is not None
    return _build(view, seat, hand, visible, current, placed, hidden_played)


def _bidders(view: dict[str, Any], seat: int) -> list[tuple[int, str]]:
    """Other seats that bid a Solo or Farbensolo in this auction, with the contract they bid."""
    return [
        (c["seat"], c["call"]["contract"])
        for c in view["auction"]
        if c["seat"] != seat and c["call"].get("contract") in ("solo", "farbensolo")
    ]


def _plausible(dealt: list[str], contract: str) -> bool:
    """Whether a dealt hand could have bid `contract`: a Farbensolo needs five suit cards (§5.4); a soloist
    is assumed to hold at least six tarocks or the Sküs and the Mond."""
    tarocks = [c for c in dealt if is_tarock(c)]
    if contract == "farbensolo":
        return len(dealt) - len(tarocks) >= 5
    return len(tarocks) >= 6 or {"T21", "T22"} <= set(tarocks)


def _place(
    pool: list[str],
    capacity: dict[Slot, int],
    voids: list[set[str]],
    forced: dict[str, list[Slot]],
    rng: random.Random,
    strict: bool,
) -> dict[Slot, list[str]] | None:
    left = dict(capacity)
    placed: dict[Slot, list[str]] = {slot: [] for slot in capacity}
    cards = sorted(pool, key=lambda c: (c not in forced, rng.random()))
    for card in cards:
        slots = [sl for sl in forced.get(card, list(capacity)) if left.get(sl, 0) > 0]
        if strict:
            slots = [sl for sl in slots if sl[1] == "played" or SUIT_OF[card] not in voids[sl[0]]]
        if not slots:
            if strict:
                return None
            slots = [sl for sl in capacity if left[sl] > 0]
        weights = [left[sl] for sl in slots]
        slot = rng.choices(slots, weights)[0]
        placed[slot].append(card)
        left[slot] -= 1
    return placed


def _build(
    view: dict[str, Any],
    seat: int,
    hand: list[str],
    visible: list[dict[str, Any]],
    current: list[tuple[int, str]],
    placed: dict[Slot, list[str]],
    hidden_played: int,
) -> TarockState:
    hands = [sort_canonical(hand) if s == seat else sort_canonical(placed[(s, "hand")]) for s in range(4)]
    extra_wins: list[int] = []
    for s in range(4):
        visible_wins = sum(1 for t in visible if t["winner"] == s)
        extra_wins.extend([s] * (view["tricks_won"][s] - visible_wins))
    shown = [Trick(t["leader"], [(s, c) for s, c in t["cards"]], t["winner"]) for t in visible]
    unseen = [
        Trick(w, [(s, placed[(s, "played")][i]) for s in range(4)], w) for i, w in enumerate(extra_wins)
    ]
    tricks = shown[:-1] + unseen + shown[-1:] if view["last_trick"] else unseen + shown
    dealt = [list(hands[s]) for s in range(4)]
    for trick in tricks:
        for s, c in trick.cards:
            dealt[s].append(c)
    for s, c in current:
        dealt[s].append(c)
    dealt = [sort_canonical(h) for h in dealt]
    called = view["called"]
    partner = next((s for s in range(4) if called in dealt[s]), None) if view["contract"] == "rufer" else None
    calls = [dict(c) for c in view["auction"]]
    passes = 0
    for call in reversed(calls):
        if "pass" not in call["call"]:
            break
        passes += 1
    agreed = [
        any(c["seat"] == s and "contract" not in c["call"] for c in calls)
        or any(c["seat"] == s and "announce" in c["call"] for c in calls)
        for s in range(4)
    ]
    items = [
        Item(i["item"], i["owner"], i["kontra"], _announcer(view, i["item"]) if i["announced"] else None)
        for i in view["items"]
    ]
    state = TarockState(
        options=dict(view["options"]),
        dealer=view["dealer"],
        start={"totals": list(view["match"]["totals"]), "deals_played": view["match"]["deals_played"]},
        dealt=dealt,
        hands=hands,
        phase=view["phase"],
        turn=seat,
        contract=view["contract"],
        declarer=view["declarer"],
        called=called,
        partner=partner,
        items=items,
        agreed=agreed,
        passes=passes if view["phase"] == "auction" else 0,
        calls=calls,
        trick=Trick(view["trick"]["leader"], list(current)) if view["trick"] else None,
        tricks=tricks,
    )
    return state
