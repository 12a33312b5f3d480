"""Pages of the game rooms."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.new_table, name="new_table"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/play/", views.play, name="play"),
    path("tables/<int:table_id>/leave/", views.leave, name="leave"),
    path("tables/<int:table_id>/deals/<int:number>/", views.history, name="history"),
    path("tables/<int:table_id>/deals/<int:number>/replay.json", views.replay_file, name="replay_file"),
]
