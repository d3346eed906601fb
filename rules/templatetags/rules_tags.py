import re

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

register = template.Library()

BOLD = re.compile(r"\*\*(.+?)\*\*")


def _inline(text: str) -> str:
    return BOLD.sub(r"<strong>\1</strong>", str(conditional_escape(text)))


@register.filter
def rule_markup(text: str) -> str:
    """Render the handbook's small markup: blank-line paragraphs, "- " bullets, **bold**.

    Everything is escaped first, so staff cannot inject HTML through the admin.
    """
    html = []
    for chunk in re.split(r"\n\s*\n", (text or "").strip()):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        paragraph: list[str] = []
        items: list[str] = []
        for line in lines:
            if line.startswith("- "):
                if paragraph:
                    html.append(f"<p>{' '.join(paragraph)}</p>")
                    paragraph = []
                items.append(f"<li>{_inline(line[2:])}</li>")
            else:
                if items:
                    html.append(f"<ul>{''.join(items)}</ul>")
                    items = []
                paragraph.append(_inline(line))
        if paragraph:
            html.append(f"<p>{' '.join(paragraph)}</p>")
        if items:
            html.append(f"<ul>{''.join(items)}</ul>")
    return mark_safe("\n".join(html))


@register.simple_tag
def skill_link(entry) -> str:
    """A starting skill (PositionSkill) or a Skill as a link to its explanation."""
    skill = getattr(entry, "skill", None)
    if skill is None:  # a Skill itself
        skill, label = entry, entry.name
    else:  # a starting or gained skill with its value
        label = entry.label
    css = "skill-link" if skill.has_explanation else "skill-link skill-link--missing"
    return format_html('<a class="{}" href="{}">{}</a>', css, skill.get_absolute_url(), label)
