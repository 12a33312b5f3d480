"""Stakes are at most 1,000.00 per game unit and limits at most 100,000.00 (games.reads.table_terms): beyond that a
form error in the New game dialog and a refusal from the service, never the database's "integer out of range"."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.forms import NewTableForm
from games.models import Table
from games.reads.table_terms import MAX_LIMIT, MAX_STAKE
from games.services import ServiceError

pytestmark = pytest.mark.django_db


def form(**values: str) -> NewTableForm:
    data = {"game": "french-tarot", "bot_level": "standard", "human_seats": "1", "access": "public"}
    data |= {"turn_seconds": "30", "stake": "0", **values}
    return NewTableForm(data=data)


def test_the_bounds_are_the_issues_amounts():
    assert (MAX_STAKE, MAX_LIMIT) == (100_000, 10_000_000)


def test_a_stake_above_1000_is_a_form_error():
    assert form(stake="1000.00").is_valid()
    bound = form(stake="1000.01")
    assert not bound.is_valid() and bound.errors.as_data()["stake"][0].code == "max_value"


def test_a_limit_above_100000_is_a_form_error():
    assert form(stake="1.00", limit="100000.00").is_valid()
    bound = form(stake="1.00", limit="100000.01")
    assert not bound.is_valid() and bound.errors.as_data()["limit"][0].code == "max_value"


def test_the_service_refuses_amounts_beyond_the_bounds(users):
    for stake, limit in ((MAX_STAKE + 1, None), (10, MAX_LIMIT + 1)):
        with pytest.raises(ServiceError) as refusal:
            services.create_table(
                users["alice"], services.TableTerms("french-tarot", stake=stake, limit=limit)
            )
        assert refusal.value.code == "bad_request"


@pytest.mark.parametrize("field", ["stake", "limit"])
def test_the_dialog_answers_a_huge_amount_with_its_form(users, field):
    client = Client()
    client.force_login(users["alice"])
    data = {"game": "french-tarot", "bot_level": "standard", "human_seats": "1", "access": "public"}
    data |= {"turn_seconds": "30", "stake": "1.00", field: "21474836.48"}
    answer = client.post("/tables/new/", data)
    assert answer.status_code == 400
    assert "at most" in answer.content.decode()
    assert not Table.objects.exists()
