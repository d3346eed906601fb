"""The service worker's cache version is a hash of what it keeps: a changed skill text, a
changed static file or a new skill page gives a new version (so phones renew their caches);
a save that changes nothing, or another request, gives the same one."""

import re

import pytest
from django.urls import reverse

from rules.models import HandbookBlock, Skill

pytestmark = pytest.mark.django_db


def version(client) -> str:
    response = client.get(reverse("rules:service-worker"))
    assert response.status_code == 200
    return re.search(r'cache: "hopfen-([0-9a-f]{12})"', response.content.decode()).group(1)


def test_unchanged_content_keeps_the_version_even_after_a_save(client):
    before = version(client)
    assert version(client) == before
    Skill.objects.get(slug="dodge").save()  # renews the page cache's token, not the content
    assert version(client) == before


def test_a_changed_skill_text_or_handbook_block_gives_a_new_version(client):
    before = version(client)
    skill = Skill.objects.get(slug="dodge")
    skill.explanation += " Neu formuliert."
    skill.save()
    after_skill = version(client)
    assert after_skill != before
    block = HandbookBlock.objects.first()
    block.save()
    assert version(client) == after_skill
    HandbookBlock.objects.filter(pk=block.pk).update(order=block.order + 1000)
    Skill.objects.get(slug="block").save()  # the token renews (a bulk update sends no signal)
    assert version(client) != after_skill


def test_a_changed_static_file_gives_a_new_version(client, settings, tmp_path):
    before = version(client)
    (tmp_path / "js").mkdir()
    shadow = tmp_path / "js" / "app.js"  # found before the project's own js/app.js
    shadow.write_text("/* eins */")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    first = version(client)
    assert first != before
    assert version(client) == first
    shadow.write_text("/* zwei */")
    assert version(client) != first
