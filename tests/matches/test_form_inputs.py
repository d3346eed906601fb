"""What forms accept (issue 26): dates in ASCII digits within a few years of today, text without
control characters, and tampered hidden fields answered with the form and a German message."""

from datetime import timedelta

import pytest
from django import forms
from django.urls import reverse
from django.utils import timezone

from config.inputs import (
    PlainCharField,
    PlainDateField,
    PlainDateTimeField,
    PlainFloatField,
    PlainUUIDField,
    date_bounds,
)
from matches import open_matches
from matches.factories import open_match, play, staff_user
from matches.forms import DAMAGED
from matches.models import Match

from ..conftest import assert_every_error_shown

pytestmark = pytest.mark.django_db

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def in_days(days: float):
    return timezone.now().replace(second=0, microsecond=0) + timedelta(days=days)


def local(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


# --- the fields ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        local(in_days(3)).translate(ARABIC_INDIC),
        local(in_days(3)) + "\x00",
        local(in_days(3)).replace("2", "２"),  # full-width digit
        "9999-12-31T23:00",
        "0001-01-01T00:00",
    ],
    ids=["arabic-indic", "trailing-nul", "full-width", "year-9999", "year-1"],
)
def test_a_date_and_time_only_in_ascii_digits_and_within_a_few_years(typed):
    field = PlainDateTimeField(input_formats=["%Y-%m-%dT%H:%M"])
    with pytest.raises(forms.ValidationError) as refused:
        field.clean(typed)
    assert refused.value.messages[0].startswith("Bitte")


def test_a_date_and_time_someone_types_is_taken():
    field = PlainDateTimeField(input_formats=["%Y-%m-%dT%H:%M"])
    assert field.clean(local(in_days(3))) == in_days(3)


def test_the_bounds_are_years_around_today():
    first, last = date_bounds()
    field = PlainDateField(input_formats=["%Y-%m-%d"])
    assert field.clean(first.isoformat()) == first
    assert field.clean(last.isoformat()) == last
    with pytest.raises(forms.ValidationError, match="zwischen"):
        field.clean((last + timedelta(days=1)).isoformat())
    with pytest.raises(forms.ValidationError, match="zwischen"):
        field.clean((first - timedelta(days=1)).isoformat())


@pytest.mark.parametrize("text", ["Grom\x00bar", "Bell\x07", "Esc\x1b[31m"])
def test_text_with_a_control_character_is_refused(text):
    with pytest.raises(forms.ValidationError, match="Steuerzeichen"):
        PlainCharField().clean(text)


def test_line_breaks_and_tabs_stay_allowed_in_text():
    assert PlainCharField().clean("Erste Zeile\r\nzweite\tZeile") == "Erste Zeile\r\nzweite\tZeile"


def test_every_text_and_date_field_of_the_project_forms_is_a_plain_one():
    """No form of ours takes text, dates or numbers through Django's lenient fields."""
    import importlib

    lenient = (forms.CharField, forms.DateField, forms.DateTimeField, forms.IntegerField)
    from config.numbers import AsciiIntegerField

    plain = (
        PlainCharField,
        PlainDateField,
        PlainDateTimeField,
        PlainFloatField,
        PlainUUIDField,
        AsciiIntegerField,
    )
    found = []
    for module_name in (
        "matches.forms",
        "roster.forms",
        "simulator.ball.forms",
        "simulator.baa.forms",
        "simulator.baa.play_forms",
    ):
        module = importlib.import_module(module_name)
        for form in vars(module).values():
            if not (isinstance(form, type) and issubclass(form, forms.Form)):
                continue
            for name, field in form.base_fields.items():
                if isinstance(field, lenient) and not isinstance(field, plain):
                    if isinstance(field, forms.ChoiceField | forms.ModelChoiceField):
                        continue
                    found.append(f"{module_name}.{form.__name__}.{name}")
    assert found == []


# --- the pages ----------------------------------------------------------------------------


