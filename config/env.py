"""Strict readers for the environment: a typo in a deployment fails loudly at start-up."""

import math
import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name)
    if value is None:
        if default is None:
            raise ImproperlyConfigured(f"Set the {name} environment variable.")
        return default
    return value


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean: use one of 1/0, true/false, yes/no, on/off.")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None


def env_seconds(name: str, default: float) -> float:
    """A duration in seconds, more than zero: `1`, `0.5`, `2.5`."""
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise ImproperlyConfigured(f"{name}={value!r} is not a number of seconds above zero, e.g. 1 or 0.5.")
    return seconds


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


_RATE_PERIODS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


def env_rate(name: str, default: str) -> str:
    """A throttle rate as DRF reads it, "<requests>/<second|minute|hour|day>"; anything else fails at start-up."""
    value = os.environ.get(name)
    if value is None:
        return default
    count, slash, period = value.strip().partition("/")
    period = period.strip().lower()
    known = period in _RATE_PERIODS.values() or period in {*_RATE_PERIODS, "sec", "min"}
    if not (slash and count.strip().isdigit() and int(count) > 0 and known):
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a rate: write requests per period, e.g. 60/minute (second, minute, hour, day)."
        )
    return f"{int(count)}/{period}"
