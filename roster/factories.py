"""Test factories for teams and players (factory-boy is a dev dependency)."""

import factory
from django.conf import settings

from rules.models import Race

from .models import Player, Team


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = settings.AUTH_USER_MODEL
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"coach{n}")
    password = factory.django.Password("sicheres-pw-42")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    race = factory.LazyFunction(lambda: Race.objects.get(name="Human"))
    coach = factory.SubFactory(UserFactory)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    team = factory.SubFactory(TeamFactory)
    name = factory.Sequence(lambda n: f"Spieler {n}")
    number = factory.Sequence(lambda n: n % 99 + 1)
    position = factory.LazyAttribute(lambda o: o.team.race.journeyman_position)
