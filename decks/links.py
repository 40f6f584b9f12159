"""A deck's address: its id (for its owner, or anyone when it is public) or its link token (for
anyone it is shared with). Every deck path of the API and the site takes either (the `deck` path
converter, registered in deckwarden/urls.py), so a shared deck's versions, diff, validation and
export are read through its link too."""

from __future__ import annotations

from basics.ids import MAX_ID


class DeckLink(str):
    """A link token, told apart from an id by its type."""


class DeckAddressConverter:
    regex = r"(?:[0-9]{1,19}|[A-Za-z0-9_-]{16,32})"

    def to_python(self, value: str) -> int | DeckLink:
        if value.isdigit():
            number = int(value)
            if number > MAX_ID:
                raise ValueError("no deck has this id")  # the URL does not match: a 404
            return number
        return DeckLink(value)

    def to_url(self, value: int | str) -> str:
        return str(value)
