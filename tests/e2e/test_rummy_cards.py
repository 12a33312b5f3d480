"""The Rummy pack drawn by the site (static/js/cards/rummy.js on static/js/cards/french.js, docs/rules/rummy.md §2):
every distinct card and the joker has its own drawing, told apart by its markup and by the pixels of its corner
index (what a fanned card shows), and a sheet of the 53 drawings at the desktop and the phone size is written to
tests/output/rummy-cards-sheet.png for a person to look at."""

from __future__ import annotations

import hashlib

import pytest

from games.engines.rummy.cards import CANONICAL_PACK, JOKER

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# The card's width in CSS px on a desktop and on a phone (tables.css: the hand's cards).
SIZES = {"desktop": 72, "phone": 46}


def test_every_distinct_rummy_card_has_its_own_drawing_and_the_sheet_is_written(site, browser, output_dir):
    context = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url + "/accounts/login/")
    page.add_script_tag(url=site.url + "/jsi18n/")
    sizes = list(SIZES.values())
    codes = page.evaluate(
        """async (sizes) => {
          const { RummyCard, RUMMY_CODES, RUMMY_PACK, CardBack } = await import('/static/js/cards/rummy.js');
          const { html, render } = await import('/static/js/view.js');
          document.body.innerHTML = '';
          const sheet = document.createElement('div');
          sheet.id = 'sheet';
          sheet.style.cssText = 'background:#1f5f3f;padding:8px;display:flex;flex-direction:column;'
            + 'gap:8px;width:max-content';
          document.body.append(sheet);
          const grid = (w) => `display:grid;grid-template-columns:repeat(14, ${w}px);gap:4px`;
          const rows = sizes.map((w) => html`<div class="sheet-row" style=${grid(w)}>
            ${RUMMY_CODES.map((c) => html`<div class="sheet-card" data-code=${c} data-width=${w}
              style=${`width:${w}px`}><${RummyCard} code=${c}/></div>`)}
            <div style=${`width:${w}px`}><${CardBack}/></div></div>`);
          render(html`${rows}`, sheet);
          window.packCodes = RUMMY_PACK;
          return RUMMY_CODES;
        }""",
        sizes,
    )
    assert sorted(codes) == sorted(set(CANONICAL_PACK))
    assert sorted(page.evaluate("window.packCodes")) == sorted(CANONICAL_PACK)  # 2 x 52 + 6 jokers
    assert codes.count(JOKER) == 1
    page.wait_for_function("document.fonts.status === 'loaded'")
    for width in sizes:
        cards = page.locator(f'.sheet-card[data-width="{width}"]')
        assert cards.count() == 53
        markup = cards.evaluate_all("es => es.map(e => e.innerHTML)")
        assert len(set(markup)) == 53, "two cards share one drawing"
        corners = set()
        for i in range(53):
            box = cards.nth(i).bounding_box()
            assert box and abs(box["width"] - width) < 1
            shot = page.screenshot(
                clip={"x": box["x"], "y": box["y"], "width": width * 0.3, "height": width * 0.5}
            )
            corners.add(hashlib.sha256(shot).hexdigest())
        assert len(corners) == 53, f"two corner indices look alike at {width} px"
    page.locator("#sheet").screenshot(path=str(output_dir / "rummy-cards-sheet.png"))
    assert not errors
    context.close()
