"""`manage.py create_user NAME`: an account for the API, made without prompts.

The password comes from the DECKWARDEN_PASSWORD environment variable or, with
--password-stdin, from the first line of standard input, never from the command line (where
other users of the machine could read it in the process list). With --token the command
prints the user's API token and nothing else, so a script can capture it:

    T=$(DECKWARDEN_PASSWORD=s3cret-pass python manage.py create_user alice --token)
"""

from __future__ import annotations

import os
import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import IntegrityError, transaction

from api.tokens import token_create
from basics.usernames import validate_username_unconfusable

PASSWORD_VARIABLE = "DECKWARDEN_PASSWORD"


class Command(BaseCommand):
    help = (
        f"Create a user whose password is read from ${PASSWORD_VARIABLE} or, with "
        "--password-stdin, from standard input; --token prints their API token."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username")
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--password-stdin",
            action="store_true",
            help="Read the password from the first line of standard input.",
        )
        parser.add_argument(
            "--token", action="store_true", help="Print the user's API token (and only that)."
        )

    def handle(
        self, *args: Any, username: str, email: str, password_stdin: bool, token: bool, **options
    ) -> None:
        password = _password(from_stdin=password_stdin)
        users = get_user_model()
        user = users(username=username, email=email)
        _check(user, password)
        user.set_password(password)
        try:
            with transaction.atomic():
                # The unique constraint decides, not a prior lookup, so two runs cannot both win.
                user.save()
                key = token_create(user=user, name="create_user")[1] if token else None
        except IntegrityError:
            raise CommandError(f"A user named {username!r} exists already.") from None
        if key is not None:
            self.stdout.write(key)
        else:
            self.stdout.write(f"Created user {username!r}.")


def _password(*, from_stdin: bool) -> str:
    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = os.environ.get(PASSWORD_VARIABLE, "")
    if not password:
        source = "standard input" if from_stdin else f"${PASSWORD_VARIABLE}"
        raise CommandError(
            f"No password: give one in {source} "
            f"(set {PASSWORD_VARIABLE}, or pipe it in with --password-stdin)."
        )
    return password


def _check(user: Any, password: str) -> None:
    """The username's and password's validators, every problem named at once."""
    problems = []
    try:
        user.clean_fields(exclude=["password"])
    except ValidationError as exc:
        problems += [f"{field}: {msg}" for field, msgs in exc.message_dict.items() for msg in msgs]
    try:
        validate_username_unconfusable(user.username)
    except ValidationError as exc:
        problems += [f"username: {message}" for message in exc.messages]
    try:
        validate_password(password, user)
    except ValidationError as exc:
        problems += [f"password: {message}" for message in exc.messages]
    if problems:
        raise CommandError("; ".join(problems))
