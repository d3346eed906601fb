"""config/widgets.py: QuickSelect writes exactly what Django's Select writes."""

import pytest
from django import forms

from config.numbers import IdChoiceField
from config.widgets import QuickSelect
from rules.models import SkillCategory

CHOICES = [
    ("", "—"),
    ('General <&> "quoted"', [(1, "Block"), (2, "Dodge & <b>")]),
    (3, "Solo"),
]
ATTRS = {"id": "id_x", "required": True, "disabled": False, "data-hx-get": "/a?b=1&c=2"}


@pytest.mark.parametrize("value", ["", "2", 3, None, ["1", "3"]])
@pytest.mark.parametrize("attrs", [None, ATTRS])
def test_quick_select_writes_what_djangos_select_writes(value, attrs):
    expected = forms.Select(choices=CHOICES).render("n", value, attrs)
    assert QuickSelect(choices=CHOICES).render("n", value, attrs) == expected


def test_quick_select_marks_the_chosen_option_and_escapes_labels():
    html = QuickSelect(choices=CHOICES).render("n", "2", None)
    assert '<option value="2" selected>Dodge &amp; &lt;b&gt;</option>' in html
    assert '<optgroup label="General &lt;&amp;&gt; &quot;quoted&quot;">' in html
    assert "<b>" not in html


@pytest.mark.django_db
def test_id_choice_fields_render_their_rows_as_django_would():
    class Pick(forms.Form):
        category = IdChoiceField(queryset=SkillCategory.objects.all())

    chosen = SkillCategory.objects.first()
    field = Pick(data={"category": str(chosen.pk)})["category"]
    quick = field.as_widget()
    assert isinstance(field.field.widget, QuickSelect)
    assert quick == forms.Select(choices=field.field.choices).render(
        field.html_name, field.value(), {"required": True, "id": field.auto_id}
    )
    assert f'<option value="{chosen.pk}" selected>' in quick
