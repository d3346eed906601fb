"""Verwaltung (Django's admin) takes input by the same rules as the project's own forms (issue 26).

The admin builds its form fields from the models with Django's lenient fields: a text keeps a
bell or an escape character, ``int()`` reads "٣" as 3 and "1_000" as 1000, a date parser reads
other scripts' digits. Instead of trusting every ModelAdmin to remember the project's fields,
the admin site itself guards every form it builds: `PlainAdminSite.register` mixes
`PlainInputAdmin` into every ModelAdmin (the project's, the user admin, those of installed
packages), and that mixin guards the change form, every inline's formset, the list's editable
rows and the password form. Guarding means:

- text (every CharField, declared or from a model): no control characters except tab and line
  breaks (`config.inputs.NoControlCharacters`), checked before anything reads the text;
- numbers: an optional minus and ASCII digits;
- dates and times: ASCII digits and the separators of a date ("02.12.2026", "2026-12-02",
  "20:15"), the date within `config.inputs.date_bounds`;
- choices (a team, a race, a kind): printable ASCII keys, so "٣" does not pick row 3.

Each refusal is a German message that the admin shows next to its field.
"""

import copy
import re
from functools import cache

from django import forms
from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from config.inputs import (
    DATE_MESSAGE,
    NoControlCharacters,
    check_date_bounds,
    has_control_characters,
)
from config.numbers import ASCII_INTEGER, INTEGER_MESSAGE

_DECIMAL = re.compile(r"-?[0-9]{1,15}([.,][0-9]{1,15})?")
_TEMPORAL = re.compile(r"[0-9]{1,4}([.:/ T-][0-9]{1,4}){0,6}")
_GUARDED = "_plain_input"

NUMBER_MESSAGE = _("Bitte eine Zahl mit den Ziffern 0–9 eingeben.")
TIME_MESSAGE = _("Bitte die Uhrzeit mit den Ziffern 0–9 eingeben.")
CHOICE_MESSAGE = _("Bitte eine der angebotenen Möglichkeiten wählen.")


def _texts(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [item for item in value if isinstance(item, str)]
    return []


def _check_raw(field: forms.Field, value) -> None:
    """Refuses what a person does not type, before Django's parser reads it."""
    texts = [text for text in _texts(value) if text not in field.empty_values]
    if isinstance(field, forms.CharField):
        for text in texts:
            NoControlCharacters()(text)
        return
    if isinstance(field, (forms.DateField, forms.DateTimeField, forms.TimeField)):
        message = TIME_MESSAGE if isinstance(field, forms.TimeField) else DATE_MESSAGE
        if any(not _TEMPORAL.fullmatch(text.strip()) for text in texts):
            raise ValidationError(message, code="invalid")
        return
    if isinstance(field, forms.IntegerField):
        if any(not ASCII_INTEGER.fullmatch(text.strip()) for text in texts):
            raise ValidationError(INTEGER_MESSAGE, code="invalid")
        return
    if isinstance(field, (forms.DecimalField, forms.FloatField)):
        if any(not _DECIMAL.fullmatch(text.strip()) for text in texts):
            raise ValidationError(NUMBER_MESSAGE, code="invalid")
        return
    # Choices, booleans, files and whatever else: keys a form offers are printable ASCII.
    if any(not text.isascii() or has_control_characters(text) for text in texts):
        raise ValidationError(CHOICE_MESSAGE, code="invalid_choice")


@cache
def _guarded_class(cls: type) -> type:
    """A subclass of a form field class that checks the raw input first."""

    def to_python(self, value):
        _check_raw(self, value)
        try:
            result = super(guarded, self).to_python(value)
        except OverflowError:
            raise ValidationError(DATE_MESSAGE, code="invalid") from None
        if isinstance(self, (forms.DateField, forms.DateTimeField)):
            check_date_bounds(result)
        return result

    guarded = type(cls.__name__, (cls,), {"to_python": to_python, _GUARDED: True})
    guarded.__module__ = cls.__module__
    return guarded


def plain_field(field: forms.Field) -> forms.Field:
    """A copy of a form field that takes input by the project's rules (see the module)."""
    if getattr(field, _GUARDED, False):
        return field
    guarded = copy.deepcopy(field)
    if isinstance(guarded, forms.MultiValueField):  # the admin's date + time
        guarded.fields = tuple(plain_field(part) for part in guarded.fields)
        guarded.__class__ = _guarded_multi_class(type(field))
    else:
        guarded.__class__ = _guarded_class(type(field))
    return guarded


@cache
def _guarded_multi_class(cls: type) -> type:
    def compress(self, data_list):
        result = super(guarded, self).compress(data_list)
        check_date_bounds(result)
        return result

    guarded = type(cls.__name__, (cls,), {"compress": compress, _GUARDED: True})
    guarded.__module__ = cls.__module__
    return guarded


def is_plain(field: forms.Field) -> bool:
    """Whether a form field takes input by the project's rules (for the tests)."""
    if isinstance(field, forms.MultiValueField):
        return getattr(field, _GUARDED, False) and all(is_plain(part) for part in field.fields)
    return getattr(field, _GUARDED, False)


def guard_form(form_class: type[forms.BaseForm]) -> type[forms.BaseForm]:
    """A subclass of the form whose fields all are `plain_field`s (the class's own field
    objects, shared with its bases, stay untouched)."""
    if getattr(form_class, _GUARDED, False):
        return form_class
    fields = {name: plain_field(field) for name, field in form_class.base_fields.items()}
    # A plain subclass keeps Meta and the form's methods; base_fields is replaced, not altered.
    guarded = type(form_class)(
        form_class.__name__, (form_class,), {"__module__": form_class.__module__}
    )
    guarded.base_fields = fields
    setattr(guarded, _GUARDED, True)
    return guarded


def guard_formset(formset_class):
    formset_class.form = guard_form(formset_class.form)
    return formset_class


class PlainInputAdmin:
    """Mixed into every ModelAdmin by `PlainAdminSite.register`: every form it builds takes
    input by the project's rules."""

    def get_form(self, request, obj=None, **kwargs):
        return guard_form(super().get_form(request, obj, **kwargs))

    def get_formsets_with_inlines(self, request, obj=None):
        for formset, inline in super().get_formsets_with_inlines(request, obj):
            yield guard_formset(formset), inline

    def get_changelist_formset(self, request, **kwargs):
        return guard_formset(super().get_changelist_formset(request, **kwargs))

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        password_form = cls.__dict__.get("change_password_form")
        if password_form is not None:
            cls.change_password_form = guard_form(password_form)


class PlainAdminSite(admin.AdminSite):
    """The admin site of the project (see the module)."""

    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, PlainInputAdmin):
            attributes = {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__}
            password_form = getattr(admin_class, "change_password_form", None)
            if password_form is not None:
                attributes["change_password_form"] = password_form
            admin_class = type(admin_class.__name__, (PlainInputAdmin, admin_class), attributes)
        super().register(model_or_iterable, admin_class, **options)


class PlainAdminConfig(AdminConfig):
    """django.contrib.admin with `PlainAdminSite` as ``admin.site``."""

    default_site = "config.admin.PlainAdminSite"
