"""Number formats of the figures pages show: test-game results and battle odds."""

from django import template

from web.svgcharts import percent as as_percent

from ..figures import signed_percent as as_signed_percent

register = template.Library()


@register.filter
def percent(value: float | None) -> str:
    """0.1234 as "12.3%"; nothing as an em dash."""
    return "—" if value is None else as_percent(float(value))


@register.filter
def signed_percent(value: float | None) -> str:
    """0.05 as "+5.0%"; nothing as an em dash."""
    return "—" if value is None else as_signed_percent(float(value))
