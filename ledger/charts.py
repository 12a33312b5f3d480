"""Server-side SVG charts for staff reports (no script, nothing loaded from other hosts)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from html import escape

from django.utils.translation import get_language

from ledger.money import format_money


def bar_chart_svg(
    rows: Sequence[tuple[date, int]], *, title: str, width: int = 720, height: int = 240
) -> str:
    """An SVG bar chart of `(day, minor units)` rows, oldest left; returns the `<svg>` element as text.

    Labels are escaped and their amounts in the active language; an empty series draws an empty frame with
    the title.
    """
    language = get_language()
    margin_left, margin_bottom, margin_top = 60, 40, 24
    plot_w, plot_h = width - margin_left - 10, height - margin_bottom - margin_top
    peak = max((v for _, v in rows), default=0) or 1
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="{width}" height="{height}"'
            f' viewBox="0 0 {width} {height}" aria-label="{escape(title)}">'
        ),
        f"<title>{escape(title)}</title>",
        (
            f'<line x1="{margin_left}" y1="{margin_top + plot_h}" x2="{width - 10}" y2="{margin_top + plot_h}"'
            ' stroke="currentColor"/>'
        ),
        (
            f'<text x="{margin_left - 6}" y="{margin_top + 4}" text-anchor="end" font-size="11">'
            f"{escape(format_money(peak, language))}</text>"
        ),
        (
            f'<text x="{margin_left - 6}" y="{margin_top + plot_h}" text-anchor="end" font-size="11">'
            f"{format_money(0, language)}</text>"
        ),
    ]
    if rows:
        slot = plot_w / len(rows)
        bar_w = max(2.0, slot * 0.7)
        label_every = max(1, len(rows) // 10)
        for i, (day, value) in enumerate(rows):
            bar_h = plot_h * value / peak
            x = margin_left + i * slot + (slot - bar_w) / 2
            y = margin_top + plot_h - bar_h
            label = f"{day.isoformat()}: {format_money(value, language)}"
            parts.append(
                f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{bar_h:.1f}"'
                f' fill="#2f6f4f"><title>{escape(label)}</title></rect>'
            )
            if i % label_every == 0:
                parts.append(
                    f'<text x="{x + bar_w / 2:.1f}" y="{margin_top + plot_h + 16}" text-anchor="middle"'
                    f' font-size="10">{escape(day.strftime("%m-%d"))}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)
