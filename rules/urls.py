from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("rassen/", views.race_list, name="race-list"),
    path("rassen/<slug:slug>/", views.race_detail, name="race-detail"),
    path("regelheft/", views.handbook, name="handbook"),
    path("fertigkeiten/", views.skill_list, name="skill-list"),
    path("fertigkeiten/liste/", views.skill_list_fragment, name="skill-list-fragment"),
    path("fertigkeiten/<slug:slug>/", views.skill_detail, name="skill-detail"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("offline/", views.offline, name="offline"),
]
