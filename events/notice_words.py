"""What of the organiser's words a notice carries (issue 43, item 4).

Emails and webhooks go out under the service's name, but the event's name, a penalty, a paper
list's name and the cards a report quotes are written by organisers and players. So each is
one line (no forged paragraphs or headers), its links are taken out (a mail client would make
`evil.example/login` a link the service seems to send: no link an organiser wrote ever reaches
an email), and HTML parts escape it (events/templates/events/notice_email.html). Subjects carry
the event's name alone of such words, capped, after these same steps.
"""

from __future__ import annotations

import re

LINK_REMOVED = "[link removed]"
# A scheme (http://, mailto:, …), www., or a host name with an alphabetic top-level domain,
# with whatever path follows: what mail clients turn into links. ("Note:late" is no link.)
LINK = re.compile(
    r"(?:\b[a-z][a-z0-9+.-]*://|\b(?:mailto|javascript|data|tel|sms|file):|\bwww\.)\S+"
    r"|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?[.\uff0e\u3002])+[a-z]{2,24}\b(?:[/:?#]\S*)?",
    re.IGNORECASE,
)
SUBJECT_NAME_LENGTH = 80


def quoted(text: str) -> str:
    """Someone's words, fit for a notice: one line, links taken out."""
    return LINK.sub(LINK_REMOVED, " ".join(text.split()))


def subject_name(name: str) -> str:
    """The event's name as a subject gives it: quoted, and at most SUBJECT_NAME_LENGTH long."""
    name = quoted(name)
    return name if len(name) <= SUBJECT_NAME_LENGTH else name[: SUBJECT_NAME_LENGTH - 1] + "…"
