"""A user's email address, proved theirs before any notice is sent to it (issue 39, item 1).

The proof is a link holding the user's id and the address, signed by Django's signing module
(TimestampSigner under the SECRET_KEY, its own salt): following it within
DECKWARDEN_EMAIL_VERIFY_DAYS records the address as verified (VerifiedEmail). Nothing is stored
for a link sent, so a new link never needs an old one revoked: changing the address makes every
link for the old one refer to an address the user no longer has.
"""

from __future__ import annotations

import logging
import smtplib

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import send_mail

from .models import VerifiedEmail

logger = logging.getLogger(__name__)
SALT = "events.email_addresses.verify"


class VerificationFailed(Exception):
    """The link cannot verify anything; `message` says why, for the page that answers it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def email_verified(*, user: User) -> str | None:
    """The user's address if it is verified, else None."""
    record = VerifiedEmail.objects.filter(user=user).first()
    return user.email if same_address(user.email, record.email if record else None) else None


def same_address(address: str, verified: str | None) -> bool:
    """Whether `address` is the verified one (the case of an address is not the user's)."""
    return bool(address) and verified is not None and address.lower() == verified.lower()


def email_change(*, user: User, email: str) -> bool:
    """Set the user's address (blank: none); whether it now needs verifying."""
    email = email.strip()
    user.email = email
    user.save(update_fields=["email"])
    return bool(email) and email_verified(user=user) is None


def verification_token(*, user: User) -> str:
    return signing.dumps({"user": user.pk, "email": user.email}, salt=SALT)


def verification_send(*, user: User, link: str) -> bool:
    """Email the link that verifies the user's address (`link` holds verification_token);
    whether the mail server took it (one that is down is logged: the user may ask again)."""
    days = settings.DECKWARDEN_EMAIL_VERIFY_DAYS
    body = (
        f"Someone (we hope you) gave this address to the Deckwarden account "
        f"{user.get_username()}. Follow this link within {days} days to confirm it, so that "
        f"event organisers' notices reach you:\n\n{link}\n\n"
        "If it was not you, ignore this email: nothing is sent here until the link is followed."
    )
    # Sent in the request, not by a worker: the user is waiting for it, and it is one email.
    try:
        send_mail("Confirm your email address for Deckwarden", body, None, [user.email])
    except (OSError, smtplib.SMTPException) as exc:
        logger.warning("Could not send the verification link of user %s: %s", user.pk, exc)
        return False
    return True


def email_verify(*, token: str) -> User:
    """Record the address the token was made for as its user's verified one; the user.
    VerificationFailed for a link that is not ours, too old, or for an address changed since."""
    max_age = settings.DECKWARDEN_EMAIL_VERIFY_DAYS * 24 * 3600
    try:
        claim = signing.loads(token, salt=SALT, max_age=max_age)
    except signing.SignatureExpired:
        raise VerificationFailed(
            "This link has expired. Ask for a new one on your account page."
        ) from None
    except signing.BadSignature:
        raise VerificationFailed(
            "This link is not one we sent, or it was cut short: copy the whole link from the "
            "email, or ask for a new one on your account page."
        ) from None
    user = User.objects.filter(pk=claim.get("user")).first()
    if user is None or not user.email or user.email.lower() != str(claim.get("email")).lower():
        raise VerificationFailed(
            "This link is for an address the account no longer has. Follow the link sent to "
            "its current address, or ask for a new one on your account page."
        )
    VerifiedEmail.objects.update_or_create(user=user, defaults={"email": user.email})
    return user
