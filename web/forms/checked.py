"""A site form checked by the API's own serializer, so a value the API refuses is refused
here too, with the same words."""

from __future__ import annotations

from typing import Any

from django import forms
from rest_framework import serializers


def checked_by_serializer(
    form: forms.Form, serializer: serializers.Serializer, prefix: str = ""
) -> dict[str, Any] | None:
    """The serializer's validated data; or None, its errors shown on the form's fields (named
    `prefix` + the serializer's field) or above the form."""
    if serializer.is_valid():
        return dict(serializer.validated_data)
    for field, messages in serializer.errors.items():
        name = prefix + field
        form.add_error(name if name in form.fields else None, [str(m) for m in messages])
    return None
