"""The How to play pages (docs/decisions-tables.md "How to play pages"): one per game in every language, linked
from the lobby, the New game dialog and the table; every link answers; no page is left in English; each worked
example's numbers are the engine's."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.engines.core import get_game
from games.engines.core.replay import replay
from games.guides import guide_of, guided_games

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de", "nl", "pt", "fr")
CASES = Path(__file__).resolve().parents[1] / "cases"

#: Each game's worked example is one of the shared worked cases (tests/cases/, copies of ../shared/cases/), and its
#: numbers are the ones the rules file's vector states; both are checked against the engine below.
EXAMPLES = {
    "french-tarot": (
        "french-tarot/v01-garde-two-bouts-43-points.json",
        {"points": 43, "bouts": 2, "target": 41, "diff": 2, "value": 54, "scores": [-54, 162, -54, -54]},
    ),
    "tarock": ("tarock/partner-pagat-won.json", {"points": [50, 38], "value": 3, "deltas": [-3, 3, -3, 3]}),
    "jass-schieber": (
        "jass-schieber/v20-weis-team-scores-both-members.json",
        {"multiplier": 2, "totals": [64, 390]},
    ),
    "jass-differenzler": (
        "jass-differenzler/v28-penalty-is-distance-no-exact-bonus.json",
        {"predictions": [60, 19, 82, 31], "points": [45, 19, 72, 21], "penalties": [15, 0, 10, 10]},
    ),
    "rummy": ("rummy/hand-jolly-doubles-58.json", {"hand_jolly": True, "penalties": [116, 0]}),
}


def _engine_outcome(key: str):
    """The example replayed here, apart from games.guides: (result, spectator view)."""
    game = get_game(key)
    example = guide_of(game).example
    state = replay(game, example.options, example.deal_json(), example.dealer, example.log(), example.start)
    return game.result(state), game.view(state, None)


def _article(page: str) -> str:
    return page[page.index('id="how-to-play"') : page.index("</article>")]


def _texts(page: str) -> list[str]:
    """The paragraphs and headings of a page's article, unescaped, without tags."""
    found = re.findall(r"<(?:p|h1|h2|dt|dd|li)[^>]*>(.*?)</(?:p|h1|h2|dt|dd|li)>", _article(page), re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", text)).strip() for text in found]


def test_it_has_a_page_for_each_of_the_five_games():
    assert sorted(game.key for game in guided_games()) == sorted(EXAMPLES)


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_it_takes_each_worked_example_from_a_worked_case_and_the_engine_scores_the_rules_files_numbers(key):
    case_file, expected = EXAMPLES[key]
    case = json.loads((CASES / case_file).read_text(encoding="utf-8"))
    example = guide_of(get_game(key)).example
    assert example.deal_json() == case["deal"] and example.log() == case["actions"]
    assert example.dealer == case["dealer"] and dict(example.options) == case["options"]
    result, _ = _engine_outcome(key)
    assert {name: result[name] for name in expected} == expected
    assert {name: result[name] for name in case["expect"]["result"]} == case["expect"]["result"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_it_shows_the_numbers_the_engine_scores_for_the_worked_example(client, key, language):
    game = get_game(key)
    guide = guide_of(game)
    result, view = _engine_outcome(key)
    facts = guide.example.facts(result, view)
    page = client.get(reverse("how_to_play_game", args=[key]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    example = page[page.index('id="worked-example"') : page.index('id="new-game-options"')]
    shown = _texts(page)
    with translation.override(language):
        for passage in guide.example.passages:
            text = translation.gettext(passage.text) % {
                k: v for k, v in facts.items() if not isinstance(v, tuple)
            }
            assert text in shown, text
            if isinstance(passage.cards, str):
                assert f'data-cards="{" ".join(facts[passage.cards])}"' in example
    for name, value in facts.items():
        if isinstance(value, int):
            assert re.search(rf"(?<!\d){value}(?!\d)", html.unescape(example)), (name, value)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_it_leaves_no_page_untranslated(client, language):
    for game in guided_games():
        url = reverse("how_to_play_game", args=[game.key])
        english = set(_texts(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()))
        translated = _texts(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
        # a text may stay as it is only when it has no word of its own: a game's title, a number, "on" / "off"
        same = [t for t in translated if t in english and len(re.findall(r"[^\W\d_]{4,}", t)) > 2]
        assert same == [], (game.key, language, same)
        guide = guide_of(game)
        texts = [guide.intro, *(p.text for s in guide.sections for p in s.passages)]
        texts += [s.heading for s in guide.sections] + [p.text for p in guide.example.passages]
        with translation.override(language):
            assert [t for t in texts if translation.gettext(t) == t] == []
    index = client.get(reverse("how_to_play"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    english_index = client.get(reverse("how_to_play"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert set(_texts(index)).isdisjoint(t for t in _texts(english_index) if len(t) > 40)


def _links(page: str) -> list[str]:
    return [html.unescape(href) for href in re.findall(r'href="(/[^"]*)"', page)]


def test_it_answers_every_link_of_every_page(client):
    pages = [reverse("how_to_play"), *(reverse("how_to_play_game", args=[g.key]) for g in guided_games())]
    seen = set()
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        for link in _links(_article(response.content.decode())):
            target = link.split("#")[0] or url
            if target in seen:
                continue
            seen.add(target)
            assert client.get(target).status_code == 200, (url, link)
        for anchor in re.findall(r'href="#([^"]+)"', response.content.decode()):
            assert f'id="{anchor}"' in response.content.decode(), (url, anchor)
    assert {reverse("how_to_play_game", args=[g.key]) for g in guided_games()} <= seen | set(pages)


def test_it_draws_the_cards_with_the_games_own_deck_in_the_players_design(users):
    client = Client()
    client.force_login(users["alice"])
    page = client.get(reverse("how_to_play_game", args=["tarock"])).content.decode()
    assert 'data-deck="/static/js/cards/tarock.js"' in page and 'data-cards="T22 T21 T20 T4 T1"' in page
    profile = users["alice"].profile
    profile.game_preferences = {"jass": {"deck_design": "swiss"}}
    profile.save()
    page = client.get(reverse("how_to_play_game", args=["jass-schieber"])).content.decode()
    assert '"deck_design": "swiss"' in page and 'data-deck="/static/js/cards/jass.js"' in page


def test_it_links_the_pages_from_the_lobby_the_dialog_and_the_table_within_two_clicks(users):
    client = Client()
    client.force_login(users["alice"])
    lobby = client.get(reverse("lobby")).content.decode()
    index = reverse("how_to_play")
    assert f'href="{index}" id="how-to-play-link"' in lobby  # click 1 from the lobby ...
    index_page = client.get(index).content.decode()
    for game in guided_games():
        page = reverse("how_to_play_game", args=[game.key])
        assert f'href="{page}"' in index_page  # ... click 2
        assert re.search(
            rf'<a href="{re.escape(page)}" class="dialog-how-to-play"', lobby
        )  # the dialog's game
    table = services.create_table(users["alice"], services.TableTerms("rummy", human_seats=1))
    table_page = client.get(reverse("table", args=[table.pk])).content.decode()
    assert f'href="{reverse("how_to_play_game", args=["rummy"])}" id="table-how-to-play"' in table_page
    assert f'href="{index}" id="table-how-to-play-all"' in table_page


def test_it_is_open_to_visitors_and_refuses_unknown_games_and_aliases(client):
    assert client.get(reverse("how_to_play")).status_code == 200
    assert 'id="welcome-how-to-play"' in client.get(reverse("lobby")).content.decode()
    assert client.get(reverse("how_to_play_game", args=["chess"])).status_code == 404
    assert client.get(reverse("how_to_play_game", args=["tarot"])).status_code == 404  # an alias, not a page
