import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from league.models import Season
from league.services import found_team, start_next_season
from matches.factories import squad, staff_user
from roster.factories import TeamFactory, UserFactory
from roster.services import PlayerSpec
from rules.models import Race

pytestmark = pytest.mark.django_db


def test_first_season_is_current_and_enrolls_every_team():
    teams = [squad(), squad()]
    season = start_next_season(by=staff_user())
    assert season.number == 1 and season.is_current
    assert set(season.teams.all()) == set(teams)
    assert (season.points_win, season.points_draw, season.points_loss) == (3, 1, 0)
    assert (season.bonus_first_tier, season.bonus_second_tier) == (2, 3)


def test_next_season_closes_the_previous_copies_points_and_enrolls_its_teams():
    admin = staff_user()
    stays, removed = squad(), squad()
    first = start_next_season(by=admin)
    first.teams.remove(removed)
    first.points_win = 2
    first.bonus_second_tier = 4
    first.save()

    second = start_next_season(by=admin)

    first.refresh_from_db()
    assert not first.is_current and second.is_current and second.number == 2
    assert list(second.teams.all()) == [stays]
    assert second.points_win == 2 and second.bonus_second_tier == 4
    assert Season.objects.current() == second
    assert second.started_by == admin


def test_only_admins_start_a_season():
    with pytest.raises(PermissionDenied):
        start_next_season(by=UserFactory())
    assert not Season.objects.exists()


def test_database_allows_only_one_current_season():
    start_next_season(by=staff_user())
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(number=2, is_current=True)


def test_bonus_tiers_must_ascend():
    season = start_next_season(by=staff_user())
    season.bonus_second_tier = season.bonus_first_tier
    with pytest.raises(IntegrityError), transaction.atomic():
        season.save()


def test_team_created_during_a_season_joins_the_current_one():
    admin = staff_user()
    start_next_season(by=admin)
    current = start_next_season(by=admin)
    race = Race.objects.get(name="Human")
    team = found_team(
        name="Spätstarter",
        race=race,
        coach=admin,
        players=[PlayerSpec(f"Spieler {n}", n, race.journeyman_position) for n in range(1, 8)],
    )
    assert list(team.seasons.all()) == [current]


def test_team_created_before_any_season_is_in_no_season():
    assert not TeamFactory().seasons.exists()


def test_admin_starts_the_next_season_from_the_season_list(client):
    admin = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client.force_login(admin)
    response = client.post("/admin/league/season/starten/", {"closing": "0"})
    assert response.status_code == 302
    assert Season.objects.current().number == 1
    assert "Nächste Saison starten" in client.get("/admin/league/season/").content.decode()


def test_closed_season_keeps_its_points_in_the_admin(client):
    admin = UserFactory(username="boss", is_staff=True, is_superuser=True)
    first = start_next_season(by=admin)
    start_next_season(by=admin)
    client.force_login(admin)
    closed = client.get(f"/admin/league/season/{first.pk}/change/").content.decode()
    assert 'name="points_win"' not in closed
    current = client.get(f"/admin/league/season/{first.pk + 1}/change/").content.decode()
    assert 'name="points_win"' in current


def test_second_click_on_start_next_season_is_told_the_season_already_started(client):
    admin = UserFactory(username="boss", is_staff=True, is_superuser=True)
    start_next_season(by=admin)
    client.force_login(admin)
    page = client.get("/admin/league/season/").content.decode()
    assert 'name="closing" value="1"' in page
    client.post("/admin/league/season/starten/", {"closing": "1"})
    response = client.post("/admin/league/season/starten/", {"closing": "1"}, follow=True)
    assert "Saison 2 hat schon begonnen" in response.content.decode()
    assert Season.objects.count() == 2
    assert Season.objects.current().number == 2


def test_start_is_refused_when_the_named_season_is_no_longer_current():
    admin = staff_user()
    start_next_season(by=admin, closing=0)
    start_next_season(by=admin, closing=1)
    with pytest.raises(ValidationError, match="Saison 2 hat schon begonnen"):
        start_next_season(by=admin, closing=1)
    assert Season.objects.count() == 2
