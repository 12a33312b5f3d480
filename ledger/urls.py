"""Ledger URLs (namespace `ledger`): the player's wallet and the staff reports and actions. The staff page of one
player (ledger and tables together) is the project's `staff_player` route (games.staff_views)."""

from django.urls import path

from ledger.views import player, second_factor, staff, staff_roles

app_name = "ledger"

urlpatterns = [
    path("wallet/", player.wallet, name="wallet"),
    path("wallet/loss-limit/", player.loss_limit, name="loss_limit"),
    path("wallet/self-exclusion/", player.self_exclusion, name="self_exclusion"),
    path("second-factor/", second_factor.second_factor_page, name="second_factor"),
    path("staff/", staff.index, name="staff_index"),
    path("staff/accounts/", staff.accounts, name="staff_accounts"),
    path("staff/accounts/<int:account_id>/", staff.account_statement, name="staff_statement"),
    path("staff/settlements/", staff.settlements, name="staff_settlements"),
    path("staff/settlements/<int:unit_pk>/", staff.settlement_detail, name="staff_settlement"),
    path("staff/commission/", staff.commission, name="staff_commission"),
    path("staff/results/", staff.results, name="staff_results"),
    path("staff/limits/", staff.safety, name="staff_safety"),
    path("staff/reconciliation/", staff.reconciliation, name="staff_reconciliation"),
    path("staff/adjustments/", staff.adjustments, name="staff_adjustments"),
    path(
        "staff/adjustments/<int:request_id>/decide/", staff.decide_adjustment, name="staff_decide_adjustment"
    ),
    path("staff/reversals/", staff.reversals, name="staff_reversals"),
    path("staff/reversals/<int:request_id>/decide/", staff.decide_reversal, name="staff_decide_reversal"),
    path("staff/transactions/<int:transaction_id>/", staff.transaction_detail, name="staff_transaction"),
    path("staff/schedule/", staff.schedule, name="staff_schedule"),
    path("staff/audit/", staff.audit_log, name="staff_audit"),
    path("staff/roles/", staff_roles.staff_roles, name="staff_roles"),
    path("staff/roles/<int:grant_id>/decide/", staff_roles.decide_role_grant, name="staff_decide_role_grant"),
    path("staff/roles/reset/", staff_roles.request_reset, name="staff_request_reset"),
    path("staff/roles/reset/<int:request_id>/decide/", staff_roles.decide_reset, name="staff_decide_reset"),
    path("staff/schedule/<int:schedule_id>/decide/", staff.decide_schedule, name="staff_decide_schedule"),
]
