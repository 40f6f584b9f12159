"""Typed readers for settings that come from the environment.

Each helper fails loudly with ImproperlyConfigured on a value it cannot read, so a typo in a
deployment stops the service at start-up instead of running it with a silent default.
"""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false, 1/0), not {raw!r}")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def env_float(name: str, default: float, *, minimum: float | None = None) -> float:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


_RATE_PERIODS = ("s", "m", "h", "d")  # second, minute, hour, day, as DRF reads them


def env_rate(name: str, default: str | None) -> str | None:
    """A DRF throttle rate such as `100/minute`; empty turns the limit off (None)."""
    raw = os.environ.get(name, default)
    if raw is None or not raw.strip():
        return None
    count, _, period = raw.strip().partition("/")
    if not (count.isascii() and count.isdigit() and period[:1] in _RATE_PERIODS):
        raise ImproperlyConfigured(
            f"{name} must be a rate such as 100/minute (per second, minute, hour or day), "
            f"or empty for no limit; not {raw!r}"
        )
    return raw.strip()
