from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.urls import include, path
from django.views.i18n import set_language

from api.urls import api_v1_urls

from .health import healthz
from .login import AdminLoginForm, LoginForm

admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("", include("league.urls")),
    path("", include("rules.urls")),
    path("teams/", include("roster.urls")),
    path("spiele/", include("matches.urls")),
    path("", include("stats.urls")),
    path("simulator/", include("simulator.urls")),
    path("", include("api.urls")),
    path("api/v1/", api_v1_urls),
    path(
        "konto/anmelden/",
        auth_views.LoginView.as_view(authentication_form=LoginForm),
        name="login",
    ),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    # password reset by mail, with Django's own views (German templates in templates/registration)
    path(
        "konto/passwort-vergessen/",
        auth_views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "konto/passwort-vergessen/gesendet/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "konto/passwort-neu/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "konto/passwort-neu/fertig/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("konto/", include("notifications.urls")),
    path("sprache/", login_not_required(set_language), name="set_language"),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]
