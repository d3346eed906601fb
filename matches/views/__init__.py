"""The pages of the matches app, one module per page family; each view stays thin.

- `results`: the match list and its download, a match's page, entering and correcting a result,
  the other coach's confirmation or dispute.
- `developments`: choosing a team's development after a match (and the admin's reset).
- `open_matches`: matches without a result: creating one, its appointment, cancellations and
  no-shows, deleting it, the season's schedule.
- `ical`: the appointments as subscribable calendars.
- `match_page`: the match page's context for one viewer, which all of them render.
"""