def test_an_appointment_in_the_year_9999_is_refused_next_to_its_field(client, season, home, away):
    match = open_match(home, away)
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:appointment-update", args=[match.pk]),
        {"scheduled_at": "9999-12-31T23:00", "version": match.version},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_termin_scheduled_at_error"' in html and "Bitte ein Datum zwischen" in html
    match.refresh_from_db()
    assert match.scheduled_at is None


def test_correcting_a_cancellation_to_the_year_1_is_refused_not_a_500(client, season, home, away):
    match = open_match(home, away, at=in_days(5))
    cancellation = open_matches.cancel_match(
        match=match, team=home, version=match.version, by=staff_user()
    )
    match.refresh_from_db()
    admin = staff_user()
    client.force_login(admin)
    response = client.post(
        reverse("matches:cancellation-update", args=[match.pk, cancellation.pk]),
        {"cancelled_at": "0001-01-01T00:00", "version": match.version},
    )
    assert response.status_code == 400
    assert "Bitte ein Datum zwischen" in response.content.decode()
    before = cancellation.cancelled_at
    cancellation.refresh_from_db()
    assert cancellation.cancelled_at == before


def test_a_player_name_with_a_nul_byte_is_refused(client, season, home, away):
    player = home.players.get(number=1)
    client.force_login(home.coach)
    response = client.post(
        reverse("roster:player-update", args=[home.pk, player.pk]),
        {"name": "Grom\x00bar", "number": player.number, "position": player.position_id},
    )
    assert response.status_code == 400
    assert "Steuerzeichen" in response.content.decode()
    player.refresh_from_db()
    assert "bar" not in player.name


# --- tampered hidden fields: the page with a German message, never a bare 400 --------------


def tampered_posts(match, home):
    version = "abc"
    return {
        "appointment": (
            reverse("matches:appointment-update", args=[match.pk]),
            {"scheduled_at": local(in_days(3)), "version": version},
        ),
        "cancel": (
            reverse("matches:match-cancel", args=[match.pk]),
            {"absage-team": home.pk, "absage-version": version},
        ),
        "no-show": (
            reverse("matches:match-no-show", args=[match.pk]),
            {"nichterschienen-team": home.pk, "nichterschienen-version": version},
        ),
        "delete": (reverse("matches:match-delete", args=[match.pk]), {"version": version}),
    }


@pytest.mark.parametrize("form", ["appointment", "cancel", "no-show", "delete"])
def test_a_tampered_version_shows_the_page_with_a_german_message(client, season, home, away, form):
    match = open_match(home, away, at=in_days(5))
    client.force_login(staff_user())
    url, data = tampered_posts(match, home)[form]
    response = client.post(url, data)
    assert response.status_code == 400
    assert str(DAMAGED) in response.content.decode()
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.parametrize("team", ["abc", "٣", "999999"])
def test_a_tampered_team_of_a_cancellation_shows_the_page_with_a_german_message(
    client, season, home, away, team
):
    match = open_match(home, away, at=in_days(5))
    client.force_login(home.coach)
    response = client.post(
        reverse("matches:match-cancel", args=[match.pk]),
        {"absage-team": team, "absage-version": match.version},
    )
    assert response.status_code == 400
    assert_every_error_shown(response)
    assert not match.cancellations.exists()


def test_a_tampered_version_of_a_dispute_shows_the_page_with_a_german_message(
    client, season, home, away
):
    match = play(home, away)
    client.force_login(away.coach)
    response = client.post(
        reverse("matches:match-dispute", args=[match.pk]), {"note": "Falsch", "version": "x"}
    )
    assert response.status_code == 400
    assert str(DAMAGED) in response.content.decode()


@pytest.mark.parametrize("legs", ["3", "0", "٢", "abc", ""])
def test_a_round_robin_with_an_invalid_number_of_legs_tells_the_admin(
    client, season, home, away, legs
):
    client.force_login(staff_user())
    response = client.post(reverse("matches:schedule-generate"), {"legs": legs}, follow=True)
    assert "Kein Spielplan erzeugt" in response.content.decode()
    assert not Match.objects.exists()
