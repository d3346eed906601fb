"""Pages of the league's memory: the season archive, leaders, ratings and careers.

Each view reads the league once (`facts.read_league`, a fixed number of queries) and hands it
to the pure rules; visitors get the page from the page cache like the table.
"""

from django.contrib.auth.decorators import login_not_required
from django.shortcuts import render
from django.views.decorators.http import require_safe

from config.pagecache import pages

from .archive import hall_of_fame, season_summaries
from .facts import read_league


@require_safe
@login_not_required
@pages.for_visitors()
def season_archive(request):
    """Every season with its final table, podium and numbers; the Hall of Fame."""
    summaries = season_summaries(read_league(players=True))
    context = {"summaries": summaries, "champions": hall_of_fame(summaries)}
    return render(request, "stats/season_archive.html", context)
