"""The Tarock deck in Chromium (docs/rules/tarock.md §2, static/js/cards/tarock.js): each of the 40 cards has its
own drawing, told apart by its markup and by the pixels of its top-left corner (what a fanned hand shows), and a
sheet of all 40 at the desktop and the phone hand's card width: tests/output/tarock-cards-sheet.png."""

from __future__ import annotations

import hashlib

import pytest

from games.engines.tarock.cards import DECK

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

# the hand's card width on a desktop and on a phone (tables.css `.hand { --card-w }`), in CSS px at 16 px/rem
WIDTHS = {"desktop": 74, "phone": 56}
CORNER = (
    0.22,
    0.32,
)  # the corner index a fanned card shows (numeral or rank and suit sign): fractions of width, height

SHEET = """async ({ widths }) => {
  const { TarockCard, TAROCK_DECK } = await import('/static/js/cards/tarock.js');
  const { html, render } = await import('/static/js/view.js');
  document.body.innerHTML = '';
  document.body.style.background = '#1f5d3a';
  const box = document.createElement('div');
  box.id = 'sheet';
  box.style.cssText = 'display:inline-block;padding:8px';
  document.body.append(box);
  render(html`${Object.entries(widths).map(([size, w]) => html`<div class="sheet-row" data-size=${size}
    style="display:flex;flex-wrap:wrap;gap:6px;width:${(w + 6) * 10}px;margin-bottom:12px">
    ${TAROCK_DECK.map((c) => html`<div class="sheet-card" data-card=${c} style=${`width:${w}px`}>
      <${TarockCard} code=${c}/></div>`)}
    </div>`)}`, box);
  await document.fonts.ready;
  return TAROCK_DECK;
}"""


def test_every_tarock_card_has_its_own_drawing_and_the_sheet_shows_all_forty(site, browser, output_dir):
    context = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 1000})
    page = context.new_page()
    page.goto(site.url + "/accounts/login/")
    page.add_script_tag(url=site.url + "/jsi18n/")
    deck = page.evaluate(SHEET, {"widths": WIDTHS})
    assert sorted(deck) == sorted(DECK) and len(deck) == 40

    markup = page.eval_on_selector_all(
        '.sheet-row[data-size="desktop"] .sheet-card', "cs => cs.map(c => c.innerHTML)"
    )
    assert len(set(markup)) == 40, "two cards share their markup"
    page.locator("#sheet").screenshot(path=str(output_dir / "tarock-cards-sheet.png"))

    for size in WIDTHS:
        corners: dict[str, str] = {}
        for code in deck:
            card = page.locator(f'.sheet-row[data-size="{size}"] .sheet-card[data-card="{code}"] svg')
            box = card.bounding_box()
            assert box is not None
            clip = {
                "x": box["x"],
                "y": box["y"],
                "width": box["width"] * CORNER[0],
                "height": box["height"] * CORNER[1],
            }
            digest = hashlib.sha256(page.screenshot(clip=clip)).hexdigest()  # same pixels, same PNG
            assert digest not in corners, f"{code} and {corners.get(digest)} show the same corner ({size})"
            corners[digest] = code
    context.close()
