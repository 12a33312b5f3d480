"""Every access rule of a table: anyone, friends only, invite list, invited only, ignored, kicked,
approval of seat requests, and who may watch (docs/decisions-social.md "Done when")."""

from __future__ import annotations

import pytest

from games import services
from games.errors import ServiceError
from games.models import Invitation, Seat, SeatRequest, Table, TableSettings
from games.reads import access
from social import services as social
from tests.tables.driving import finish_deal

pytestmark = pytest.mark.django_db


def _table(users, access=Table.Access.PUBLIC, human_seats=3, **social_settings):
    table = services.create_table(
        users["alice"],
        services.TableTerms("test-follow", {"rounds": 2}, human_seats=human_seats, access=access),
    )
    if social_settings:
        TableSettings.objects.create(table=table, **social_settings)
    return table


def _refused(code, call, *args):
    with pytest.raises(ServiceError) as error:
        call(*args)
    assert error.value.code == code


def test_it_admits_anyone_at_a_public_table(users):
    table = _table(users)
    assert services.join(users["bob"], table.pk) == 1
    assert access.watch_refusal(table, users["dave"]) is None


def test_it_admits_only_the_hosts_friends_at_a_friends_table(users):
    table = _table(users, Table.Access.FRIENDS)
    _refused("not_friends", services.join, users["bob"], table.pk)
    request = social.request_friend(users["alice"], users["bob"])
    _refused("not_friends", services.join, users["bob"], table.pk)  # a pending request is not a friendship
    social.accept_friend(users["bob"], request.pk)
    assert services.join(users["bob"], table.pk) == 1
    _refused("not_friends", access.check_watch, table, users["carol"])


def test_it_admits_the_members_of_the_tables_invite_list(users):
    thursday = social.create_list(users["alice"], "Thursday Jass")
    social.add_member(users["alice"], thursday.pk, users["bob"])
    table = _table(users, Table.Access.PRIVATE, invite_list=thursday)
    _refused("not_allowed", services.join, users["carol"], table.pk)
    _refused("not_allowed", access.check_watch, table, users["carol"])
    assert services.join(users["bob"], table.pk) == 1


def test_it_admits_invited_players_only_at_a_private_table_without_a_list(users):
    table = _table(users, Table.Access.PRIVATE)
    _refused("not_allowed", services.join, users["bob"], table.pk)
    invitation = services.invite(users["alice"], table.pk, users["bob"])
    assert services.answer_invitation(users["bob"], invitation.pk, accept=True).seat == 1
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.ACCEPTED
    _refused("not_allowed", services.join, users["carol"], table.pk)
    declined = services.invite(users["alice"], table.pk, users["carol"])
    assert services.answer_invitation(users["carol"], declined.pk, accept=False).seat is None
    _refused("not_allowed", services.join, users["carol"], table.pk)


def test_it_invites_a_whole_list_and_only_the_host_invites(users):
    thursday = social.create_list(users["alice"], "Thursday Jass")
    for name in ("bob", "carol"):
        social.add_member(users["alice"], thursday.pk, users[name])
    table = _table(users, Table.Access.PRIVATE)
    made = services.invite_list(users["alice"], table.pk, thursday.pk)
    assert sorted(i.invitee.username for i in made) == ["bob", "carol"]
    _refused("not_host", services.invite, users["bob"], table.pk, users["dave"])
    _refused("no_list", services.invite_list, users["bob"], table.pk, thursday.pk)


def test_it_keeps_a_user_the_host_ignores_out_of_every_table_of_the_host(users):
    social.ignore(users["alice"], users["dave"])
    public = _table(users)
    _refused("ignored", services.join, users["dave"], public.pk)
    _refused("ignored", access.check_watch, public, users["dave"])
    private = _table(users, Table.Access.PRIVATE)
    social.ignore(users["carol"], users["alice"])  # carol ignores alice: alice cannot invite her
    _refused("ignored", services.invite, users["alice"], private.pk, users["carol"])
    social.unignore(users["alice"], users["dave"])
    assert services.join(users["dave"], public.pk) == 1


