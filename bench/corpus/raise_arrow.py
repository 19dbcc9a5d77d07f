"""Raise real errors from arrow, one JSON line each (see common.py): strings and formats its parser rejects,
unknown time zones and locales, bad shift/replace/span/range arguments, humanize and dehumanize misused; written
from arrow's documentation as a user would use it (held-out: see SPLIT.md)."""

import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

STRINGS = ["", "nope", "2020-13-45", "2020-02-30", "2020-01-01T25:00", "2020-01-01T10:00+99:00", "2020-W60", "99999"]
FORMATS = ["YYYY-MM-DD", "YYYY-MM", "X", "x", "W", "DDDD", "HH:mm ZZZ", "MMMM", "dddd", "A", "YYYY-MM-DDTHH:mm:ssZZ"]


def cases():
    import arrow

    now = arrow.get(2020, 1, 31)
    for text in STRINGS:
        yield f"arrow get {text!r}", lambda t=text: arrow.get(t)
        for fmt in FORMATS:
            yield f"arrow get {text!r} {fmt}", lambda t=text, f=fmt: arrow.get(t, f)
    for unit in ["nope", "weeks", "quarter", "seconds", "week"]:
        yield f"arrow span {unit}", lambda u=unit: now.span(u)
        yield f"arrow floor {unit}", lambda u=unit: now.floor(u)
        yield f"arrow range {unit}", lambda u=unit: list(arrow.Arrow.range(u, now, now.shift(days=1)))
        yield f"arrow span_range {unit}", lambda u=unit: list(arrow.Arrow.span_range(u, now, now.shift(days=1)))
        yield f"arrow interval {unit}", lambda u=unit: list(arrow.Arrow.interval(u, now, now.shift(days=1), 0))
    yield from [
        ("arrow get object", lambda: arrow.get(object())),
        ("arrow get list", lambda: arrow.get([1, 2])),
        ("arrow get three args", lambda: arrow.get("a", "b", "c")),
        ("arrow get two bad", lambda: arrow.get(1, object())),
        ("arrow get datetime fmt", lambda: arrow.get(datetime.datetime.now(), 1)),
        ("arrow get float huge", lambda: arrow.get(1e20)),
        ("arrow get bad tz kw", lambda: arrow.get(tzinfo="Nope/Zone")),
        ("arrow get bad tz str", lambda: arrow.get("2020-01-01", tzinfo="Nope/Zone")),
        ("arrow get unknown kw", lambda: arrow.get("2020-01-01", nope=1)),
        ("arrow get locale", lambda: arrow.get("2020-01-01", "YYYY-MM-DD", locale="xx_nope")),
        ("arrow get normalize", lambda: arrow.get("2020  01", "YYYY MM", normalize_whitespace=False)),
        ("arrow to bad tz", lambda: now.to("Nope/Zone")),
        ("arrow to object", lambda: now.to(object())),
        ("arrow shift bad", lambda: now.shift(nope=1)),
        ("arrow shift float weeks", lambda: now.shift(weeks="x")),
        ("arrow replace bad", lambda: now.replace(nope=1)),
        ("arrow replace week", lambda: now.replace(week=1)),
        ("arrow replace month 13", lambda: now.replace(month=13)),
        ("arrow replace tz bad", lambda: now.replace(tzinfo="Nope/Zone")),
        ("arrow span week start", lambda: now.span("week", week_start=9)),
        ("arrow span bounds", lambda: now.span("day", bounds="x")),
        ("arrow span count", lambda: now.span("day", count=0).nope),
        ("arrow range tz", lambda: list(arrow.Arrow.range("day", now, limit=-1))),
        ("arrow range no end", lambda: list(arrow.Arrow.range("day", now))),
        ("arrow is_between bounds", lambda: now.is_between(now, now, bounds="x")),
        ("arrow is_between types", lambda: now.is_between(1, 2)),
        ("arrow humanize locale", lambda: now.humanize(locale="xx_nope")),
        ("arrow humanize other", lambda: now.humanize(other=1)),
        ("arrow humanize granularity", lambda: now.humanize(granularity="nope")),
        ("arrow humanize granularity list", lambda: now.humanize(granularity=["nope"])),
        ("arrow dehumanize bad", lambda: now.dehumanize("nope")),
        ("arrow dehumanize locale", lambda: now.dehumanize("in 2 days", locale="xx_nope")),
        ("arrow dehumanize no direction", lambda: now.dehumanize("2 days")),
        ("arrow format locale", lambda: now.format("YYYY", locale="xx_nope")),
        ("arrow format bad", lambda: now.format(1)),
        ("arrow sub bad", lambda: now - "x"),
        ("arrow add bad", lambda: now + "x"),
        ("arrow compare bad", lambda: now < "x"),
        ("arrow fromtimestamp bad", lambda: arrow.Arrow.fromtimestamp("x")),
        ("arrow utcfromtimestamp bad", lambda: arrow.Arrow.utcfromtimestamp("x")),
        ("arrow fromdate tz", lambda: arrow.Arrow.fromdate(datetime.date.today(), tzinfo="Nope/Zone")),
        ("arrow strptime", lambda: arrow.Arrow.strptime("x", "%Y")),
        ("arrow fromordinal", lambda: arrow.Arrow.fromordinal("x")),
        ("arrow fromordinal range", lambda: arrow.Arrow.fromordinal(0)),
        ("arrow constructor", lambda: arrow.Arrow(2020, 13, 1)),
        ("arrow constructor tz", lambda: arrow.Arrow(2020, 1, 1, tzinfo="Nope/Zone")),
        ("arrow constructor fold", lambda: arrow.Arrow(2020, 1, 1, fold=2)),
        ("arrow now tz", lambda: arrow.now("Nope/Zone")),
        ("arrow factory type", lambda: arrow.ArrowFactory(type=int).get("2020-01-01")),
        ("arrow locale missing", lambda: arrow.locales.get_locale("xx_nope")),
        ("arrow locale by class", lambda: arrow.locales.get_locale_by_class_name("Nope")),
        ("arrow locale ordinal", lambda: arrow.locales.get_locale("en").ordinal_number("x")),
        ("arrow locale describe", lambda: arrow.locales.get_locale("en").describe("nope", 1)),
        ("arrow parser tz", lambda: arrow.parser.TzinfoParser.parse("Nope/Zone")),
        ("arrow parser iso empty", lambda: arrow.parser.DateTimeParser().parse_iso("")),
        ("arrow parser iso time", lambda: arrow.parser.DateTimeParser().parse_iso("2020-01-01T1")),
        ("arrow parser iso two T", lambda: arrow.parser.DateTimeParser().parse_iso("2020-01-01T10T10")),
        ("arrow parser iso space", lambda: arrow.parser.DateTimeParser().parse_iso("2020-01-01 10:00 x")),
        ("arrow parser iso fraction", lambda: arrow.parser.DateTimeParser().parse_iso("2020-01-01T10:00:00,")),
        ("arrow parser fmt type", lambda: arrow.parser.DateTimeParser().parse("2020", 1)),
        ("arrow parser fmt list", lambda: arrow.parser.DateTimeParser()._parse_multiformat("x", ["YYYY", "MM"])),
        ("arrow parser fmt bad token", lambda: arrow.get("2020", "[YYYY")),
        ("arrow parser timestamp", lambda: arrow.get("x", "X")),
        ("arrow parser day of year", lambda: arrow.get("2020-400", "YYYY-DDDD")),
        ("arrow parser week", lambda: arrow.get("2020-W99-1", "W")),
        ("arrow parser day of week", lambda: arrow.get("2020 Monday 2", "YYYY dddd d")),
        ("arrow parser 12h", lambda: arrow.get("13 PM", "h A")),
        ("arrow util iso_to_gregorian", lambda: arrow.util.iso_to_gregorian(2020, 60, 1)),
        ("arrow util iso_to_gregorian day", lambda: arrow.util.iso_to_gregorian(2020, 1, 9)),
        ("arrow util normalize", lambda: arrow.util.normalize_timestamp(1e30)),
        ("arrow util normalize str", lambda: arrow.util.normalize_timestamp("x")),
    ]


if __name__ == "__main__":
    Recorder("arrow", ("arrow",)).run_all(cases())
