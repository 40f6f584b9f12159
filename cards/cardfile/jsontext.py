"""Reading JSON strictly: NaN and Infinity are not JSON, and PostgreSQL's jsonb refuses them."""

from __future__ import annotations

import json
from typing import Any


class NotJson(ValueError):
    """Text that is not strict JSON; the message says where, for a person to fix it."""


def json_loads(text: str) -> Any:
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise NotJson(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None


def _refuse_constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON value")
