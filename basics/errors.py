"""The errors every layer shares: the one error a service raises for a request it cannot answer,
and the shape every error answer of the API has (pages and middleware answering /api/ use it too).
"""

from __future__ import annotations

from typing import Any


class InvalidRequest(Exception):
    """A request naming something that does not exist or cannot be read; the API answers 400.

    `field` is the request field at fault (``game``, ``format``, ``as_of``...), `message` says
    what is wrong with it for people.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def error_body(
    status_code: int, code: str, detail: str, fields: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """An error answer's JSON: its status, a stable code, a sentence for people and, for a
    request at fault, each faulty field with its messages."""
    body: dict[str, Any] = {"status": status_code, "code": code, "detail": detail}
    if fields:
        body["fields"] = fields
    body.update(extra)
    return body
