"""Usernames a reader could take for another user's are refused when an account is made (the
sign-up form, the admin's add form, `manage.py create_user`): "alice" spelled with a Cyrillic a
(U+0430) beside "alice", "ALICE" beside "alice".

Two checks after Unicode TR39, with the confusables data of `confusable_homoglyphs`: a name
mixing scripts is refused outright (Latin letters with one Cyrillic among them is how a spoof
is made; TR39's restriction levels refuse it too), and a name whose skeleton (NFKC, case folded,
each letter that looks like an ASCII one replaced by it) is another user's skeleton is taken.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError


def username_skeleton(username: str) -> str:
    """What the name looks like: equal skeletons read alike (`Alice`, and `alice` with a Cyrillic
    a, are `alice`)."""
    text = unicodedata.normalize("NFKC", username).casefold()
    return "".join(_ascii_lookalike(char) for char in text)


@functools.lru_cache(maxsize=4096)
def _ascii_lookalike(char: str) -> str:
    if char.isascii():
        return char
    for found in confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"]) or ():
        for homoglyph in found["homoglyphs"]:
            if len(homoglyph["c"]) == 1 and homoglyph["c"].isascii():
                return homoglyph["c"].casefold()
    return char


def validate_username_unconfusable(username: str) -> None:
    """ValidationError when the name mixes scripts or reads like another user's name (the very
    same name is left to the unique constraint, which says it is taken)."""
    if confusables.is_mixed_script(username):
        raise ValidationError(
            "Use letters of one script (a name mixing, say, Latin and Cyrillic letters can "
            "pass for another user's).",
            code="mixed_script",
        )
    skeleton = username_skeleton(username)
    users = get_user_model().objects.exclude(username=username)
    # An ASCII skeleton is an ASCII name ignoring case; names with other letters are few, and
    # their skeletons are computed here rather than stored.
    lookalikes = users.filter(username__iexact=skeleton).exists() or any(
        username_skeleton(other) == skeleton
        for other in users.filter(username__regex=r"[^ -~]").values_list("username", flat=True)
    )
    if lookalikes:
        raise ValidationError(
            "This name reads like another user's name; choose one that looks different.",
            code="confusable",
        )


class UnconfusableUsernameMixin:
    """For a user creation form (Django's UserCreationForm or the admin's): the username is
    also checked by validate_username_unconfusable."""

    def clean_username(self) -> str:
        # a mixin: the form it is mixed into has clean_username; `object`, its base, has not
        username = super().clean_username()  # type: ignore[misc]
        if username:  # None when Django's own check found it taken, ignoring case
            validate_username_unconfusable(username)
        return username
