from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("rassen/", views.race_list, name="race-list"),
    path("rassen/<slug:slug>/", views.race_detail, name="race-detail"),
]
