"""Routes of social play."""

from django.urls import path

from . import views

urlpatterns = [
    path("social/", views.friends, name="friends"),
    path("players/<str:username>/", views.player, name="player"),
    path("social/friends/request/<str:username>/", views.request_friend, name="friend_request"),
    path(
        "social/friends/<int:request_id>/accept/", views.answer_friend, {"accept": True}, name="friend_accept"
    ),
    path(
        "social/friends/<int:request_id>/decline/",
        views.answer_friend,
        {"accept": False},
        name="friend_decline",
    ),
    path("social/friends/remove/<str:username>/", views.remove_friend, name="friend_remove"),
    path("social/ignore/<str:username>/", views.ignore, {"on": True}, name="ignore"),
    path("social/unignore/<str:username>/", views.ignore, {"on": False}, name="unignore"),
    path("social/lists/", views.create_list, name="list_create"),
    path("social/lists/<int:list_id>/add/", views.add_member, name="list_add"),
    path("social/lists/<int:list_id>/remove/<str:username>/", views.remove_member, name="list_remove"),
    path("social/lists/<int:list_id>/delete/", views.delete_list, name="list_delete"),
    path(
        "social/invitations/<int:invitation_id>/accept/",
        views.answer_invitation,
        {"accept": True},
        name="invitation_accept",
    ),
    path(
        "social/invitations/<int:invitation_id>/decline/",
        views.answer_invitation,
        {"accept": False},
        name="invitation_decline",
    ),
    path("social/tables/<int:table_id>/settings/", views.table_settings, name="table_social_settings"),
    path("social/tables/<int:table_id>/invite/", views.table_invite, name="table_invite"),
    path(
        "social/tables/<int:table_id>/requests/<int:request_id>/approve/",
        views.table_request,
        {"approve": True},
        name="table_request_approve",
    ),
    path(
        "social/tables/<int:table_id>/requests/<int:request_id>/decline/",
        views.table_request,
        {"approve": False},
        name="table_request_decline",
    ),
    path("social/tables/<int:table_id>/kick/<int:seat>/", views.table_kick, name="table_kick"),
    path("social/tables/<int:table_id>/vote/<int:seat>/", views.table_vote, name="table_vote"),
]
