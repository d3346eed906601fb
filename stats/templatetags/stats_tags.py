"""Template helpers of the statistics pages."""

from django import template

register = template.Library()


@register.simple_tag
def elo(ratings, side) -> str:
    """The rating of `side`, rounded to whole points."""
    return str(round(ratings.of(side)))
