import pytest
from django.core.management import call_command

from league.models import User
from matches.demo import DEMO_ADMIN, DEMO_COACH, ensure_demo_league
from rules.models import Position, Race

pytestmark = pytest.mark.django_db


def test_demo_league_is_idempotent():
    ensure_demo_league()
    counts = (Race.objects.count(), Position.objects.count(), User.objects.count())
    assert ensure_demo_league() == []
    assert (Race.objects.count(), Position.objects.count(), User.objects.count()) == counts


def test_demo_logins_work():
    ensure_demo_league()
    admin = User.objects.get(username=DEMO_ADMIN.username)
    coach = User.objects.get(username=DEMO_COACH.username)
    assert admin.check_password(DEMO_ADMIN.password) and admin.is_staff and admin.is_superuser
    assert coach.check_password(DEMO_COACH.password) and not coach.is_staff


def test_demo_keeps_reference_data_edited_by_admins():
    Position.objects.filter(race__name="Human", name="Human Lineman").update(ma=7)
    ensure_demo_league()
    assert Position.objects.get(race__name="Human", name="Human Lineman").ma == 7


def test_demo_does_not_reset_a_changed_password():
    ensure_demo_league()
    coach = User.objects.get(username=DEMO_COACH.username)
    coach.set_password("neues-passwort-77")
    coach.save()
    ensure_demo_league()
    assert User.objects.get(username=DEMO_COACH.username).check_password("neues-passwort-77")


def test_setup_demo_command_prints_the_logins(capsys):
    call_command("setup_demo")
    out = capsys.readouterr().out
    assert DEMO_ADMIN.password in out and DEMO_COACH.password in out


def test_demo_league_has_a_season_with_a_played_match_and_an_appointment():
    from league.models import Season
    from matches.models import Casualty, Match

    ensure_demo_league()
    season = Season.objects.current()
    assert season is not None and season.teams.count() == 2
    match = Match.objects.played().get(season=season)
    assert match.casualties.get().kind == Casualty.SERIOUSLY_INJURED
    (rematch,) = Match.objects.upcoming()
    assert (rematch.home, rematch.away) == (match.away, match.home)
    assert ensure_demo_league() == []
    assert Match.objects.count() == 2 and Season.objects.count() == 1


def test_saving_the_unchanged_demo_match_works(client):
    """The form keeps the time to the minute; the demo players created in that same minute
    still count as on the roster, so an unchanged save is accepted."""
    from matches.models import Match

    ensure_demo_league()
    match = Match.objects.played().get()
    client.force_login(User.objects.get(username=DEMO_ADMIN.username))
    url = f"/spiele/{match.pk}/bearbeiten/"
    form = client.get(url).context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None:
            continue
        data[name] = field.widget.format_value(value) if name == "played_at" else value
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    assert Match.objects.played().get().casualties.count() == 1


def test_demo_accounts_have_email_addresses():
    ensure_demo_league()
    users = User.objects.filter(username__in=["admin", "coach"])
    assert sorted(users.values_list("email", flat=True)) == [
        "admin@example.org",
        "coach@example.org",
    ]
