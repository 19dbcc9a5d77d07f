"""Raise real errors from Babel, one JSON line each (see common.py): unknown and malformed locale identifiers, date,
time and number patterns it rejects, dates, times and numbers it cannot parse, unknown currencies, units, time zones,
formats and numbering systems, plural rules that are malformed, list styles that do not exist, PO and MO files that
are broken, translations whose placeholders disagree with their messages, extraction methods that are not registered,
and the `pybabel` command line given what it lacks; written from Babel's documentation as a user would use it
(held-out: see SPLIT.md, sixth split)."""

import datetime
import io
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

FOLDER = tempfile.TemporaryDirectory(prefix="babel-corpus-")  # an empty folder for pybabel to find no catalogs in

# Locale identifiers Locale.parse rejects, one mistake each.
BAD_LOCALES = ["", "xx_YY", "en-", "12", "en_US_POSIX_extra_x", "zz", "en_XX", "de.DE", "en@@", "_US", "english"]
DAY = datetime.date(2024, 3, 5)
MOMENT = datetime.datetime(2024, 3, 5, 14, 30)
# Date and time patterns format_datetime rejects.
BAD_PATTERNS = ["yyyy-MM-dd 'unclosed", "GGGGGG", "MMMMMM", "ddd", "EEEEEEE", "HHH", "xxxxxx", "QQQQQQ", "jjj", "ŋ"]
# Strings parse_* reject: (function name, text, locale).
BAD_PARSES = [
    ("parse_date", "", "en_US"),
    ("parse_date", "yesterday", "en_US"),
    ("parse_date", "13/45/2020", "en_US"),
    ("parse_date", "2020", "de_DE"),
    ("parse_time", "", "en_US"),
    ("parse_time", "noon", "en_US"),
    ("parse_time", "25:99", "en_US"),
    ("parse_number", "1,2,3x", "en_US"),
    ("parse_number", "abc", "de_DE"),
    ("parse_decimal", "1..2", "en_US"),
    ("parse_decimal", "one", "fr_FR"),
    ("parse_decimal", "1.099,98", "en_US"),
]
# Malformed CLDR plural rules.
BAD_RULES = [
    {"one": "n is"},
    {"one": "n = 1 and"},
    {"one": "n = 1 @integer"},
    {"few": "n in 2..4 or"},
    {"one": "n = 1", "nope": "n = 2"},
    {"one": "not n = 1"},
    {"one": "x = 1"},
    {"one": "n % = 1"},
    {"one": "n = 1 )"},
    {"one": "n ~ 1"},
]
BAD_PO = [
    'msgid "hello"\nmsgstr "unterminated\n',
    'msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n',
    'msgid "a"\n',
    'msgstr "orphan"\n',
    'msgid "a"\nmsgid_plural "b"\nmsgstr "c"\n',
    'msgid "a"\nmsgstr[x] "b"\n',
    'msgid "x" garbage\nmsgstr ""\n',
    'msgctxt "c"\nmsgstr "d"\n',
]


