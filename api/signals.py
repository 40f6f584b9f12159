"""A password change ends the user's API tokens: whoever changes a password because it leaked
expects every way in that it opened to close, wherever the change is made (the website's form,
the admin, `manage.py changepassword`, a script calling set_password)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.dispatch import receiver

from .tokens import token_revoke_all


@receiver(post_save, sender=get_user_model(), dispatch_uid="api-tokens-end-with-the-password")
def end_tokens_on_password_change(instance: Any, created: bool, **_: Any) -> None:
    # set_password() keeps the new password in `_password` until the save that stores it (Django
    # tells password validators from it too); a hash merely upgraded at log-in does not.
    if not created and getattr(instance, "_password", None) is not None:
        token_revoke_all(user=instance)
