"""Widgets that write the same HTML as Django's, without a template per option.

Django renders every `<option>` of a select through its own template include: about 30 µs each,
so a development form's three skill lists of ~70 skills each cost a coach's result form some
15–40 ms. `QuickSelect` writes the same markup (`Select.optgroups` decides what is selected, as
in Django) with `format_html`, which escapes every value and label.
"""

from django import forms
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe


def _attributes(attrs: dict) -> str:
    """` name="value"` per attribute as Django's attrs.html writes them: True as a bare name,
    False left out."""
    parts = []
    for name, value in attrs.items():
        if value is True:
            parts.append(format_html(" {}", name))
        elif value is not False:
            parts.append(format_html(' {}="{}"', name, str(value)))
    return "".join(parts)


class QuickSelect(forms.Select):
    def render(self, name, value, attrs=None, renderer=None):
        context = self.get_context(name, value, attrs)["widget"]
        groups = []
        for group_name, options, _index in context["optgroups"]:
            html = format_html_join(
                "",
                '\n  <option value="{}"{}>{}</option>\n',
                (
                    (str(option["value"]), mark_safe(_attributes(option["attrs"])), option["label"])
                    for option in options
                ),
            )
            if group_name:
                html = format_html('\n  <optgroup label="{}">{}\n  </optgroup>', group_name, html)
            groups.append(html)
        return format_html(
            '<select name="{}"{}>{}\n</select>',
            context["name"],
            mark_safe(_attributes(context["attrs"])),
            mark_safe("".join(conditional_escape(group) for group in groups)),
        )
