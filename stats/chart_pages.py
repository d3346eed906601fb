"""The charts of a team's record page: SVG (`charts`) with German titles, descriptions and
the numbers beside them."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .charts import bar_chart, line_chart


@dataclass
class Chart:
    svg: str
    caption: str
    header: list  # column titles of the numbers beside the chart
    rows: list  # [(label, value, ...)]


def team_charts(team, season, positions, history, casualties) -> list[Chart]:
    """`positions`: (opponent, score, place after the match) of its latest season."""
    charts = []
    if positions:
        labels = [str(i) for i in range(1, len(positions) + 1)]
        places = [rank for _opponent, _score, rank in positions]
        values = {"team": team.name, "season": season, "places": ", ".join(map(str, places))}
        charts.append(
            Chart(
                svg=line_chart(
                    chart_id=f"platz-{team.pk}",
                    title=_("Tabellenplatz nach jedem Spiel, %(season)s") % values,
                    desc=_("Platz von %(team)s nach Spiel 1, 2, …: %(places)s") % values,
                    labels=labels,
                    values=places,
                    low=1,
                    high=max(max(places), 2),
                    upside_down=True,
                ),
                caption=_("Tabellenplatz nach jedem Spiel, %(season)s") % values,
                header=[_("Spiel"), _("Gegner"), _("Ergebnis"), _("Platz")],
                rows=[(i, *entry) for i, entry in enumerate(positions, start=1)],
            )
        )
    if history:
        ratings = [round(value) for _key, value in history]
        values = {"team": team.name, "ratings": ", ".join(map(str, ratings))}
        charts.append(
            Chart(
                svg=line_chart(
                    chart_id=f"elo-{team.pk}",
                    title=_("Elo-Verlauf"),
                    desc=_("Elo von %(team)s nach jedem gewerteten Spiel: %(ratings)s") % values,
                    labels=[str(i) for i in range(1, len(ratings) + 1)],
                    values=ratings,
                ),
                caption=_("Elo-Verlauf"),
                header=[_("Spiel"), _("Elo")],
                rows=[(i, value) for i, value in enumerate(ratings, start=1)],
            )
        )
    if casualties:
        caused = [c for _s, c, _x in casualties]
        suffered = [x for _s, _c, x in casualties]
        text = "; ".join(
            _("%(season)s: %(caused)d verursacht, %(suffered)d erlitten")
            % {"season": s, "caused": c, "suffered": x}
            for s, c, x in casualties
        )
        charts.append(
            Chart(
                svg=bar_chart(
                    chart_id=f"ausfaelle-{team.pk}",
                    title=_("Ausfälle je Saison"),
                    desc=text,
                    labels=[str(s.number) for s, _c, _x in casualties],
                    series=[(_("verursacht"), caused), (_("erlitten"), suffered)],
                ),
                caption=_("Ausfälle je Saison"),
                header=[_("Saison"), _("verursacht"), _("erlitten")],
                rows=[(s, c, x) for s, c, x in casualties],
            )
        )
    return charts
