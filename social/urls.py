"""Routes of social play: friends, ignores and invite lists (the player card and the table panel: games.urls)."""

from django.urls import path

from . import views

urlpatterns = [
    path("social/", views.friends, name="friends"),
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
]
