"""The simulators' index page."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_index_links_both_simulators(client):
    response = client.get(reverse("simulator:index"))
    assert response.status_code == 200
    assert reverse("simulator:ball") in response.text
    assert reverse("simulator:baa") in response.text
