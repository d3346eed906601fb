"""Verwaltung takes input by the project's rules (issue 26): no control characters in a text,
only ASCII digits in numbers and dates, a German message next to the field and nothing saved.

The tests walk every ModelAdmin the admin site has registered (the project's, the user admin,
those of installed packages) and their inlines, so a new one cannot forget the rule.
"""

from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.urls import resolve, reverse

from config.admin import is_plain
from matches.factories import open_season, play, squad
from notifications.models import Preference

pytestmark = pytest.mark.django_db

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
REGISTERED = sorted(admin.site._registry.items(), key=lambda item: item[0]._meta.label)
IDS = [model._meta.label for model, _ in REGISTERED]


@pytest.fixture
def league(db):
    """A league with something in every table the admin edits."""
    home, away = squad(), squad()
    open_season()
    Group.objects.create(name="Ligaleitung")
    play(home, away, score=(1, 0))
    Preference.objects.create(
        user=home.coach, kind=Preference._meta.get_field("kind").choices[0][0]
    )
    return home, away


def _request(rf, user, model, obj=None):
    """A request to the table's change page (or add page), as the admin's views get it."""
    meta = model._meta
    if obj is None:
        url = reverse(f"admin:{meta.app_label}_{meta.model_name}_add")
    else:
        url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])
    request = rf.get(url)
    request.user = user
    request.resolver_match = resolve(url)
    return request


@pytest.mark.parametrize(("model", "model_admin"), REGISTERED, ids=IDS)
def test_every_field_of_every_admin_form_takes_input_by_the_project_rules(
    model, model_admin, league, rf, admin_user
):
    obj = model._default_manager.first()
    adding = _request(rf, admin_user, model)
    forms = [model_admin.get_form(adding, None)]
    forms += [formset.form for formset, _ in model_admin.get_formsets_with_inlines(adding, None)]
    if obj is not None:
        changing = _request(rf, admin_user, model, obj)
        forms.append(model_admin.get_form(changing, obj, change=True))
        forms += [
            formset.form for formset, _ in model_admin.get_formsets_with_inlines(changing, obj)
        ]
    if getattr(model_admin, "change_password_form", None):
        forms.append(model_admin.change_password_form)
    lenient = [
        f"{form.__name__}.{name}"
        for form in forms
        for name, field in form.base_fields.items()
        if not is_plain(field)
    ]
    assert lenient == []


class _FormReader(HTMLParser):
    """What a browser would send from the admin's change form: every named input's value."""

    def __init__(self, form_id):
        super().__init__()
        self.form_id, self.inside, self.data, self.kinds = form_id, False, [], {}
        self._select = self._textarea = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                return
            if kind in ("submit", "button", "file"):
                return
            self.data.append((name, attrs.get("value", "") if kind != "checkbox" else "on"))
            classes = attrs.get("class", "")
            if "vDateField" in classes or "vTimeField" in classes:
                self.kinds[name] = "date"
            elif kind == "number":
                self.kinds[name] = "number"
            elif kind in ("text", "email", "url", "password", "search", "tel"):
                self.kinds[name] = "text"
        elif tag == "textarea" and name:
            self._textarea = name
            self.data.append((name, ""))
            self.kinds[name] = "text"
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and "selected" in attrs:
            self.data.append((self._select, attrs.get("value", "")))

    def handle_data(self, data):
        if self._textarea:
            name, value = self.data[-1]
            self.data[-1] = (name, value + data)

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            if self._textarea:
                name, value = self.data[-1]
                self.data[-1] = (name, value.removeprefix("\n"))
            self._textarea = None


def _post_data(pairs) -> dict[str, list[str]]:
    data: dict[str, list[str]] = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)
    return data


def _tables(model, model_admin):
    models = [model, *(inline.model for inline in model_admin.inlines)]
    return {m._meta.label: list(m._default_manager.order_by("pk").values()) for m in models}


TAMPERED = {
    "text": (lambda value: value + "\x00", "Steuerzeichen"),
    "date": (lambda value: value.translate(ARABIC_INDIC) or "٣", "Ziffern 0–9"),
    "number": (lambda value: (value or "3").translate(ARABIC_INDIC), "Ziffern 0–9"),
}


@pytest.mark.parametrize(("model", "model_admin"), REGISTERED, ids=IDS)
def test_a_control_character_or_foreign_digit_in_any_admin_field_is_refused_in_german(
    model, model_admin, league, admin_client, rf, admin_user
):
    obj = model._default_manager.first()
    request = _request(rf, admin_user, model, obj) if obj is not None else None
    if obj is None or not model_admin.has_change_permission(request, obj):
        pytest.skip("nothing to change in this table")
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[obj.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    reader = _FormReader(f"{model._meta.model_name}_form")
    reader.feed(page.content.decode())
    fields = {
        name: kind
        for name, kind in reader.kinds.items()
        if "__prefix__" not in name and not name.endswith(("TOTAL_FORMS", "INITIAL_FORMS"))
    }
    before = _tables(model, model_admin)
    missing = []
    for name, kind in fields.items():
        tamper, message = TAMPERED[kind]
        pairs = [(n, tamper(v) if n == name else v) for n, v in reader.data]
        answer = admin_client.post(url, _post_data(pairs))
        assert answer.status_code == 200, f"{name}: {answer.status_code}"
        html = answer.content.decode()
        # The admin's date and time of one field are <name>_0 and <name>_1.
        split = kind == "date" and name.endswith(("_0", "_1"))
        field_id = "id_" + (name[:-2] if split else name)
        # Django's admin names the field's error list id_<field>_error, next to the field.
        error = html.find(f'id="{field_id}_error"')
        if error < 0 or message not in html[error : error + 400]:
            missing.append(name)
    assert missing == []
    assert _tables(model, model_admin) == before
    # The same form without the tampered value is taken: the refusal was the field's alone.
    untouched = admin_client.post(url, _post_data(reader.data))
    assert untouched.status_code == 302, untouched.content.decode()[:3000]