def test_it_keeps_a_kicked_user_out_of_that_table(users, fast_bots):
    table = _table(users, Table.Access.PRIVATE, human_seats=3)
    for name in ("bob", "carol"):
        services.answer_invitation(
            users[name], services.invite(users["alice"], table.pk, users[name]).pk, True
        )
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
    finish_deal(table.pk)
    services.kick(users["alice"], table.pk, 1)
    _refused("kicked", services.join, users["bob"], table.pk)
    _refused("kicked", access.check_watch, Table.objects.get(pk=table.pk), users["bob"])
    _refused("kicked", services.invite, users["alice"], table.pk, users["bob"])


def test_it_holds_seat_requests_for_the_hosts_approval(users):
    table = _table(users, human_seats=3, approval=True)
    assert services.request_seat(users["bob"], table.pk) is None
    request = SeatRequest.objects.get(table=table, user=users["bob"])
    assert not Seat.objects.filter(table=table, user=users["bob"]).exists()
    _refused("not_host", services.answer_seat_request, users["carol"], request.pk, True)
    assert services.answer_seat_request(users["alice"], request.pk, True) == 1
    assert services.request_seat(users["carol"], table.pk) is None
    carol = SeatRequest.objects.get(table=table, user=users["carol"])
    assert services.answer_seat_request(users["alice"], carol.pk, False) is None
    _refused("approval_needed", services.join, users["carol"], table.pk)


def test_it_applies_the_spectators_option(users):
    table = _table(users, spectators=TableSettings.Spectators.NONE)
    _refused("no_spectators", access.check_watch, table, users["bob"])
    assert access.watch_refusal(table, users["alice"]) is None  # the host sees their own table
    friends_only = _table(users, spectators=TableSettings.Spectators.FRIENDS)
    _refused("friends_watch", access.check_watch, friends_only, users["bob"])
    social.accept_friend(users["alice"], social.request_friend(users["bob"], users["alice"]).pk)
    assert access.watch_refusal(friends_only, users["bob"]) is None


def _lobby_ids(user):
    from games.lobby_boxes import lobby_boxes

    return {box["id"] for box in lobby_boxes(user)}


def test_it_lists_a_table_in_the_lobby_only_to_those_its_access_admits(users):
    alice, bob, carol, dave = (users[n] for n in ("alice", "bob", "carol", "dave"))
    public = _table(users)
    friends = _table(users, Table.Access.FRIENDS)
    thursday = social.create_list(alice, "Thursday Jass")
    social.add_member(alice, thursday.pk, carol)
    listed = _table(users, Table.Access.PRIVATE, invite_list=thursday)
    invited_only = _table(users, Table.Access.PRIVATE)
    services.invite(alice, invited_only.pk, dave)
    social.accept_friend(bob, social.request_friend(alice, bob).pk)
    everything = {public.pk, friends.pk, listed.pk, invited_only.pk}

    assert _lobby_ids(alice) >= everything  # the host sees her tables
    assert _lobby_ids(bob) & everything == {public.pk, friends.pk}
    assert _lobby_ids(carol) & everything == {public.pk, listed.pk}
    assert _lobby_ids(dave) & everything == {public.pk, invited_only.pk}

    social.ignore(alice, dave)  # the host ignores dave: her tables are gone from his lobby
    assert _lobby_ids(dave) & everything == set()
    social.ignore(carol, alice)  # carol ignores the host: alice's tables disappear from carol's lists
    assert _lobby_ids(carol) & everything == set()


def test_the_host_changes_the_settings_only_while_the_table_waits_and_a_list_only_for_a_private_table(users):
    thursday = social.create_list(users["alice"], "Thursday Jass")
    public = _table(users, human_seats=2)
    _refused(
        "list_not_private",
        lambda: services.configure_table(
            users["alice"], public.pk, invite_list_id=thursday.pk, spectators="anyone", approval=False
        ),
    )
    services.configure_table(
        users["alice"], public.pk, invite_list_id=None, spectators="none", approval=False
    )
    services.join(users["bob"], public.pk)  # the table starts
    _refused(
        "not_open",
        lambda: services.configure_table(
            users["alice"], public.pk, invite_list_id=None, spectators="anyone", approval=False
        ),
    )
    assert TableSettings.objects.get(table=public).spectators == "none"


