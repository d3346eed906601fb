"""Times count to the minute, as the app shows and takes them (no Django here).

A match, an appointment or a cancellation is entered to the minute; whatever happened within
the same minute counts as at that minute. These two helpers are the one definition of it.
"""

from datetime import datetime, timedelta


def to_the_minute(moment: datetime) -> datetime:
    """`moment` with its seconds dropped: the minute it falls in."""
    return moment.replace(second=0, microsecond=0)


def end_of_minute(moment: datetime) -> datetime:
    """The first instant after the minute of `moment`."""
    return to_the_minute(moment) + timedelta(minutes=1)
