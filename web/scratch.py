"""The site's side of scratch decks (decks.scratch): which user a request acts as.

A visitor without an account who makes a deck (New deck, Import, Copy into my decks) gets a
scratch owner kept in their session; the views that edit, playtest and test a deck then act
as that owner (`as_visitor`), so reads still go through decks.selectors with the requesting
user, and no other session can act as it. The nav shows no account for it (`request.scratch`)
and offers to sign up, which keeps the decks (`adopt_scratch_decks`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest, HttpResponse

from decks.scratch import scratch_decks_adopt, scratch_owner_create, scratch_owner_get

SESSION_KEY = "scratch_owner"


def scratch_owner(request: HttpRequest, *, create: bool = False) -> AbstractBaseUser | None:
    """The session's scratch owner (made now if `create`); None for a signed-in user."""
    if request.user.is_authenticated and not getattr(request, "scratch", False):
        return None
    owner = scratch_owner_get(request.session.get(SESSION_KEY))
    if owner is None and create:
        owner = scratch_owner_create()
        request.session[SESSION_KEY] = owner.pk
    return owner


def as_visitor(*, create: bool = False) -> Callable:
    """A view decorator: a visitor without an account acts as their session's scratch owner
    (made on a POST if `create`: the visitor is making a deck). Signed-in users are untouched."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                owner = scratch_owner(request, create=create and request.method == "POST")
                if owner is not None:
                    request.user, request.scratch = owner, True
            return view(request, *args, **kwargs)

        return wrapped

    return decorate


def adopt_scratch_decks(request: HttpRequest, user: AbstractBaseUser) -> int:
    """On sign-up or log-in: the session's scratch decks become the user's."""
    owner = scratch_owner_get(request.session.pop(SESSION_KEY, None))
    if owner is None:
        return 0
    return scratch_decks_adopt(scratch_owner=owner, user=user)


def scratch_context(request: HttpRequest) -> dict[str, Any]:
    """For the base template: whether this page acts for a visitor's scratch decks."""
    return {"scratch": getattr(request, "scratch", False)}
