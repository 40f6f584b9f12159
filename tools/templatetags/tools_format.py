"""Number formats of the tools' pages."""

from django import template

from ..charts import percent as as_percent

register = template.Library()


@register.filter
def percent(value: float | None) -> str:
    """0.1234 as "12.3%"; nothing as an em dash."""
    return "—" if value is None else as_percent(float(value))
