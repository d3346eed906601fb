"""Data out for other programs: feeds of results and the read-only JSON API (version 1).

Nothing here decides a rule: the API and the feeds read what the pages read (the table from
`matches.standings`, squads from `matches.squad`, matches through `MatchQuerySet`) and show
only what the pages show to a visitor.
"""
