"""The one error the rules services raise for a request they cannot answer."""

from __future__ import annotations


class InvalidRequest(Exception):
    """A request naming something that does not exist or cannot be read; the API answers 400.

    `field` is the request field at fault (``game``, ``format``, ``as_of``...), `message` says
    what is wrong with it for people.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
