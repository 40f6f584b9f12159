"""The accounts pages' forms: sign-up and a new API token."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from basics.usernames import UnconfusableUsernameMixin


class SignupForm(UnconfusableUsernameMixin, UserCreationForm):
    """Django's sign-up form, refusing a name that reads like another user's."""


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=100, label="Token name", help_text="What will use it, e.g. “tournament script”."
    )
