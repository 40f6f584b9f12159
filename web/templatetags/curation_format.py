"""How the curation pages show a card's field values: a diff's before and after."""

import json
from typing import Any

from django import template

register = template.Library()


@register.filter
def field_value(value: Any) -> str:
    """Text as it is, nothing as an em dash, a flag as yes or no, data (attributes) as JSON."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