def cases():
    import babel
    from babel import Locale, dates, lists, numbers, plural, units
    from babel.messages import Catalog, checkers, extract, frontend, mofile, pofile

    for index, identifier in enumerate(BAD_LOCALES):
        yield f"babel Locale.parse {index} {identifier!r}", lambda i=identifier: Locale.parse(i)
    for index, pattern in enumerate(BAD_PATTERNS):
        yield f"babel format_datetime pattern {index}", lambda p=pattern: dates.format_datetime(MOMENT, p, locale="en")
    for index, (name, text, locale) in enumerate(BAD_PARSES):
        parser = getattr(dates if name in ("parse_date", "parse_time") else numbers, name)
        yield f"babel {name} {index}", lambda f=parser, t=text, loc=locale: f(t, locale=loc)
    for index, rules in enumerate(BAD_RULES):
        yield f"babel PluralRule {index}", lambda r=rules: plural.PluralRule(r)
    for index, text in enumerate(BAD_PO):
        yield f"babel read_po {index}", lambda t=text: pofile.read_po(io.StringIO(t), abort_invalid=True)
    yield from [
        ("babel Locale unknown", lambda: Locale("xx")),
        ("babel Locale int", lambda: Locale.parse(5)),
        ("babel Locale None", lambda: Locale.parse(None)),
        ("babel Locale bad separator", lambda: Locale.parse("en_US", sep="-")),
        ("babel negotiate_locale", lambda: Locale.negotiate(["xx"], ["en"]) or Locale.parse("")),
        ("babel parse_locale", lambda: babel.parse_locale("en_US.UTF-8@x_y_z")),
        ("babel parse_locale digits", lambda: babel.parse_locale("1234")),
        ("babel default locale", lambda: babel.default_locale(123)),
        ("babel Locale plural_form", lambda: Locale.parse("en").plural_form("x")),
        ("babel Locale currency symbols", lambda: Locale.parse("en").currency_symbols["NOPE"]),
        ("babel format_date format", lambda: dates.format_date(DAY, format="huge", locale="en")),
        ("babel format_date locale", lambda: dates.format_date(DAY, locale="xx_YY")),
        ("babel format_date not a date", lambda: dates.format_date("2024-03-05", locale="en")),
        ("babel format_time str", lambda: dates.format_time("14:30", locale="en")),
        ("babel format_timedelta format", lambda: dates.format_timedelta(datetime.timedelta(1), format="tiny")),
        ("babel format_timedelta granularity", lambda: dates.format_timedelta(datetime.timedelta(1), granularity="x")),
        ("babel format_timedelta add_direction", lambda: dates.format_timedelta("1 day")),
        ("babel format_skeleton", lambda: dates.format_skeleton("xyzzy", MOMENT, locale="en")),
        ("babel format_interval", lambda: dates.format_interval(DAY, MOMENT, "yMd", locale="en")),
        ("babel get_timezone", lambda: dates.get_timezone("Mars/Olympus_Mons")),
        ("babel get_timezone_name", lambda: dates.get_timezone_name(MOMENT, width="huge", locale="en")),
        ("babel get_timezone_location", lambda: dates.get_timezone_location("Nope/Zone", locale="en")),
        ("babel get_period_names", lambda: dates.get_period_names(width="huge", locale="en")["am"]),
        ("babel get_month_names", lambda: dates.get_month_names("huge", locale="en")[1]),
        ("babel get_day_names context", lambda: dates.get_day_names(context="nope", locale="en")[0]),
        ("babel get_date_format", lambda: dates.get_date_format("huge", locale="en")),
        ("babel get_time_format", lambda: dates.get_time_format("huge", locale="en")),
        ("babel parse_pattern", lambda: dates.parse_pattern("yyyy 'x")),
        (
            "babel DateTimePattern bad field",
            lambda: dates.parse_pattern("yyyy").apply(MOMENT, "en") and dates.DateTimeFormat(MOMENT, "en")["b" * 9],
        ),
        ("babel DateTimeFormat unknown", lambda: dates.DateTimeFormat(MOMENT, "en")["J"]),
        ("babel format_currency unknown", lambda: numbers.format_currency(1, "NOPE", locale="en", format_type="x")),
        ("babel format_currency type", lambda: numbers.format_currency(1, "USD", locale="en", format_type="huge")),
        ("babel format_compact_currency", lambda: numbers.format_compact_currency(1, "USD", format_type="x")),
        ("babel format_decimal pattern", lambda: numbers.format_decimal(1.5, format="#,##0.00;;;", locale="en")),
        ("babel format_decimal sig", lambda: numbers.format_decimal(1.5, format="@0#", locale="en")),
        ("babel format_decimal numbering", lambda: numbers.format_decimal(1, locale="en", numbering_system="nope")),
        ("babel format_decimal str", lambda: numbers.format_decimal("1.5x", locale="en")),
        ("babel format_percent str", lambda: numbers.format_percent("x", locale="en")),
        ("babel format_scientific str", lambda: numbers.format_scientific("x", locale="en")),
        ("babel parse_pattern number", lambda: numbers.parse_pattern("#,##0.00.00")),
        ("babel get_currency_name", lambda: numbers.get_currency_name("NOPE", count="x", locale="xx")),
        ("babel get_currency_symbol", lambda: numbers.get_currency_symbol("USD", locale="xx_YY")),
        ("babel validate_currency", lambda: numbers.validate_currency("NOPE", locale="en")),
        ("babel get_territory_currencies", lambda: numbers.get_territory_currencies("XX", start_date="2020")),
        ("babel get_decimal_symbol numbering", lambda: numbers.get_decimal_symbol("en", numbering_system="nope")),
        ("babel format_unit unknown", lambda: units.format_unit(12, "length-lightyard", locale="en")),
        ("babel format_unit length", lambda: units.format_unit(12, "length-meter", length="huge", locale="en")),
        ("babel format_compound_unit", lambda: units.format_compound_unit(1, "length-nope", 2, "duration-nope")),
        ("babel get_unit_name", lambda: units.get_unit_name("nope-nope", locale="en")),
        ("babel format_list style", lambda: lists.format_list(["a", "b"], style="nope", locale="en")),
        ("babel format_list locale", lambda: lists.format_list(["a", "b"], locale="xx_YY")),
        ("babel format_list items", lambda: lists.format_list(5, locale="en")),
        ("babel lists attribute", lambda: lists.DEFAULT_LOCALE_NOPE),
        ("babel plural to_python", lambda: plural.to_python({"one": "n is"})),
        ("babel plural to_gettext", lambda: plural.to_gettext({"one": "n = 1 and"})),
        ("babel plural within_range", lambda: plural.PluralRule({"one": "n within"})),
        ("babel plural cldr_modulo", lambda: plural.PluralRule.parse(5)),
        (
            "babel Catalog get_close_matches",
            lambda: (
                Catalog().get("x")
                or __import__("babel.messages.catalog").messages.catalog.get_close_matches("x", ["y"], n=0)
            ),
        ),
        (
            "babel Catalog cutoff",
            lambda: __import__("babel.messages.catalog").messages.catalog.get_close_matches("x", ["y"], cutoff=2),
        ),
        ("babel Catalog setitem", lambda: Catalog().__setitem__("a", 5)),
        ("babel Catalog locale", lambda: Catalog(locale="xx_YY")),
        (
            "babel Catalog plural forms",
            lambda: checkers.num_plurals(Catalog(locale="en"), catalog_message(("a", "b"), ("x",))),
        ),
        ("babel checker python format", lambda: checkers.python_format(None, catalog_message("%(name)s", "%(nom)s"))),
        ("babel checker format kinds", lambda: checkers.python_format(None, catalog_message("%(name)s", "%s"))),
        ("babel checker unbalanced", lambda: checkers.python_format(None, catalog_message("%s %d", "%s"))),
        ("babel checker types", lambda: checkers.python_format(None, catalog_message("%d", "%s"))),
        ("babel checker named types", lambda: checkers.python_format(None, catalog_message("%(a)d", "%(a)s"))),
        ("babel checker mixed", lambda: checkers.python_format(None, catalog_message("%s", "%(a)s"))),
        (
            "babel checker plural",
            lambda: checkers.num_plurals(Catalog(locale="en"), catalog_message(("a", "b"), ("x", "y", "z"))),
        ),
        (
            "babel checker non plural",
            lambda: checkers.num_plurals(Catalog(locale="en"), catalog_message("a", ("x", "y"))),
        ),
        ("babel read_mo bad magic", lambda: mofile.read_mo(io.BytesIO(b"\x00" * 40))),
        (
            "babel read_mo corrupt",
            lambda: mofile.read_mo(io.BytesIO(b"\xde\x12\x04\x95" + b"\x00" * 4 + b"\x05\x00\x00\x00" + b"\xff" * 20)),
        ),
        ("babel read_po bytes", lambda: pofile.read_po(io.BytesIO(b'msgid "\xff"\nmsgstr ""\n'), charset="ascii")),
        ("babel unescape", lambda: pofile.unescape("no quotes")),
        ("babel extract unknown method", lambda: list(extract.extract("nope", io.BytesIO(b"_('x')")))),
        (
            "babel extract keywords",
            lambda: list(extract.extract("python", io.BytesIO(b"_('x', 'y')"), keywords={"_": (5.5,)})),
        ),
        ("babel extract bad python", lambda: list(extract.extract("python", io.BytesIO(b"# coding: nope\n_('x')")))),
        (
            "babel extract_from_dir missing",
            lambda: list(extract.extract_from_dir("/nonexistent/dir", method_map=[("**.py", "nope")])),
        ),
    ]
    yield from pybabel_cases(frontend, FOLDER.name)


