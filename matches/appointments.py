"""The 24-hour rule ("Absagen", docs/league.md "Termine und Absagen"), as one pure function.

A cancellation less than 24 hours before the appointment is a forfeit (the cancelling team
loses 0:3); earlier, or without an appointment, it costs nothing.

- 24 hours are 24 hours of real time, also across a change to or from daylight-saving time:
  for an appointment on the Sunday of the spring change at 15:00, the deadline is Saturday
  14:00 (wall clock), not 15:00.
- Times count to the minute, as the app shows them: seconds are dropped, so a cancellation
  shown exactly 24:00 before the appointment is in time, one shown 23:59 before is not.
"""

from datetime import UTC, datetime, timedelta

from config.minutes import to_the_minute

NOTICE = timedelta(hours=24)
"""How long before the appointment a cancellation must come to cost nothing."""

FORFEIT_SCORE = 3
"""A forfeit counts as 0:3 in touchdowns for the team that did not cancel."""


def is_late_cancellation(*, cancelled_at: datetime, appointment: datetime | None) -> bool:
    """Is a cancellation recorded at `cancelled_at` a forfeit for `appointment`?

    Both must be timezone-aware; None (no appointment yet) is never a forfeit.
    """
    if appointment is None:
        return False
    if cancelled_at.tzinfo is None or appointment.tzinfo is None:
        raise ValueError("is_late_cancellation needs timezone-aware datetimes")
    # In UTC: Python subtracts two times of the same zone by their wall clocks, which would
    # ignore a daylight-saving change between them.
    left = to_the_minute(appointment.astimezone(UTC)) - to_the_minute(cancelled_at.astimezone(UTC))
    return left < NOTICE
