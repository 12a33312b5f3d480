"""The Jass deck (static/js/cards/jass.js) in Chromium, without a table: in each design ("french", "swiss") every one
of the 36 cards has its own drawing — its own SVG markup and its own pixels in the corner strip a fanned phone hand
shows (docs/decisions-tables.md "The look") — the two designs differ card by card, the names follow the design and
the page language (docs/decisions-i18n.md "Jass deck"), and a sheet of both designs at the desktop and the phone
card sizes lands in tests/output/jass-cards-sheet.png."""

from __future__ import annotations

import base64

import pytest

from .driver import page_in_language

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

DESIGNS = ["french", "swiss"]
# tables.css: a hand card is 4.6rem wide on a desktop and 3.5rem on a phone, where each card shows a strip 45 px wide
# and 46 px high (the phone hand's --step and --row-h).
DESKTOP_WIDTH, PHONE_WIDTH = "4.6rem", "3.5rem"
STRIP = {"width": 45, "height": 46}
# Two corner strips "look the same" when fewer than this many of their pixels differ clearly: the least difference
# that the eye still reads is the corner suit sign alone (a French spade against a club at the phone size, about 30).
MIN_DIFFERENT_PIXELS = 24

SETUP = """async () => {
  const deck = await import('/static/js/cards/jass.js');
  const { html, render } = await import('/static/js/view.js');
  window.jass = { deck, html, render };
  const box = document.createElement('div');
  box.id = 'deck-box';
  document.body.replaceChildren(box);
  return deck.JASS_DECK;
}"""

# Draw the 36 cards of `design` at `width`, one row of nine per suit; the markup of each.
DRAW = """([design, width]) => {
  const { deck, html, render } = window.jass;
  const { Card } = deck.jassDeck(design);
  const box = document.getElementById('deck-box');
  render(html`<div style="display: grid; grid-template-columns: repeat(9, ${width}); gap: 8px; padding: 8px;
      background: #1d5e3a">
    ${deck.JASS_DECK.map((code) => html`<div class="deck-card" data-code=${code}><${Card} code=${code}/></div>`)}
  </div>`,
    box);
  return [...box.querySelectorAll('.deck-card')].map((c) => c.innerHTML);
}"""

# How many pixels differ clearly (by more than 48 in one channel) between each two of the PNG images given as base64.
PIXEL_DIFFERENCES = """async (images) => {
  const pixels = await Promise.all(images.map(async (b64) => {
    const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  }));
  const count = (a, b) => {
    let n = 0;
    for (let i = 0; i < a.length; i += 4) {
      const apart = (k) => Math.abs(a[i + k] - b[i + k]) > 48;
      if (apart(0) || apart(1) || apart(2)) n += 1;
    }
    return n;
  };
  return { count, pixels };
}"""


@pytest.fixture(scope="module")
def deck_page(site, browser):
    context = browser.new_context(bypass_csp=True, viewport={"width": 1600, "height": 900})
    page = context.new_page()
    page.goto(site.url + "/accounts/login/")
    page.add_style_tag(url=site.url + "/static/css/tables.css")
    page.evaluate(SETUP)
    yield page
    context.close()


def draw(page, design: str, width: str) -> dict[str, str]:
    """The markup of each card of `design` drawn at `width`, by code (fonts loaded)."""
    markup = page.evaluate(DRAW, [design, width])
    page.evaluate("document.fonts.ready.then(() => true)")
    codes = page.evaluate("window.jass.deck.JASS_DECK")
    return dict(zip(codes, markup, strict=True))


def corner_strips(page) -> dict[str, str]:
    """Each drawn card's top-left strip as a phone hand shows it, a PNG in base64, by code."""
    strips = {}
    for card in page.locator(".deck-card").all():
        box = card.bounding_box()
        assert box is not None
        png = page.screenshot(clip={"x": box["x"], "y": box["y"], **STRIP})
        strips[card.get_attribute("data-code")] = base64.b64encode(png).decode()
    return strips


def differing_pixels(page, pairs: list[tuple[str, str]]) -> list[int]:
    """For each pair of base64 PNGs of the same size, how many pixels differ clearly."""
    images = sorted({image for pair in pairs for image in pair})
    index = {image: i for i, image in enumerate(images)}
    return page.evaluate(
        "async ([images, pairs]) => { const { count, pixels } = await (" + PIXEL_DIFFERENCES + ")(images);"
        " return pairs.map(([a, b]) => count(pixels[a], pixels[b])); }",
        [images, [[index[a], index[b]] for a, b in pairs]],
    )


