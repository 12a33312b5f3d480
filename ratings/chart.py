"""The geometry of a rating history chart, drawn by the record page as a server-rendered SVG (no script): the
displayed rating after each rated result, in a fixed view box the page scales to its width. Pure: numbers in,
coordinates and axis labels out (the dates as days in the site's time zone)."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone

WIDTH = 400
HEIGHT = 200
"""The view box (user units). At 390 px wide the page draws it about 0.9 : 1, so the 11-unit labels read at 10 px
or more; on a desktop the page caps its width."""

LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 26
"""The plot's margins inside the view box: the y labels on the left, the dates below."""

MAX_POINTS = 300
"""At most this many points are drawn: a longer history keeps every n-th result, and always the first and last."""


@dataclass(frozen=True)
class Tick:
    """One axis label: its position (`x`, `y` in the view box) and its `value` (a rating or a date)."""

    x: float
    y: float
    value: object


@dataclass(frozen=True)
class Chart:
    """A drawn history: `points` (the polyline's "x,y x,y ..."), `last` (the last point, x and y), `y_ticks`
    (rating labels with their grid lines), `x_ticks` (dates, each distinct date once), the plot's edges (`left`,
    `right`, `top`, `bottom`), `low`/`high`, the lowest and highest rating drawn, and `first`/`final`, the first and
    last rating (the accessible title reads "from first to final": where the history started and ended)."""

    points: str
    last: tuple[float, float]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    left: float
    right: float
    top: float
    bottom: float
    low: int
    high: int
    first: int
    final: int
    width: int = WIDTH
    height: int = HEIGHT


def history_chart(history: Sequence[tuple[dt.datetime, int]]) -> Chart | None:
    """The chart of `history` (oldest first: the moment of a rated result and the displayed rating after it;
    the first item may be the starting rating). Results are spaced evenly (a busy evening is not squeezed into a
    point); the dates under the axis are the first, middle and last results' in the site's time zone, each
    distinct day once (a history of one evening shows one date). None for fewer than two points."""
    if len(history) < 2:
        return None
    step = math.ceil(len(history) / MAX_POINTS)
    drawn = list(history[::step])
    if drawn[-1] is not history[-1]:
        drawn.append(history[-1])
    values = [value for _when, value in drawn]
    low, high = min(values), max(values)
    tick_step = _nice_step(high - low)
    bottom_value = math.floor(low / tick_step) * tick_step
    top_value = math.ceil(high / tick_step) * tick_step
    if top_value == bottom_value:
        top_value += tick_step
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x_of(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / (len(drawn) - 1), 1)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - TOP) * (value - bottom_value) / (top_value - bottom_value), 1)

    coords = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    y_ticks = [Tick(LEFT, y_of(v), v) for v in range(bottom_value, top_value + 1, tick_step)]
    middle = (len(drawn) - 1) // 2
    x_ticks: list[Tick] = []
    for i in sorted({0, middle, len(drawn) - 1}):
        day = timezone.localdate(drawn[i][0]) if timezone.is_aware(drawn[i][0]) else drawn[i][0].date()
        if not x_ticks or x_ticks[-1].value != day:
            x_ticks.append(Tick(x_of(i), bottom, day))
    return Chart(
        points=" ".join(f"{x},{y}" for x, y in coords),
        last=coords[-1],
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=bottom,
        low=low,
        high=high,
        first=values[0],
        final=values[-1],
    )


def _nice_step(span: int) -> int:
    """A round distance between rating labels giving three to six of them over `span`: 10, 20, 25, 50, 100..."""
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 10 ** len(str(span))
