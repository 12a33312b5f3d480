"""A rated table's rating range (docs/decisions-ratings.md "Rating range"): the New game dialog's fields and their
errors, the service's refusal of a forged range, the join check on every way to a seat, the lobby box and its
filter's flag, and "open" taken away from the dialog while Rated is ticked."""

from __future__ import annotations

import json

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Profile
from games import services
from games.errors import ServiceError
from games.forms import NewTableForm
from games.lobby_boxes import lobby_boxes
from games.models import Invitation, Seat, Table
from games.reads.rating_range import RATING_BOUNDS, range_label, standing_of
from games.reads.table_terms import terms_of
from games.services.invitations import answer_invitation, invite, request_seat
from ratings.models import Rating
from ratings.skill import PRIOR_SIGMA

pytestmark = pytest.mark.django_db

FORM = {
    "game": "french-tarot",
    "french-tarot__match_end": "deals:4",
    "bot_level": "standard",
    "human_seats": 2,
    "stake": "0",
    "access": "public",
    "turn_seconds": 30,
    "rated": "on",
}


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _rate(user, game: str, display: int, established: bool = True) -> None:
    """Give `user` a rating in `game` whose displayed number is `display` (σ 2: established; else the prior's σ)."""
    sigma = 2.0 if established else PRIOR_SIGMA
    mu = (display - 1000) / 40 + 3 * sigma
    Rating.objects.update_or_create(game=game, user=user, defaults={"mu": mu, "sigma": sigma})
    assert standing_of(user.pk, game).display == display


def _ranged(users, low=None, high=None, established_only=False, game="french-tarot", **terms) -> Table:
    options = {"match_end": "deals:4"} if game == "french-tarot" else {}
    return services.create_table(
        users["alice"],
        services.TableTerms(
            game,
            options,
            human_seats=terms.pop("human_seats", 2),
            rated=True,
            rating_min=low,
            rating_max=high,
            established_only=established_only,
            **terms,
        ),
    )


# --- the dialog -----------------------------------------------------------------------------------------------


def test_the_dialog_stores_a_range_on_the_table_and_the_terms_carry_it(users):
    response = _client(users["alice"]).post(
        reverse("new_table"), {**FORM, "rating_min": "1100", "rating_max": "1400", "established_only": "on"}
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.rated, table.rating_min, table.rating_max, table.established_only) == (
        True,
        1100,
        1400,
        True,
    )
    terms = terms_of(table)
    assert (terms.rating_min, terms.rating_max, terms.established_only) == (1100, 1400, True)


def test_one_bound_alone_is_a_range(users):
    form = NewTableForm({**FORM, "rating_min": "1200"})
    assert form.is_valid(), form.errors
    assert (form.terms().rating_min, form.terms().rating_max) == (1200, None)


@pytest.mark.parametrize(
    ("low", "high", "field"),
    [
        ("1500", "1200", "rating_min"),  # inverted
        (str(RATING_BOUNDS[1] + 1), "", "rating_min"),  # above the bounds
        ("", "-1", "rating_max"),  # below them
        ("twelve", "", "rating_min"),  # not a number
        ("", "1e3", "rating_max"),
        ("12.5", "", "rating_min"),
    ],
)
def test_a_wrong_range_is_a_field_error(low, high, field):
    form = NewTableForm({**FORM, "rating_min": low, "rating_max": high})
    assert not form.is_valid()
    assert field in form.errors


def test_an_inverted_range_says_so_in_german():
    with translation.override("de"):
        form = NewTableForm({**FORM, "rating_min": "1500", "rating_max": "1200"})
        assert not form.is_valid()
        assert form.errors["rating_min"] == ["Die niedrigste Wertung liegt über der höchsten."]
        form = NewTableForm({**FORM, "rating_min": "zwölf"})
        assert not form.is_valid()
        assert form.errors["rating_min"] == ["Bitte eine ganze Zahl eingeben."]


def test_a_range_at_an_unrated_table_is_dropped_by_the_dialog(users):
    form = NewTableForm({**FORM, "rated": "", "rating_min": "1100", "established_only": "on"})
    assert form.is_valid(), form.errors
    terms = form.terms()
    assert (terms.rated, terms.rating_min, terms.established_only) == (False, None, False)


