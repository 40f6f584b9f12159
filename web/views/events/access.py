"""The event behind a page's token, and who may do what with it (events.selectors' rules)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from events import selectors
from events.models import Event


def event_or_404(token: str) -> Event:
    try:
        return selectors.event_get(token=token)
    except Event.DoesNotExist:
        raise Http404("No event has this link.") from None


def organised_event(request: HttpRequest, token: str) -> Event:
    """The event if the signed-in user organises it; 403 otherwise."""
    event = event_or_404(token)
    if not selectors.is_organiser(event=event, user=request.user):
        raise PermissionDenied("Only the event's organiser may see this page.")
    return event


def judged_event(request: HttpRequest, token: str) -> Event:
    """The event if the signed-in user organises or judges it (selectors.can_judge); 403
    otherwise."""
    event = event_or_404(token)
    if not selectors.can_judge(event=event, user=request.user):
        raise PermissionDenied("Only the event's organiser and judges may see this page.")
    return event


def lists_readable_event(request: HttpRequest, token: str) -> Event:
    """The event if this user may read every list: its organiser, or anyone once published."""
    event = event_or_404(token)
    if not event.published:
        return organised_event(request, token)
    return event
