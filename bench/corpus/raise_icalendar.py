"""Raise real errors from icalendar, one JSON line each (see common.py): calendars it cannot parse (no component, lines
it cannot split, components never closed, several where one is expected), property values each type rejects (dates,
date-times, durations, periods, times, UTC offsets, recurrence rules, weekdays, frequencies, geographic positions,
integers, floats, booleans, binary data), jCal it rejects, components asked for what they lack (an event's start and
end, an alarm's trigger, a timezone's transitions), `new()` given values at odds, and parameters it cannot quote;
written from icalendar's documentation as a user would use it (held-out: see SPLIT.md, eighth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

EVENT = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//corpus//EN\r\nBEGIN:VEVENT\r\nUID:1@corpus\r\n"
    "DTSTAMP:20250101T000000Z\r\n{body}END:VEVENT\r\nEND:VCALENDAR\r\n"
)
# Calendars (as files hold them) that icalendar refuses, one mistake each.
CALENDARS = [
    "",
    "not a calendar",
    "BEGIN:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nEND:VEVENT\r\n",
    "END:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nNOCOLON\r\nEND:VCALENDAR\r\n",
    'BEGIN:VCALENDAR\r\nX-A;P="unterminated:1\r\nEND:VCALENDAR\r\n',
    "BEGIN:VCALENDAR\r\nX-A;=v:1\r\nEND:VCALENDAR\r\n",
    'BEGIN:VCALENDAR\r\nX-A;P=a"b:1\r\nEND:VCALENDAR\r\n',
    "BEGIN:\r\nEND:\r\n",
]
# (property type, value) pairs each type's `from_ical` rejects.
VALUES = [
    ("vDate", "2025-01-01"),
    ("vDate", "20251301"),
    ("vDatetime", "20250101T250000"),
    ("vDatetime", "2025"),
    ("vDatetime", "20250101T000000X"),
    ("vDuration", "P1X"),
    ("vDuration", "1H"),
    ("vDuration", ""),
    ("vPeriod", "20250101T000000Z"),
    ("vPeriod", "20250101T000000Z/nope"),
    ("vTime", "250000"),
    ("vTime", "12"),
    ("vUTCOffset", "+99"),
    ("vUTCOffset", "0100"),
    ("vUTCOffset", "+2500"),
    ("vRecur", "FREQ=NOPE"),
    ("vRecur", "FREQ=DAILY;COUNT=x"),
    ("vRecur", "FREQ=DAILY;BYDAY=XX"),
    ("vRecur", "FREQ"),
    ("vWeekday", "XX"),
    ("vWeekday", "+99MO"),
    ("vFrequency", "FORTNIGHTLY"),
    ("vMonth", "13"),
    ("vMonth", "xL"),
    ("vSkip", "SIDEWAYS"),
    ("vGeo", "1"),
    ("vGeo", "a;b"),
    ("vInt", "one"),
    ("vFloat", "one"),
    ("vBoolean", "MAYBE"),
    ("vBinary", "not base64!"),
    ("vDDDTypes", "nope"),
    ("vDDDLists", "20250101,nope"),
    ("vCalAddress", 5),
    ("vUri", 5),
    ("vN", "a;b"),
    ("vAdr", "a;b"),
    ("vOrg", 5),
]


def cases():
    from datetime import date, datetime, timedelta, timezone

    import icalendar
    from icalendar import Alarm, Calendar, Component, Event, Timezone, Todo, prop
    from icalendar.parser import Contentline, Parameters, q_split

    def parsed(text):
        return lambda: Calendar.from_ical(text)

    def value(kind, text):
        return lambda: getattr(prop, kind).from_ical(text)

    def event(body):
        return Calendar.from_ical(EVENT.format(body=body)).events[0]

    yield from ((f"icalendar parse {text[:40]!r}", parsed(text)) for text in CALENDARS)
    yield from ((f"icalendar {kind} {text!r}", value(kind, text)) for kind, text in VALUES)
    yield from [
        ("icalendar event bad dtstart", lambda: event("DTSTART:2025-01-01\r\n").start),
        ("icalendar event bad duration", lambda: event("DTSTART:20250101T000000Z\r\nDURATION:P1X\r\n").duration),
        ("icalendar event no start", lambda: Event().start),
        ("icalendar event no end", lambda: Event().end),
        ("icalendar event no duration", lambda: Event().duration),
        ("icalendar event end before start", lambda: Event.new(start=datetime(2025, 1, 2), end=datetime(2025, 1, 1))),
        ("icalendar event start and end types", lambda: Event.new(start=date(2025, 1, 1), end=datetime(2025, 1, 2))),
        (
            "icalendar event dtend and duration",
            lambda: event("DTSTART:20250101T000000Z\r\nDTEND:20250102T000000Z\r\nDURATION:P1D\r\n").end,
        ),
        ("icalendar event start wrong type", lambda: setattr(Event(), "start", "tomorrow")),
        ("icalendar event rrule wrong type", lambda: setattr(Event(), "rrules", 5)),
        ("icalendar event sequence negative", lambda: setattr(Event(), "sequence", "x")),
        ("icalendar event color", lambda: setattr(Event(), "color", 5)),
        ("icalendar event categories", lambda: setattr(Event(), "categories", 5)),
        ("icalendar todo no start", lambda: Todo().start),
        ("icalendar todo no end", lambda: Todo().end),
        ("icalendar todo due before start", lambda: Todo.new(start=datetime(2025, 1, 2), due=datetime(2025, 1, 1))),
        ("icalendar alarm trigger", lambda: Alarm().TRIGGER_RELATED),
        ("icalendar alarm no component", lambda: icalendar.Alarms(Alarm()).times),
        (
            "icalendar alarms no start",
            lambda: icalendar.Alarms(Event.new(alarms=[Alarm.new(trigger=timedelta(minutes=-5))])).times,
        ),
        ("icalendar alarms local timezone", lambda: icalendar.Alarms(Todo.new(due=datetime(2025, 1, 1))).times),
        ("icalendar alarm new action", lambda: Alarm.new(action="SING")),
        ("icalendar alarm repeat", lambda: Alarm.new(trigger=timedelta(0), repeat=2)),
        ("icalendar timezone unknown", lambda: Timezone.from_tzid("Mars/Olympus_Mons")),
        ("icalendar timezone to_tz", lambda: Timezone().to_tz()),
        ("icalendar timezone from_tzinfo", lambda: Timezone.from_tzinfo(timezone(timedelta(hours=3)))),
        ("icalendar calendar timezone", lambda: Calendar().get_missing_tzids() + Calendar().timezones[0]),
        ("icalendar calendar new", lambda: Calendar.new(method=5)),
        ("icalendar calendar color", lambda: setattr(Calendar(), "color", 5)),
        ("icalendar component add datetime", lambda: Event().add("dtstart", "2025-01-01").to_ical()),
        ("icalendar component add unknown", lambda: Event().add("dtstart", object())),
        ("icalendar component decoded missing", lambda: Event().decoded("summary")),
        ("icalendar component add_component", lambda: Event().add_component("VALARM")),
        ("icalendar component from_ical multiple", lambda: Component.from_ical(CALENDARS[5])),
        ("icalendar component walk", lambda: Calendar().walk(5)),
        ("icalendar jcal not a list", lambda: Calendar.from_jcal('{"a": 1}')),
        ("icalendar jcal short", lambda: Calendar.from_jcal('["vcalendar"]')),
        ("icalendar jcal property", lambda: Calendar.from_jcal('["vcalendar", [["version"]], []]')),
        ("icalendar jcal json", lambda: Calendar.from_jcal("[not json")),
        ("icalendar jcal date", lambda: Calendar.from_jcal('["vevent", [["dtstart", {}, "date", "x"]], []]')),
        ("icalendar vDDDTypes", lambda: prop.vDDDTypes("2025-01-01")),
        ("icalendar vPeriod", lambda: prop.vPeriod((datetime(2025, 1, 1), "x"))),
        ("icalendar vDuration", lambda: prop.vDuration("P1D")),
        ("icalendar vRecur", lambda: prop.vRecur(freq="NOPE").to_ical()),
        ("icalendar vGeo", lambda: prop.vGeo((1,))),
        ("icalendar vWeekday", lambda: prop.vWeekday("XX")),
        ("icalendar vFrequency", lambda: prop.vFrequency("SOMETIMES")),
        ("icalendar vTime", lambda: prop.vTime("noon")),
        ("icalendar vUTCOffset", lambda: prop.vUTCOffset("+01:00")),
        ("icalendar vDate", lambda: prop.vDate("2025-01-01")),
        ("icalendar vDatetime", lambda: prop.vDatetime("2025-01-01")),
        ("icalendar contentline parts", lambda: Contentline("NOCOLON").parts()),
        ("icalendar contentline newline", lambda: Contentline("A:b\nc", strict=True)),
        ("icalendar parameters", lambda: Parameters.from_ical('a="b')),
        ("icalendar q_split", lambda: q_split(5)),
        ("icalendar uid", lambda: setattr(Event(), "uid", 5)),
    ]


if __name__ == "__main__":
    Recorder("icalendar", ("icalendar",)).run_all(cases())