def test_it_draws_every_card_of_each_design_its_own_way(deck_page):
    deck = deck_page.evaluate("window.jass.deck.JASS_DECK")
    assert len(deck) == 36 and len(set(deck)) == 36
    drawn = {}
    for design in DESIGNS:
        markup = draw(deck_page, design, PHONE_WIDTH)
        assert len(set(markup.values())) == 36, design
        strips = corner_strips(deck_page)
        pairs = [(a, b) for i, a in enumerate(deck) for b in deck[i + 1 :]]
        counts = differing_pixels(deck_page, [(strips[a], strips[b]) for a, b in pairs])
        alike = [(a, b, n) for (a, b), n in zip(pairs, counts, strict=True) if n < MIN_DIFFERENT_PIXELS]
        assert not alike, f"{design}: corner strips too alike {alike}"
        drawn[design] = (markup, strips)
    (french, french_strips), (swiss, swiss_strips) = drawn["french"], drawn["swiss"]
    assert all(french[code] != swiss[code] for code in deck)
    counts = differing_pixels(deck_page, [(french_strips[c], swiss_strips[c]) for c in deck])
    assert min(counts) >= MIN_DIFFERENT_PIXELS, dict(zip(deck, counts, strict=True))


def test_it_writes_a_sheet_of_both_designs_at_both_sizes(deck_page, output_dir):
    """Side by side, per design: the 36 cards at the desktop size, then at the phone size, then a phone hand's
    overlapping rows (each card showing only its 45 x 46 px strip); one image."""
    deck_page.evaluate(
        """() => {
          const { deck, html, render } = window.jass;
          const row = (Card, width) => html`<div style=${`display: grid; grid-template-columns: repeat(9, ${width});
              gap: 6px`}>${deck.JASS_DECK.map((code) => html`<${Card} code=${code}/>`)}</div>`;
          const fan = (Card) => html`<div style="display: grid; grid-auto-columns: 45px; grid-auto-rows: 46px;
              padding-bottom: 60px">${deck.JASS_DECK.map((code, i) => html`<div style=${`width: 3.5rem;
              grid-row: ${Math.floor(i / 9) + 1}; grid-column: ${(i % 9) + 1}`}><${Card} code=${code}/></div>`)}</div>`;
          render(html`<div id="sheet" style="display: flex; gap: 28px; padding: 14px; width: max-content;
              background: #1d5e3a; color: #fff; font: 600 15px sans-serif">
            ${deck.DECK_DESIGNS.map((design) => {
              const { Card } = deck.jassDeck(design);
              return html`<div style="display: grid; gap: 14px; align-content: start">
                <h2 style="margin: 0">${design}</h2>${row(Card, '4.6rem')}${row(Card, '3.5rem')}${fan(Card)}</div>`;
            })}</div>`, document.getElementById('deck-box'));
        }"""
    )
    deck_page.evaluate("document.fonts.ready.then(() => true)")
    deck_page.locator("#sheet").screenshot(path=str(output_dir / "jass-cards-sheet.png"))


NAMES = {
    "en": {
        "french": ["Hearts", "Jack", "Jack of Hearts", "10 of Spades"],
        "swiss": ["Shields", "Under", "Under of Shields", "Banner of Roses"],
    },
    "de": {
        "french": ["Herz", "Bauer", "Herz Bauer", "Schaufel 10"],
        "swiss": ["Schilten", "Under", "Schilten Under", "Rosen Banner"],
    },
}


@pytest.mark.parametrize("language", list(NAMES))
def test_the_names_follow_the_design_and_the_language(site, browser, language):
    page = page_in_language(site, browser, language)
    names = page.evaluate(
        """async () => {
          const { jassDeck } = await import('/static/js/cards/jass.js');
          const names = {};
          for (const design of ['french', 'swiss']) {
            const d = jassDeck(design);
            names[design] = [d.suitName('H'), d.rankName('J'), d.cardName('JH'), d.cardName('10S')];
          }
          return names;
        }"""
    )
    assert names == NAMES[language]
    page.context.close()


def test_it_reads_the_design_from_the_players_preferences(site, browser):
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.goto(site.url + "/accounts/login/")
    designs = page.evaluate(
        """async () => {
          const { readDesign, jassDeck } = await import('/static/js/cards/jass.js');
          const read = (text) => {
            document.getElementById('game-preferences')?.remove();
            if (text !== null) {
              const node = Object.assign(document.createElement('script'),
                { type: 'application/json', id: 'game-preferences', textContent: text });
              document.body.append(node);
            }
            return readDesign();
          };
          return [read(null), read('{"deck_design": "swiss"}'), read('{"deck_design": "french"}'),
            read('{"deck_design": "tarot"}'), read('not json'), jassDeck('nonsense').design, jassDeck('swiss').design];
        }"""
    )
    assert designs == ["french", "swiss", "french", "french", "french", "french", "swiss"]
    context.close()