def pybabel_cases(frontend, folder):
    """The `pybabel` command line, each run in-process as its documentation's CommandLineInterface().run does."""
    for name, argv in [
        ("no command", []),
        ("unknown command", ["nope"]),
        ("compile nothing", ["compile"]),
        ("compile no locale", ["compile", "-d", folder]),
        ("compile missing domain", ["compile", "-d", folder, "-l", "de"]),
        ("extract no input", ["extract"]),
        ("extract missing path", ["extract", "-o", os.path.join(folder, "m.pot"), "/nonexistent/input"]),
        ("extract no output", ["extract", folder]),
        ("extract wrap width", ["extract", "--no-wrap", "-w", "10", "-o", "x.pot", folder]),
        ("init nothing", ["init"]),
        ("init no locale", ["init", "-i", "x.pot", "-d", folder]),
        ("init bad locale", ["init", "-i", "x.pot", "-d", folder, "-l", "xx_YY"]),
        ("init no output", ["init", "-i", "x.pot", "-l", "de"]),
        ("update nothing", ["update"]),
        ("update no output", ["update", "-i", "x.pot"]),
        ("update no locale", ["update", "-i", "x.pot", "-o", "x.po"]),
        ("update bad locale", ["update", "-i", "x.pot", "-o", "x.po", "-l", "xx_YY"]),
        ("update no catalogs", ["update", "-i", "x.pot", "-d", folder]),
        ("extract bad mapping", ["extract", "-F", "/nonexistent/babel.cfg", "-o", "x.pot", folder]),
    ]:
        yield f"babel pybabel {name}", lambda a=argv: frontend.CommandLineInterface().run(["pybabel", "-q", *a])


def catalog_message(msgid, string):
    from babel.messages.catalog import Message

    return Message(msgid, string, flags=["python-format"])


if __name__ == "__main__":
    Recorder("Babel", ("babel",)).run_all(cases())
