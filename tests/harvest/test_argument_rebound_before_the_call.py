"""A caller's parameter given a new value before it is handed on is no longer the argument the reader passed:
"Calling `GeoIP2()` raises this (from `to_path`) when the `path` argument is not an instance of `Path` and the
`path` argument is not an instance of `str`" (a sampled Django card), where `GeoIP2.__init__` does `path = path or
getattr(settings, "GEOIP_PATH", None)` first: an empty `path` is the setting's by then."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/utils/_os.py:111-117 (`to_path`) and django/contrib/gis/geoip2.py:72-107.
OS = """
from pathlib import Path


def to_path(value):
    if isinstance(value, Path):
        return value
    elif not isinstance(value, str):
        raise TypeError("Invalid path type: %s" % type(value).__name__)
    return Path(value)
"""

GEOIP = """
from django.conf import settings

from geo._os import to_path


class GeoIP2:
    def __init__(self, path=None, cache=0):
        path = path or getattr(settings, "GEOIP_PATH", None)
        self._path = to_path(path)


class Reader:
    def __init__(self, path):
        self._path = to_path(path)
"""


def test_a_parameter_rebound_before_the_call_is_not_the_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"geo/_os.py": OS, "geo/geoip2.py": GEOIP}, repo="example/geo")
    meaning = cards["Invalid path type: {value_type}"].generated["meaning"]
    # `GeoIP2()`'s `path` is not said as what `to_path` tests; `Reader()` hands its own on as it is.
    assert meaning == (
        "Calling `Reader()` raises this (from `to_path`) when the `path` argument is neither an instance of `Path` "
        "nor an instance of `str`."
    )
