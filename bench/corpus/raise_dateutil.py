"""Raise real errors from python-dateutil, one JSON line each (see common.py): strings its parsers cannot read,
relativedelta and rrule given arguments they refuse, time zone strings, Easter methods."""

import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

STRINGS = [
    "",
    "nope",
    "2020-13-45",
    "2020-02-30",
    "31/31/2020",
    "25:00",
    "12:61",
    "10:00:99",
    "2020-01-01T10:00:00+99:00",
    "Monday Tuesday",
    "1e400",
    "99999999999999999999",
    "2020-01-01 nope",
    "Feb 30 2020",
    "32nd of May",
    "2020-W60",
    "2020-001-01",
    "12 pm 13",
    "0000-00-00",
    "10:00 am pm",
    "2020-01-01T10:00:00.123456789Z",
    "\x00",
]
ISO = [
    "",
    "nope",
    "2020-13",
    "2020-02-30",
    "2020-01-01T25",
    "2020-01-01T10:61",
    "2020-01-01T10:00:00+25:00",
    "2020-01-01T10:00:00+0a:00",
    "2020W60",
    "2020-W01-8",
    "2020-400",
    "20201",
    "2020-01-01X10",
    "2020-01-01T",
    "2020-01-01T10:00:00.",
    "2020-01-01T10:00:00Zjunk",
    "2020--01",
    "2020-01-01T24:01",
    "2020-01-01T10:00:00+",
    "2020-1-1",
]


def cases():
    from dateutil import easter, parser, relativedelta, rrule, tz

    for text in STRINGS:
        yield f"dateutil parse {text!r}", lambda t=text: parser.parse(t)
        yield f"dateutil parse dayfirst {text!r}", lambda t=text: parser.parse(t, dayfirst=True, fuzzy=True)
    for text in ISO:
        yield f"dateutil isoparse {text!r}", lambda t=text: parser.isoparse(t)
        yield f"dateutil parse_isodate {text!r}", lambda t=text: parser.isoparser().parse_isodate(t)
        yield f"dateutil parse_isotime {text!r}", lambda t=text: parser.isoparser().parse_isotime(t)
        yield f"dateutil parse_tzstr {text!r}", lambda t=text: parser.isoparser().parse_tzstr(t)
    now = datetime.datetime(2020, 1, 31)
    yield from [
        ("dateutil parse None", lambda: parser.parse(None)),
        ("dateutil parse int", lambda: parser.parse(20200101)),
        ("dateutil parse bytes bad", lambda: parser.parse(b"\xff\xfe")),
        ("dateutil parse tzinfos bad", lambda: parser.parse("10:00 EST", tzinfos={"EST": "nope"})),
        ("dateutil parse tzinfos object", lambda: parser.parse("10:00 EST", tzinfos={"EST": object()})),
        ("dateutil isoparser sep", lambda: parser.isoparser(sep="ab")),
        ("dateutil isoparser sep digit", lambda: parser.isoparser(sep="1")),
        ("dateutil relativedelta float months", lambda: relativedelta.relativedelta(months=1.5)),
        ("dateutil relativedelta float years", lambda: relativedelta.relativedelta(years=0.5)),
        ("dateutil relativedelta two types", lambda: relativedelta.relativedelta(now, 5)),
        ("dateutil relativedelta date and int", lambda: relativedelta.relativedelta(5, now)),
        ("dateutil relativedelta weekday bad", lambda: relativedelta.relativedelta(weekday=9).__add__(now)),
        ("dateutil relativedelta yearday", lambda: relativedelta.relativedelta(yearday=400)),
        ("dateutil relativedelta add str", lambda: relativedelta.relativedelta(days=1) + "x"),
        ("dateutil relativedelta mul str", lambda: relativedelta.relativedelta(days=1) * "x"),
        ("dateutil relativedelta month 13", lambda: now + relativedelta.relativedelta(month=13)),
        ("dateutil relativedelta day 0", lambda: now + relativedelta.relativedelta(day=0)),
        ("dateutil rrule freq", lambda: list(rrule.rrule(99, count=1))),
        ("dateutil rrule until and count", lambda: rrule.rrule(rrule.DAILY, count=1, until=now, dtstart=now)),
        ("dateutil rrule interval", lambda: rrule.rrule(rrule.DAILY, interval=0)),
        ("dateutil rrule bysetpos", lambda: rrule.rrule(rrule.DAILY, bysetpos=0)),
        ("dateutil rrule bysetpos big", lambda: rrule.rrule(rrule.DAILY, bysetpos=400)),
        ("dateutil rrule naive until", lambda: rrule.rrule(rrule.DAILY, dtstart=now.replace(tzinfo=tz.UTC), until=now)),
        ("dateutil rrulestr empty", lambda: rrule.rrulestr("")),
        ("dateutil rrulestr unknown", lambda: rrule.rrulestr("FREQ=DAILY;NOPE=1")),
        ("dateutil rrulestr freq", lambda: rrule.rrulestr("FREQ=HOURLYX")),
        ("dateutil rrulestr byday", lambda: rrule.rrulestr("FREQ=DAILY;BYDAY=XX")),
        ("dateutil rrulestr line", lambda: rrule.rrulestr("DTSTART:20200101\nNOPE:1", forceset=True)),
        ("dateutil rrulestr exdate", lambda: rrule.rrulestr("RRULE:FREQ=DAILY\nEXDATE;X=1:20200101")),
        ("dateutil rrulestr dtstart parm", lambda: rrule.rrulestr("DTSTART;VALUE=DATE:20200101\nRRULE:FREQ=DAILY")),
        ("dateutil rrulestr rrule parm", lambda: rrule.rrulestr("RRULE;X=1:FREQ=DAILY")),
        ("dateutil rrulestr unsupported", lambda: rrule.rrulestr("DTSTART:20200101\nFOO:1")),
        ("dateutil rrulestr tzid", lambda: rrule.rrulestr("DTSTART;TZID=Nope/Zone:20200101T000000\nRRULE:FREQ=DAILY")),
        ("dateutil rruleset bad", lambda: rrule.rruleset().rrule("x")),
        ("dateutil rrule wkst", lambda: rrule.rrule(rrule.DAILY, wkst="x")),
        ("dateutil easter method", lambda: easter.easter(2020, method=9)),
        ("dateutil tzstr bad", lambda: tz.tzstr("nope nope")),
        ("dateutil tzstr empty", lambda: tz.tzstr("")),
        ("dateutil tzfile missing", lambda: tz.tzfile("/no/such/zone")),
        ("dateutil tzfile not a zone", lambda: tz.tzfile(__file__)),
        ("dateutil tzical missing", lambda: tz.tzical("/no/such/file.ics")),
        ("dateutil tzical empty", lambda: tz.tzical(__import__("io").StringIO(""))),
        ("dateutil tzical bad", lambda: tz.tzical(__import__("io").StringIO("BEGIN:VTIMEZONE\nEND:VTIMEZONE\n"))),
        ("dateutil tzical no begin", lambda: tz.tzical(__import__("io").StringIO("NOPE:1\n"))),
        ("dateutil tzoffset bad", lambda: tz.tzoffset("x", "nope")),
        ("dateutil tzrangebase", lambda: tz.tzrangebase()),
        ("dateutil resolve_imaginary naive", lambda: tz.resolve_imaginary("x")),
        ("dateutil datetime_exists", lambda: tz.datetime_exists("x")),
        ("dateutil enfold", lambda: tz.enfold("x")),
    ]


if __name__ == "__main__":
    Recorder("python-dateutil", ("dateutil",)).run_all(cases())
