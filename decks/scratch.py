"""Scratch decks: a visitor without an account tries the editor, playtest and test games on
decks kept for their browser session alone.

A session's scratch decks belong to a scratch owner: a user row no one can log in as (no
usable password, inactive), made for that session and named only in it (web.scratch keeps
its id in the session, which only the server writes). So every privacy rule stays the one
rule of decks.selectors: the scratch owner's decks are private, readable by that owner, and
only the session holding it acts as that owner. Signing up or logging in adopts them: the
decks, their drafts and test games become the account's, and the scratch owner is deleted.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from jobs.models import SimulationJob

from .models import Deck, DeckDraft

SCRATCH_PREFIX = "visitor-"


def scratch_owner_create() -> AbstractBaseUser:
    """A new scratch owner: unusable password, inactive, a random name ("visitor-3f9a1c2e")."""
    owner = get_user_model()(username=f"{SCRATCH_PREFIX}{secrets.token_hex(6)}", is_active=False)
    owner.set_unusable_password()
    owner.save()
    return owner


def scratch_owner_get(owner_id: object) -> AbstractBaseUser | None:
    """The scratch owner with this id (as the session holds it), if it still exists and is one."""
    if not isinstance(owner_id, int):
        return None
    return (
        get_user_model()
        .objects.filter(pk=owner_id, is_active=False, username__startswith=SCRATCH_PREFIX)
        .first()
    )


def scratch_decks_adopt(*, scratch_owner: AbstractBaseUser, user: AbstractBaseUser) -> int:
    """Make the scratch owner's decks (with their drafts and test games) the user's, and delete
    the scratch owner; the number of decks adopted. One transaction: all or nothing."""
    with transaction.atomic():
        adopted = Deck.objects.filter(owner=scratch_owner).update(owner=user)
        DeckDraft.objects.filter(owner=scratch_owner).update(owner=user)
        SimulationJob.objects.filter(owner=scratch_owner).update(owner=user)
        scratch_owner.delete()
    return adopted


def scratch_owners_delete(*, keep: set[int], made_before) -> int:
    """Delete every scratch owner not in `keep` (those a live session holds) made before
    `made_before`, with their decks, drafts and test games (cascades); how many."""
    owners = (
        get_user_model()
        .objects.filter(
            is_active=False, username__startswith=SCRATCH_PREFIX, date_joined__lt=made_before
        )
        .exclude(pk__in=keep)
    )
    count = owners.count()
    owners.delete()
    return count
