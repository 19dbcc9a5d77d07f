"""Raise real errors from pytz, one JSON line each (see common.py): zone names it does not know (misspelt, wrong
case, empty, not a string), local times that do not exist or are ambiguous around a daylight-saving change
(`localize(is_dst=None)`, `normalize` of a naive datetime), times already given a tzinfo, fixed offsets out of range,
country codes it does not know, and UTC's own API misused; written from pytz's documentation as a user would use it
(held-out: see SPLIT.md, fifth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

ZONES = ["Europe/Londn", "europe/nowhere", "", "Mars/Olympus_Mons", "../etc/passwd", "UTC+2", "EST5EDT/x", "\x00"]


def cases():
    import datetime

    import pytz

    naive = datetime.datetime(2002, 10, 27, 1, 30)
    gap = datetime.datetime(2002, 4, 7, 2, 30)
    aware = datetime.datetime(2002, 10, 27, 1, 30, tzinfo=datetime.UTC)
    eastern = pytz.timezone("US/Eastern")
    amsterdam = pytz.timezone("Europe/Amsterdam")
    for zone in ZONES:
        yield f"pytz timezone {zone!r}", lambda z=zone: pytz.timezone(z)
    yield from [
        ("pytz timezone None", lambda: pytz.timezone(None)),
        ("pytz timezone int", lambda: pytz.timezone(5)),
        ("pytz timezone bytes", lambda: pytz.timezone(b"\xff")),
        ("pytz localize ambiguous", lambda: eastern.localize(naive, is_dst=None)),
        ("pytz localize nonexistent", lambda: eastern.localize(gap, is_dst=None)),
        ("pytz localize ambiguous amsterdam", lambda: amsterdam.localize(datetime.datetime(2002, 10, 27, 2, 30), None)),
        ("pytz localize aware", lambda: eastern.localize(aware)),
        ("pytz localize date", lambda: eastern.localize(datetime.date(2002, 1, 1))),
        ("pytz localize string", lambda: eastern.localize("2002-10-27")),
        ("pytz normalize naive", lambda: eastern.normalize(naive)),
        ("pytz normalize string", lambda: eastern.normalize("x")),
        ("pytz utc localize aware", lambda: pytz.utc.localize(aware)),
        ("pytz utc normalize naive", lambda: pytz.utc.normalize(naive)),
        ("pytz utc fromutc other", lambda: pytz.utc.fromutc(naive.replace(tzinfo=eastern))),
        ("pytz fromutc naive", lambda: eastern.fromutc(naive)),
        ("pytz fromutc other zone", lambda: eastern.fromutc(naive.replace(tzinfo=amsterdam))),
        ("pytz utcoffset ambiguous", lambda: eastern.utcoffset(naive, is_dst=None)),
        ("pytz dst ambiguous", lambda: eastern.dst(naive, is_dst=None)),
        ("pytz tzname ambiguous", lambda: eastern.tzname(naive, is_dst=None)),
        ("pytz utcoffset nonexistent", lambda: eastern.utcoffset(gap, is_dst=None)),
        ("pytz FixedOffset too big", lambda: pytz.FixedOffset(24 * 60)),
        ("pytz FixedOffset too small", lambda: pytz.FixedOffset(-24 * 60 - 5)),
        ("pytz FixedOffset localize aware", lambda: pytz.FixedOffset(60).localize(aware)),
        ("pytz FixedOffset normalize naive", lambda: pytz.FixedOffset(60).normalize(naive)),
        ("pytz FixedOffset string", lambda: pytz.FixedOffset("60")),
        ("pytz country_timezones unknown", lambda: pytz.country_timezones["XX"]),
        ("pytz country_timezones call", lambda: pytz.country_timezones("zz")),
        ("pytz country_names unknown", lambda: pytz.country_names["XX"]),
        ("pytz country_timezones int", lambda: pytz.country_timezones[12]),
        ("pytz all_timezones index", lambda: pytz.all_timezones[100000]),
        ("pytz StaticTzInfo localize aware", lambda: pytz.timezone("EST").localize(aware)),
        ("pytz StaticTzInfo normalize naive", lambda: pytz.timezone("EST").normalize(naive)),
        ("pytz StaticTzInfo fromutc other", lambda: pytz.timezone("EST").fromutc(naive.replace(tzinfo=eastern))),
        (
            "pytz astimezone naive",
            lambda: naive.astimezone(eastern).replace(tzinfo=None).astimezone(pytz.utc) and 1 / 0,
        ),
        ("pytz unpickler", lambda: pytz._p("Nowhere/Zone", 0, 0, "XXX")),
        ("pytz unpickler utcoffset", lambda: pytz._p("US/Eastern", "x", 0, "EST")),
        (
            "pytz reference localize",
            lambda: pytz.reference.Eastern.localize(naive) if hasattr(pytz, "reference") else 1 / 0,
        ),
        ("pytz open_resource", lambda: pytz.open_resource("../../etc/passwd")),
        ("pytz open_resource missing", lambda: pytz.open_resource("Nowhere/Zone")),
        ("pytz timezone ascii", lambda: pytz.timezone("Europe/Zürich")),
    ]


if __name__ == "__main__":
    Recorder("pytz", ("pytz",)).run_all(cases())