def test_a_deals_hand_history_is_for_its_players_and_those_the_table_lets_watch(users, fast_bots):
    from django.test import Client

    from games.models import Round

    table = _table(users, Table.Access.PRIVATE, human_seats=2)
    services.invite(users["alice"], table.pk, users["bob"])
    services.join(users["bob"], table.pk)
    finish_deal(table.pk)
    rnd = Round.objects.get(table=table, number=1)

    def status(name, page="", table=table):
        client = Client()
        client.force_login(users[name])
        return client.get(f"/tables/{table.pk}/deals/1/{page}").status_code

    def by_id(name):  # the ledger's link by round id
        client = Client()
        client.force_login(users[name])
        return client.get(f"/deals/{rnd.pk}/")

    assert status("alice") == 200 and status("bob") == 200
    assert status("carol") == 404 and status("carol", "replay.json") == 404  # not admitted: no deck order
    assert by_id("bob").status_code == 302
    refused = by_id("carol")  # no redirect that would name the table and the deal number of the id
    assert refused.status_code == 404 and "Location" not in refused
    services.kick(users["alice"], table.pk, 1)
    assert status("bob") == 200  # his own deal stays his to read
    public = _table(users, human_seats=1)
    finish_deal(public.pk)
    assert status("carol", table=public) == 200 and status("carol", "replay.json", table=public) == 200
    assert rnd.status == Round.Status.DONE


def test_finance_and_the_officer_read_a_private_deals_history_each_view_audited(users, fast_bots):
    """docs/decisions-ledger.md "Scopes": staff who read players' money or safety open any finished deal."""
    from django.test import Client

    from ledger.models import AuditEntry
    from tests.players import with_role

    table = _table(users, Table.Access.PRIVATE, human_seats=2)
    services.invite(users["alice"], table.pk, users["bob"])
    services.join(users["bob"], table.pk)
    finish_deal(table.pk)
    fiona, rita = with_role(users["carol"], "Finance"), with_role(users["dave"], "Responsible-gaming officer")
    for staff in (fiona, rita):
        client = Client()
        client.force_login(staff)
        assert client.get(f"/tables/{table.pk}/deals/1/").status_code == 200
    viewed = AuditEntry.objects.filter(action="hand_history_viewed").order_by("pk")
    assert [(e.actor, e.details["private"]) for e in viewed] == [(fiona, True), (rita, True)]
    client = Client()
    client.force_login(users["alice"])  # a player dealt in reads it without an audit entry
    assert client.get(f"/tables/{table.pk}/deals/1/").status_code == 200
    assert viewed.count() == 2


def test_staff_prove_the_second_factor_before_a_deal_they_could_not_watch(users, fast_bots, settings):
    """docs/decisions-ledger.md "Scopes": the staff's way into a private deal is a staff page like the others, so
    it waits for the second factor (ledger.second_factor); a deal anyone may watch stays open to them as to all."""
    from django.test import Client
    from django.urls import reverse
    from django_otp.oath import TOTP
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from ledger.models import AuditEntry
    from tests.players import with_role

    settings.KIBITZ_STAFF_SECOND_FACTOR = True
    table = _table(users, Table.Access.PRIVATE, human_seats=2)
    services.invite(users["alice"], table.pk, users["bob"])
    services.join(users["bob"], table.pk)
    finish_deal(table.pk)
    public = _table(users, human_seats=1)
    finish_deal(public.pk)
    fiona = with_role(users["carol"], "Approver")
    client = Client()
    client.force_login(fiona)  # a password only: no code proved
    page = f"/tables/{table.pk}/deals/1/"
    answer = client.get(page)
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("ledger:second_factor"))
    assert "next=%2Ftables%2F" in answer["Location"]
    assert client.get(page + "replay.json").status_code == 403
    assert client.get(f"/tables/{public.pk}/deals/1/").status_code == 200  # as anyone watching
    assert not AuditEntry.objects.filter(action="hand_history_viewed").exists()
    device = TOTPDevice.objects.create(user=fiona, name="authenticator", confirmed=True)
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    client.post(reverse("ledger:second_factor"), {"token": f"{totp.token():06d}", "next": page})
    assert client.get(page).status_code == 200 and client.get(page + "replay.json").status_code == 200
    assert AuditEntry.objects.filter(action="hand_history_viewed", actor=fiona).count() == 2
