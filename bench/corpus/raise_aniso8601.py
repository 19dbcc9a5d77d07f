"""Raise real errors from aniso8601, one JSON line each (see common.py): ISO 8601 dates, times, datetimes, time
zones, durations, intervals and repeating intervals it rejects (bad formats, values out of range, leap seconds,
mixed and negative durations, intervals of two durations), each through the parse_* function a user calls, its
get_*_resolution functions and its builders (the default one and TupleBuilder), and values of the wrong type;
written from aniso8601's documentation as a user would use it (held-out: see SPLIT.md, seventh split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DATES = [
    "", "2020-13-01", "2020-00-10", "2020-02-30", "2021-02-29", "2020-W54", "2020-W00-1", "2020-W10-8",
    "2020-367", "2021-366", "2020-000", "20-01-01", "2020/01/01", "2020-1-1", "202001", "2020-01-01-",
    "0000-01-01", "abcd-ef-gh", "+2020-01-01", "2020-W1",
]  # fmt: skip
TIMES = [
    "25:00", "24:01", "24:00:01", "12:60", "12:30:61", "23:59:60", "12:30:60.5", "1230:00", "12:", "12:30:aa",
    "12:30+25:00", "12:30+05:60", "12:30+0", "12:30Q", "T", "12:30:00-00:00", "12.5.5", "12,",
]  # fmt: skip
DATETIMES = [
    "2020-01-01", "2020-01-01T", "2020-01-01X12:00", "2020-13-01T12:00", "2020-01-01T25:00",
    "T12:00", "2020-01-01T12:00:00+99",
]  # fmt: skip
TIMEZONES = ["", "+", "+25", "+05:60", "-00", "-00:00", "+0530x", "Z0", "05:00", "+5"]
DURATIONS = [
    "", "P", "PT", "1Y", "P1", "PT1", "P1Y2", "P1H", "PT1D", "P1Y1.5M1D", "P1.5Y1M", "PT1.5H1M",
    "P-1Y", "P1W1D", "P1YT", "P0001-13-01T00:00:00", "P0001-01-32", "P0001-01-01T25:00:00", "Pabc",
    "P1Y2M3DT4H5M6.5.5S", "P1,5Y", "P1M1Y",
]  # fmt: skip
INTERVALS = [
    "", "2020-01-01", "2020-01-01/", "/2020-01-01", "P1D/P2D", "2020-01-01/2020-13-01", "2020-01-01/P1X",
    "2020-01-01/2020-01-01/2020-01-01", "2020-01-01--2020-02-01", "2020-01-01/31T25", "P1Y/2020-13-01",
]  # fmt: skip
REPEATING = ["R/2020-01-01/P1D", "Rx/2020-01-01/P1D", "R-1/2020-01-01/P1D", "2020-01-01/P1D", "R5", "R5/P1D/P1D"]


def cases():
    import aniso8601
    from aniso8601.builders import TupleBuilder
    from aniso8601.timezone import parse_timezone

    def parser(name, function):
        def each(values):
            for value in values:
                yield f"aniso8601 {name} {value!r}", lambda f=function, v=value: f(v)

        return each

    yield from parser("parse_date", aniso8601.parse_date)(DATES)
    yield from parser("get_date_resolution", aniso8601.get_date_resolution)(DATES[::3])
    yield from parser("parse_time", aniso8601.parse_time)(TIMES)
    yield from parser("get_time_resolution", aniso8601.get_time_resolution)(TIMES[::3])
    yield from parser("parse_datetime", aniso8601.parse_datetime)(DATETIMES)
    yield from parser("get_datetime_resolution", aniso8601.get_datetime_resolution)(DATETIMES)
    yield from parser("parse_timezone", parse_timezone)(TIMEZONES)
    yield from parser("parse_duration", aniso8601.parse_duration)(DURATIONS)
    yield from parser("get_duration_resolution", aniso8601.get_duration_resolution)(DURATIONS[::3])
    yield from parser("parse_interval", aniso8601.parse_interval)(INTERVALS)
    yield from parser("get_interval_resolution", aniso8601.get_interval_resolution)(INTERVALS[::2])
    yield from parser("parse_repeating_interval", aniso8601.parse_repeating_interval)(REPEATING)
    yield from parser("get_repeating_interval_resolution", aniso8601.get_repeating_interval_resolution)(REPEATING)
    yield from parser("parse_date tuple", lambda v: aniso8601.parse_date(v, builder=TupleBuilder))(DATES[:6])
    yield from parser("parse_duration tuple", lambda v: aniso8601.parse_duration(v, builder=TupleBuilder))(
        DURATIONS[:8]
    )
    yield from [
        ("aniso8601 parse_date int", lambda: aniso8601.parse_date(20200101)),
        ("aniso8601 parse_time None", lambda: aniso8601.parse_time(None)),
        ("aniso8601 parse_datetime bytes", lambda: aniso8601.parse_datetime(b"2020-01-01T12:00")),
        ("aniso8601 parse_duration int", lambda: aniso8601.parse_duration(5)),
        ("aniso8601 parse_interval int", lambda: aniso8601.parse_interval(5)),
        ("aniso8601 parse_repeating_interval int", lambda: aniso8601.parse_repeating_interval(5)),
        ("aniso8601 parse_timezone int", lambda: parse_timezone(5)),
        ("aniso8601 parse_datetime delimiter", lambda: aniso8601.parse_datetime("2020-01-01 12:00", delimiter="T")),
        (
            "aniso8601 parse_interval delimiter",
            lambda: aniso8601.parse_interval("2020-01-01--P1D", intervaldelimiter="/"),
        ),
        ("aniso8601 parse_interval datetime delimiter", lambda: aniso8601.parse_interval("2020-01-01 12:00/P1D")),
        ("aniso8601 year out of bounds", lambda: aniso8601.parse_date("10000-01-01")),
        ("aniso8601 duration big year", lambda: aniso8601.parse_duration("P9999999999Y")),
        ("aniso8601 interval overflow", lambda: aniso8601.parse_interval("9999-12-31/P1Y")),
        ("aniso8601 interval underflow", lambda: aniso8601.parse_interval("P1Y/0001-01-01")),
        ("aniso8601 repeating overflow", lambda: list(aniso8601.parse_repeating_interval("R/9999-12-30/P1D"))),
    ]


if __name__ == "__main__":
    Recorder("aniso8601", ("aniso8601",)).run_all(cases())
