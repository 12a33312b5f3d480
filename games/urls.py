"""Pages of the game rooms, a table's panel endpoints, the player card and the leaderboards."""

from django.urls import path

from . import guide_views, leaderboard_views, panel_views, player_card_views, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.new_table, name="new_table"),
    path("tables/new/terms/", views.new_table_terms, name="new_table_terms"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/play/", views.play, name="play"),
    path("tables/<int:table_id>/leave/", views.leave, name="leave"),
    path("tables/<int:table_id>/rematch/", views.rematch, name="rematch"),
    path("tables/<int:table_id>/deals/<int:number>/", views.history, name="history"),
    path("tables/<int:table_id>/deals/<int:number>/replay.json", views.replay_file, name="replay_file"),
    path("deals/<int:round_id>/", views.deal_history, name="hand_history"),
    path("players/<str:username>/", views.player, name="player"),
    path("leaderboards/", leaderboard_views.leaderboard_index, name="leaderboards"),
    path("leaderboards/<str:key>/", leaderboard_views.leaderboard, name="leaderboard"),
    path("preferences/", views.game_preferences, name="game_preferences"),
    path("how-to-play/", guide_views.how_to_play, name="how_to_play"),
    path("how-to-play/<str:key>/", guide_views.how_to_play_game, name="how_to_play_game"),
    path("tables/<int:table_id>/settings/", panel_views.table_settings, name="table_settings"),
    path("tables/<int:table_id>/invite/", panel_views.table_invite, name="table_invite"),
    path(
        "tables/<int:table_id>/requests/<int:request_id>/approve/",
        panel_views.table_request,
        {"approve": True},
        name="table_request_approve",
    ),
    path(
        "tables/<int:table_id>/requests/<int:request_id>/decline/",
        panel_views.table_request,
        {"approve": False},
        name="table_request_decline",
    ),
    path("tables/<int:table_id>/kick/<int:seat>/", panel_views.table_kick, name="table_kick"),
    path("tables/<int:table_id>/vote/<int:seat>/", panel_views.table_vote, name="table_vote"),
    path("tables/<int:table_id>/card/", player_card_views.card, name="table_player_card"),
    path("tables/<int:table_id>/card/ignore/", player_card_views.ignore, name="table_player_ignore"),
    path(
        "invitations/<int:invitation_id>/accept/",
        panel_views.answer_invitation,
        {"accept": True},
        name="invitation_accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        panel_views.answer_invitation,
        {"accept": False},
        name="invitation_decline",
    ),
]
