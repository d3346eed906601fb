"""Atom and RSS feeds of the latest results, league-wide and per team (Django's syndication
framework). German whatever the visitor chose for the pages, like the downloads."""

from django.contrib.syndication.views import Feed
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed, Rss201rev2Feed
from django.utils.translation import gettext as _

from matches.models import Match
from roster.models import Team

LATEST = 30
"""How many results a feed lists: the newest first."""

FORMATS = {"atom": Atom1Feed, "rss": Rss201rev2Feed}


def latest_results(matches):
    return (
        matches.latest_results()
        .with_casualty_counts()
        .select_related("season", "home", "away", "forfeited_by", "conceded_by")
        .annotate(result_at=Coalesce("played_at", "scheduled_at"))[:LATEST]
    )


class ResultsFeed(Feed):
    """The league's latest results (played matches and forfeits), the newest first."""

    def __init__(self, fmt: str):
        super().__init__()
        self.feed_type = FORMATS[fmt]
        self.fmt = fmt

    def title(self, obj):
        return _("Hopfen&Sieg: Ergebnisse")

    def link(self, obj):
        return reverse("matches:match-list")

    def feed_url(self, obj):
        return reverse("api:results-feed", args=[self.fmt])

    def description(self, obj):
        return _("Die neuesten Ergebnisse der Liga")

    def items(self, obj):
        return latest_results(Match.objects.all())

    def item_title(self, item: Match):
        if item.is_forfeit:
            home, away = item.forfeit_score()
            return _("%(home)s %(h)d:%(a)d %(away)s (kampflos)") % {
                "home": item.home.name,
                "away": item.away.name,
                "h": home,
                "a": away,
            }
        return f"{item.home.name} {item.home_touchdowns}:{item.away_touchdowns} {item.away.name}"

    def item_description(self, item: Match):
        parts = [str(item.season)]
        if item.round:
            parts.append(_("Runde %(round)d") % {"round": item.round})
        if item.is_played:
            parts.append(
                _("Ausfälle %(home)d:%(away)d")
                % {
                    "home": item.casualties_caused_by(item.home_id),
                    "away": item.casualties_caused_by(item.away_id),
                }
            )
        if item.conceded_by_id:
            parts.append(_("aufgegeben von %(team)s") % {"team": item.conceded_by.name})
        return " · ".join(parts)

    def item_link(self, item: Match):
        return item.get_absolute_url()

    def item_pubdate(self, item: Match):
        return item.result_at

    def item_updateddate(self, item: Match):
        return item.result_at


class TeamResultsFeed(ResultsFeed):
    """One team's latest results."""

    def get_object(self, request, team_pk: int):
        return get_object_or_404(Team, pk=team_pk)

    def title(self, obj: Team):
        return _("Hopfen&Sieg: Ergebnisse von %(team)s") % {"team": obj.name}

    def link(self, obj: Team):
        return obj.get_absolute_url()

    def feed_url(self, obj: Team):
        return reverse("api:team-results-feed", args=[obj.pk, self.fmt])

    def description(self, obj: Team):
        return _("Die neuesten Ergebnisse von %(team)s") % {"team": obj.name}

    def items(self, obj: Team):
        return latest_results(Match.objects.for_team(obj))
