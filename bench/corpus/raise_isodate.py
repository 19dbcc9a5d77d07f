"""Raise real errors from isodate, one JSON line each (see common.py): ISO 8601 dates, times, datetimes, durations and
time zones it cannot parse, values it cannot represent, Durations added, compared and converted wrongly, and
formatting asked of the wrong types or with bad format strings; written from isodate's README as a user would use it
(held-out: see SPLIT.md, fourth split).

isodate holds few raise sites (about 16 `raise` statements): many of its errors are the standard library's
(`datetime`'s ValueError and TypeError) raised by lines that are not a `raise`, recorded and not scored."""

import datetime
import sys
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DATES = [
    "",
    "2020-13-01",
    "2020-02-30",
    "20201",
    "2020-W54-1",
    "2020-W01-8",
    "2020-400",
    "+2020-01-01",
    "x",
    "2020/01/01",
]
TIMES = ["", "25:00", "12:61", "12:00:61", "1200x", "12:00+25", "12:00Z+01", "T", "12.5.5"]
DATETIMES = ["2020-01-01", "2020-01-01T", "2020-01-01 12:00", "T12:00", "2020-01-01T25:00", "2020-13-01T12:00"]
DURATIONS = ["", "P", "PT", "P1", "1D", "P1DT", "PxD", "P1Y2M3W", "P1.5Y1M", "P0001-13-01", "-P", "PT1H1.5M1S", "P1D1H"]
ZONES = ["", "+25", "+0160", "UTC", "x", "+01:00:00", "Z1", "-1"]


def cases():
    import isodate
    from isodate import Duration

    for text in DATES:
        yield f"isodate parse_date {text!r}", lambda t=text: isodate.parse_date(t)
    yield from [
        ("isodate parse_date yeardigits", lambda: isodate.parse_date("+002020-01-01", yeardigits=4)),
        ("isodate parse_date expanded", lambda: isodate.parse_date("020200101", yeardigits=5, expanded=False)),
        ("isodate parse_date int", lambda: isodate.parse_date(20200101)),
    ]
    for text in TIMES:
        yield f"isodate parse_time {text!r}", lambda t=text: isodate.parse_time(t)
    for text in DATETIMES:
        yield f"isodate parse_datetime {text!r}", lambda t=text: isodate.parse_datetime(t)
    for text in DURATIONS:
        yield f"isodate parse_duration {text!r}", lambda t=text: isodate.parse_duration(t)
    for text in ZONES:
        yield f"isodate parse_tzinfo {text!r}", lambda t=text: isodate.parse_tzinfo(t)
    month = Duration(months=1)
    yield from [
        ("isodate parse_duration int", lambda: isodate.parse_duration(12)),
        ("isodate parse_duration bytes", lambda: isodate.parse_duration(b"P1D")),
        (
            "isodate parse_duration as_timedelta",
            lambda: isodate.parse_duration("P1Y", as_timedelta_if_possible=True) + 1,
        ),
        ("isodate parse_time int", lambda: isodate.parse_time(1200)),
        ("isodate parse_datetime int", lambda: isodate.parse_datetime(12)),
        ("isodate parse_tzinfo int", lambda: isodate.parse_tzinfo(1)),
        ("isodate Duration years fraction", lambda: Duration(years=1.5) + datetime.date(2020, 1, 1)),
        ("isodate Duration months fraction", lambda: Duration(months=Decimal("1.5")) + datetime.date(2020, 1, 1)),
        ("isodate Duration plus str", lambda: month + "x"),
        ("isodate Duration minus str", lambda: month - "x"),
        ("isodate str minus Duration", lambda: "x" - month),
        ("isodate Duration times str", lambda: month * "x"),
        ("isodate Duration compare", lambda: month < month),
        ("isodate Duration totimedelta", lambda: month.totimedelta()),
        (
            "isodate Duration totimedelta both",
            lambda: month.totimedelta(start=datetime.date.today(), end=datetime.date.today()),
        ),
        ("isodate Duration totimedelta type", lambda: month.totimedelta(start="x")),
        ("isodate Duration months str", lambda: Duration(months="x")),
        ("isodate Duration overflow", lambda: Duration(years=10000) + datetime.date(2020, 1, 1)),
        ("isodate Duration hash", lambda: {Duration(years=1): 1}[Duration(months=12)]),
        ("isodate Duration negative date", lambda: datetime.date(1, 1, 1) - month),
        ("isodate duration_isoformat str", lambda: isodate.duration_isoformat("P1D")),
        ("isodate duration_isoformat int", lambda: isodate.duration_isoformat(12)),
        ("isodate duration_isoformat bad format", lambda: isodate.duration_isoformat(month, "%Q")),
        ("isodate date_isoformat str", lambda: isodate.date_isoformat("2020-01-01")),
        ("isodate date_isoformat duration", lambda: isodate.date_isoformat(month)),
        ("isodate datetime_isoformat date", lambda: isodate.datetime_isoformat(datetime.date(2020, 1, 1))),
        ("isodate time_isoformat str", lambda: isodate.time_isoformat("12:00")),
        ("isodate tz_isoformat naive", lambda: isodate.tz_isoformat(datetime.datetime(2020, 1, 1), "%Z")),
        (
            "isodate tz_isoformat bad format",
            lambda: isodate.tz_isoformat(datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC), "%Q"),
        ),
        (
            "isodate tz_isoformat big",
            lambda: isodate.tz_isoformat(datetime.datetime(2020, 1, 1, tzinfo=isodate.FixedOffset(100, 0, "x")), "%h"),
        ),
        ("isodate strftime int", lambda: isodate.strftime(12, isodate.DATE_EXT_COMPLETE)),
        ("isodate strftime format", lambda: isodate.strftime(datetime.date(2020, 1, 1), 12)),
        ("isodate FixedOffset", lambda: isodate.FixedOffset("x", 0, "x")),
        ("isodate build_tzinfo", lambda: isodate.isotzinfo.build_tzinfo("x", "+", "x")),
    ]


if __name__ == "__main__":
    Recorder("isodate", ("isodate",)).run_all(cases())