@pytest.mark.parametrize(
    "posted",
    [
        {"rating_min": "99999"},
        {"rating_min": "1500", "rating_max": "1000"},
        {"rating_max": "abc"},
        {"rating_min": "1" * 400},
    ],
)
def test_a_forged_post_is_a_400_with_the_dialog(users, posted):
    response = _client(users["alice"]).post(reverse("new_table"), {**FORM, **posted})
    assert response.status_code == 400
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    "terms",
    [
        {"rating_min": 1500, "rating_max": 1000},
        {"rating_min": -5},
        {"rating_max": RATING_BOUNDS[1] + 1},
        {"rating_min": "1200"},
        {"rating_min": True},
        {"rated": False, "rating_min": 1000},
        {"rated": False, "established_only": True},
    ],
)
def test_the_service_refuses_a_forged_range(users, terms):
    rated = terms.pop("rated", True)
    with pytest.raises(ServiceError) as refused:
        services.create_table(
            users["alice"],
            services.TableTerms("french-tarot", {"match_end": "deals:4"}, rated=rated, **terms),
        )
    assert refused.value.code == "bad_request"


def test_the_dialog_marks_the_open_values_for_its_script(users):
    page = _client(users["alice"]).get(reverse("lobby")).content.decode()
    # French Tarot's "open" match end and Tarock's 0 deals: taken away by static/js/lobby.js while Rated is ticked
    assert 'data-open-values="[&quot;open&quot;]"' in page
    assert 'data-rated-min="1"' in page
    assert 'id="rated-terms"' in page and 'id="leaver-rule"' in page
    assert "is rated last" in page


def test_an_open_match_at_a_rated_table_is_still_refused(users):
    response = _client(users["alice"]).post(reverse("new_table"), {**FORM, "french-tarot__match_end": "open"})
    assert response.status_code == 400
    assert not Table.objects.exists()


def test_a_rematch_keeps_the_range(users, fast_bots):
    table = _ranged(users, 900, 1500, human_seats=1)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    new = services.rematch(users["alice"], table.pk)
    assert (new.rated, new.rating_min, new.rating_max) == (True, 900, 1500)


# --- joining ----------------------------------------------------------------------------------------------------


def test_a_new_player_is_1000_and_provisional(users):
    standing = standing_of(users["bob"].pk, "french-tarot")
    assert (standing.display, standing.provisional) == (1000, True)


def test_join_refuses_a_player_outside_the_range_and_seats_one_inside(users):
    table = _ranged(users, 1100, 1400)
    with pytest.raises(ServiceError) as refused:
        services.join(users["bob"], table.pk)  # 1000, no rating row
    assert refused.value.code == "out_of_range"
    assert "(1000)" in refused.value.message and "1100–1400" in refused.value.message
    _rate(users["bob"], "french-tarot", 1450)
    with pytest.raises(ServiceError):
        services.join(users["bob"], table.pk)
    _rate(users["bob"], "french-tarot", 1400)  # the bounds belong to the range
    assert services.join(users["bob"], table.pk) == 1


def test_the_rating_is_the_one_of_the_tables_game(users):
    table = _ranged(users, 1100)
    _rate(users["bob"], "tarock", 1300)  # strong at another game
    with pytest.raises(ServiceError):
        services.join(users["bob"], table.pk)


def test_established_only_refuses_a_provisional_player(users):
    table = _ranged(users, established_only=True)
    _rate(users["bob"], "french-tarot", 1200, established=False)
    with pytest.raises(ServiceError) as refused:
        services.join(users["bob"], table.pk)
    assert refused.value.code == "out_of_range" and "provisional" in refused.value.message
    _rate(users["bob"], "french-tarot", 1200, established=True)
    assert services.join(users["bob"], table.pk) == 1


def test_an_invitation_and_a_chosen_seat_meet_the_same_check(users):
    table = _ranged(users, 1100, human_seats=3)
    with pytest.raises(ServiceError) as refused:  # bob (1000) could never accept it: it is not sent
        invite(users["alice"], table.pk, users["bob"])
    assert refused.value.code == "out_of_range" and "(1100 or more)" in refused.value.message
    assert not Invitation.objects.filter(table=table).exists()
    with pytest.raises(ServiceError):
        request_seat(users["carol"], table.pk, 2)
    assert not Seat.objects.filter(table=table, user__in=[users["bob"], users["carol"]]).exists()


def test_an_invitation_to_an_established_only_table_refuses_a_provisional_player_in_german(users):
    table = _ranged(users, established_only=True, access="private")
    Profile.objects.filter(user=users["alice"]).update(language="de")
    with translation.override("de"), pytest.raises(ServiceError) as refused:
        invite(users["alice"], table.pk, users["dave"])
    assert refused.value.code == "out_of_range" and "nur für etablierte" in refused.value.message
    _rate(users["dave"], "french-tarot", 1000)  # established now: invited
    assert invite(users["alice"], table.pk, users["dave"]).status == Invitation.Status.PENDING


