"""An event's times: the organiser's time zone, and which registration deadlines make sense.

Deadlines are stored in UTC. An organiser types one as a wall-clock time in the event's own
time zone (an IANA name such as Europe/London); pages show it in that zone and, in the
viewer's browser, in the viewer's own (web/static/web/events/local-time.js).
"""

from __future__ import annotations

from datetime import date, datetime, time
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.utils import timezone


@cache
def time_zone_names() -> list[str]:
    return sorted(available_timezones())


def wall_clock_to_utc(naive: datetime, time_zone: str) -> datetime:
    """The moment a wall-clock time in `time_zone` stands for."""
    return timezone.make_aware(naive.replace(tzinfo=None), ZoneInfo(time_zone))


def utc_to_wall_clock(moment: datetime, time_zone: str) -> datetime:
    """The wall-clock time (naive) in `time_zone` of a moment, as a form field shows it."""
    return timezone.localtime(moment, ZoneInfo(time_zone)).replace(tzinfo=None)


def deadline_problem(
    *, deadline: datetime, event_date: date, time_zone: str, changed: bool = True
) -> str | None:
    """Why a registration deadline cannot be used, or None.

    It must come before the event's day is over (lists are read on that day) and, when it is
    being set, after now: a deadline in the past would close registration the moment it is
    saved. An unchanged deadline that has passed is no reason to refuse other changes.
    """
    end_of_day = datetime.combine(event_date, time.max, tzinfo=ZoneInfo(time_zone))
    if deadline > end_of_day:
        return f"must be on or before the event's date ({event_date.isoformat()}, {time_zone})"
    if changed and deadline <= timezone.now():
        return "must be in the future: a deadline in the past closes registration at once"
    return None
