"""Raise real errors from croniter, one JSON line each (see common.py): cron expressions it rejects (field counts,
ranges, steps, names, `L`, `#`, hashed and random fields), schedules with no next date, ranges and matches misused,
bad start times and return types; written from croniter's documentation as a user would use it (held-out: see
SPLIT.md, third split)."""

import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

EXPRESSIONS = [
    "",
    "nope",
    "* * * *",
    "* * * * * * * *",
    "61 * * * *",
    "* 25 * * *",
    "* * 32 * *",
    "* * 0 * *",
    "* * * 13 *",
    "* * * * 8",
    "*/0 * * * *",
    "5-1 * * * *",
    "1-2-3 * * * *",
    "a-b * * * *",
    "* * * jan-xyz *",
    "* * * * mon-nope",
    "* * * * 1#6",
    "* * * * mon#0",
    "* * L-1 * *",
    "* * * * 5L#2",
    "H * * * *",
    "H(0-70) * * * *",
    "R(5-1) * * * *",
    "@nope",
    "@reboot",
    "* * * * * 61",
    "*/-1 * * * *",
    "1,,2 * * * *",
    "% * * * *",
    "* * ? * ?",
]


def cases():
    from croniter import croniter, croniter_range

    start = datetime.datetime(2020, 1, 1)
    for expression in EXPRESSIONS:
        yield f"croniter {expression!r}", lambda e=expression: croniter(e, start).get_next(datetime.datetime)
    yield from [
        ("croniter never next", lambda: croniter("0 0 31 2 *", start).get_next(datetime.datetime)),
        ("croniter never prev", lambda: croniter("0 0 30 2 *", start).get_prev(datetime.datetime)),
        ("croniter never day_or", lambda: croniter("0 0 31 2 mon", start, day_or=False).get_next()),
        ("croniter ret_type", lambda: croniter("* * * * *", start).get_next(str)),
        ("croniter ret_type list", lambda: croniter("* * * * *", start).all_next(list).__next__()),
        ("croniter start str", lambda: croniter("* * * * *", "2020-01-01").get_next()),
        ("croniter start list", lambda: croniter("* * * * *", [2020]).get_next()),
        ("croniter hash id int", lambda: croniter("* * * * *", start, hash_id=1).get_next()),
        ("croniter hash id type", lambda: croniter("H * * * *", start, hash_id=12).get_next()),
        ("croniter max years", lambda: croniter("0 0 29 2 *", start, max_years_between_matches=0).get_next()),
        ("croniter expr type", lambda: croniter(12, start)),
        ("croniter expr none", lambda: croniter(None, start)),
        ("croniter seconds beginning", lambda: croniter("61 * * * * *", start, second_at_beginning=True)),
        ("croniter year field", lambda: croniter("* * * * * * 1969", start).get_next()),
        ("croniter year field bad", lambda: croniter("* * * * * 0 3000", start).get_next()),
        ("croniter is_valid type", lambda: croniter.is_valid(12) or 1 / 0),
        ("croniter match bad", lambda: croniter.match("nope", start)),
        ("croniter match type", lambda: croniter.match("* * * * *", "2020-01-01")),
        ("croniter match_range bad", lambda: croniter.match_range("nope", start, start)),
        ("croniter range bad", lambda: list(croniter_range(start, start + datetime.timedelta(1), "nope"))),
        ("croniter range types", lambda: list(croniter_range(start, 5, "* * * * *"))),
        ("croniter range reversed", lambda: list(croniter_range(start, start - datetime.timedelta(1), "0 0 31 2 *"))),
        ("croniter range never", lambda: list(croniter_range(start, start + datetime.timedelta(400), "0 0 31 2 *"))),
        ("croniter range ret_type", lambda: list(croniter_range(start, start, "* * * * *", ret_type=str))),
        ("croniter expand", lambda: croniter.expand("61 * * * *")),
        ("croniter expand type", lambda: croniter.expand(["*"])),
        ("croniter set current", lambda: croniter("* * * * *", start).set_current("x")),
        ("croniter get_current ret_type", lambda: croniter("* * * * *", start).get_current(str)),
        ("croniter get_prev ret_type", lambda: croniter("* * * * *", start).get_prev(int)),
        ("croniter all_prev ret_type", lambda: next(croniter("* * * * *", start).all_prev(str))),
        ("croniter iter ret_type", lambda: next(iter(croniter("* * * * *", start, ret_type=str)))),
        ("croniter tz start never", lambda: croniter("0 0 31 4 *", start.astimezone(datetime.UTC)).get_next()),
        ("croniter seconds never", lambda: croniter("0 0 0 31 11 *", start, second_at_beginning=True).get_next()),
    ]


if __name__ == "__main__":
    Recorder("croniter", ("croniter",)).run_all(cases())