def test_the_invite_view_says_why_the_range_refuses_the_invitee(users):
    table = _ranged(users, 1100, access="private")
    answer = _client(users["alice"]).post(reverse("table_invite", args=[table.pk]), {"username": "dave"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "out_of_range" and "(1100 or more)" in answer.json()["message"]
    assert not Invitation.objects.filter(table=table).exists()


def test_an_accept_the_range_refuses_withdraws_the_invitation(users):
    """The rating moved after the invitation: the accept is refused with the reason and the invitation is declined,
    not left pending in the invitee's lobby forever."""
    table = _ranged(users, 1100, access="private")
    _rate(users["dave"], "french-tarot", 1200)
    row = invite(users["alice"], table.pk, users["dave"])
    _rate(users["dave"], "french-tarot", 1050)
    with pytest.raises(ServiceError) as refused:
        answer_invitation(users["dave"], row.pk, accept=True)
    assert refused.value.code == "out_of_range"
    row.refresh_from_db()
    assert row.status == Invitation.Status.DECLINED
    assert not Seat.objects.filter(table=table, user=users["dave"]).exists()


def test_bots_fill_seats_whatever_the_range(users):
    table = _ranged(users, 3000, 4000, human_seats=1)  # the host alone: bots take the other seats and play
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert Seat.objects.filter(table=table, bot_level__gt="").count() == 3


def test_the_lobby_play_button_gives_the_refusal_in_the_players_language(users):
    table = _ranged(users, 1100, 1400)
    Profile.objects.filter(user=users["bob"]).update(language="de")
    client = _client(users["bob"])
    response = client.post(reverse("play", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and response["Location"] == reverse("lobby")
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("1100–1400" in m and "Ihre Wertung" in m for m in said), said
    assert not Seat.objects.filter(table=table, user=users["bob"]).exists()


# --- the lobby --------------------------------------------------------------------------------------------------


def test_the_lobby_box_shows_the_range_and_whether_it_admits_the_viewer(users):
    table = _ranged(users, 1100, 1400, established_only=True)
    _ranged(users)  # rated, no range
    services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=2))  # unrated
    boxes = {b["id"]: b for b in lobby_boxes(users["bob"])}
    box = boxes[table.pk]
    assert box["rated"] and box["rated_display"] == "Rated · 1100–1400 · established players only"
    assert "provisional" in box["range_refusal"] and not box["can_sit"]
    others = [b for b in boxes.values() if b["id"] != table.pk]
    assert all(b["range_refusal"] is None and b["can_sit"] for b in others)
    assert sorted(str(b["rated_display"]) for b in others) == ["None", "Rated"]
    _rate(users["bob"], "french-tarot", 1500)
    box = next(b for b in lobby_boxes(users["bob"]) if b["id"] == table.pk)
    assert "outside this table's range (1100–1400)" in box["range_refusal"]
    _rate(users["bob"], "french-tarot", 1200)
    box = next(b for b in lobby_boxes(users["bob"]) if b["id"] == table.pk)
    assert box["range_refusal"] is None and box["can_sit"]
    host = next(b for b in lobby_boxes(users["alice"]) if b["id"] == table.pk)
    assert host["seated"] and host["range_refusal"] is None  # the host sits there: nothing to refuse


def test_the_range_line_in_every_language(users):
    table = _ranged(users, 1100)
    lines = {}
    for language in ("en", "de", "nl", "pt", "fr"):
        with translation.override(language):
            lines[language] = range_label(table)
    assert lines["en"] == "Rated · 1100 or more"
    assert len(set(lines.values())) == 5, lines


def test_the_lobby_page_embeds_the_filter_and_the_boxes(users):
    table = _ranged(users, 1100, 1400)
    page = _client(users["bob"]).get(reverse("lobby")).content.decode()
    assert 'id="filter-rating"' in page
    start = page.index('id="lobby-boxes"')
    boxes = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    assert next(b for b in boxes if b["id"] == table.pk)["range_refusal"]


def test_the_how_to_play_page_states_the_rated_terms_in_german():
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    page = client.get(reverse("how_to_play_game", args=["french-tarot"])).content.decode()
    start = page.index('id="guide-rated"')
    text = page[start : page.index("</p>", start)]
    assert "von 0 bis 4000" in text and "Wertung 1000" in text and "als Letzter gewertet" in text
