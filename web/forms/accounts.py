"""The accounts pages' forms: sign-up, the email address and a new API token."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from basics.usernames import UnconfusableUsernameMixin

EMAIL_WHY = (
    "Optional. Only to tell you about events you join: an illegal list, a drop, a penalty, "
    "a deadline near. We send a link to confirm it first; every email has a link to stop them."
)


class SignupForm(UnconfusableUsernameMixin, UserCreationForm):
    """Django's sign-up form, refusing a name that reads like another user's, with an
    optional email address (verified by a link before anything else is sent to it)."""

    email = forms.EmailField(required=False, label="Email address", help_text=EMAIL_WHY)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class EmailForm(forms.Form):
    email = forms.EmailField(required=False, label="Email address", help_text=EMAIL_WHY)


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=100, label="Token name", help_text="What will use it, e.g. “tournament script”."
    )
