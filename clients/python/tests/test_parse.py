"""Reading pasted text: tracebacks, chains, exception groups, logs, warnings and bare messages."""

from errorkb.matching.parse import parse, strip_log_prefix

CHAINED = """Traceback (most recent call last):
  File "/app/a.py", line 3, in load
    raise KeyError("DATABASE")
KeyError: 'DATABASE'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/app/b.py", line 9, in <module>
    main()
  File "/venv/lib/python3.11/site-packages/django/db/models/sql/query.py", line 1813, in names_to_path
    raise FieldError(
    ^^^^^^^^^^^^^^^^^
django.core.exceptions.FieldError: Cannot resolve keyword 'titel' into field. Choices are: id, title
"""


def test_a_chained_traceback_gives_every_exception_the_last_first_with_its_frames():
    parsed = parse(CHAINED)
    assert parsed.kind == "traceback"
    last, first = parsed.exceptions
    assert last.type == "django.core.exceptions.FieldError"
    assert last.message == "Cannot resolve keyword 'titel' into field. Choices are: id, title"
    assert [(f.path.rsplit("/", 1)[-1], f.line, f.function) for f in last.frames] == [
        ("b.py", 9, "<module>"),
        ("query.py", 1813, "names_to_path"),
    ]
    assert (first.type, first.message) == ("KeyError", "'DATABASE'")


def test_a_direct_cause_separates_exceptions_too():
    text = CHAINED.replace(
        "During handling of the above exception, another exception occurred:",
        "The above exception was the direct cause of the following exception:",
    )
    assert [e.type for e in parse(text).exceptions] == ["django.core.exceptions.FieldError", "KeyError"]


def test_a_multi_line_message_is_kept_whole_with_shorter_readings_to_fall_back_on():
    text = """Traceback (most recent call last):
  File "/venv/flask/globals.py", line 10, in _lookup
RuntimeError: Working outside of application context.

This typically means that you attempted to use functionality that needed
the current application.
"""
    (exception,) = parse(text).exceptions
    assert exception.message.startswith("Working outside of application context.\n\nThis typically")
    assert exception.message.endswith("the current application.")
    assert [r.text for r in exception.readings][1:] == [
        "Working outside of application context.",
        "the current application.",
    ]


def test_log_prefixes_are_stripped_from_each_line():
    cases = {
        "2026-05-01 12:00:01,123 ERROR [django.request] Internal Server Error: /x": "Internal Server Error: /x",
        "[2026-05-01T12:00:01Z] ERROR sglang.srt.nixl: NIXL failed": "NIXL failed",
        "ERROR:root:ValueError: bad": "ValueError: bad",
        "2026-05-01 12:00:01.123 | ERROR    | __main__:main:12 - boom": "boom",
        "May  1 12:00:01 host app[123]: ERROR disk full": "disk full",
        "[2026-05-01 12:00:00,000] ERROR in app: Exception on /x [GET]": "Exception on /x [GET]",
    }
    for line, content in cases.items():
        assert strip_log_prefix(line)[0] == content, line


def test_a_bare_message_is_not_mistaken_for_a_log_line():
    assert strip_log_prefix("Invalid URL 'x': No host supplied") == ("Invalid URL 'x': No host supplied", False, None)


def test_a_traceback_inside_a_log_ends_at_the_next_log_record():
    text = """2026-05-01 12:00:01 ERROR django.request: Internal Server Error: /books/
Traceback (most recent call last):
  File "/venv/django/db/models/query.py", line 635, in get
    raise self.model.DoesNotExist(
books.models.Book.DoesNotExist: Book matching query does not exist.
2026-05-01 12:00:02 INFO django.server: "GET /books/ HTTP/1.1" 500 145
"""
    parsed = parse(text)
    assert parsed.kind == "traceback"
    exception = parsed.exceptions[0]
    assert (exception.type, exception.message) == (
        "books.models.Book.DoesNotExist",
        "Book matching query does not exist.",
    )
    assert parsed.exceptions[1].message == "Internal Server Error: /books/"


def test_a_traceback_whose_every_line_carries_a_container_prefix_is_read():
    lines = [
        "Traceback (most recent call last):",
        '  File "/app/x.py", line 4, in run',
        "ValueError: NIXL KV transfer has no KV memory segments",
    ]
    text = "\n".join(f"2026-05-01T10:00:00.000000000Z stderr F {line}" for line in lines)
    (exception,) = parse(text).exceptions
    assert (exception.type, exception.message, len(exception.frames)) == (
        "ValueError",
        "NIXL KV transfer has no KV memory segments",
        1,
    )


def test_only_log_records_above_info_are_looked_up_when_there_are_some():
    text = "2026-05-01 12:00:00 INFO started\n2026-05-01 12:00:01 ERROR it broke\n2026-05-01 12:00:02 DEBUG bye\n"
    parsed = parse(text)
    assert parsed.kind == "log"
    assert [e.message for e in parsed.exceptions] == ["it broke"]


def test_type_and_message_are_split_only_for_a_type_like_name():
    (typed,) = parse("django.core.exceptions.FieldError: Cannot resolve").exceptions
    assert (typed.type, typed.message) == ("django.core.exceptions.FieldError", "Cannot resolve")
    assert typed.readings[-1].text == "django.core.exceptions.FieldError: Cannot resolve"
    (prose,) = parse("Expecting value: line 1 column 1 (char 0)").exceptions
    assert (prose.type, prose.message) == (None, "Expecting value: line 1 column 1 (char 0)")


def test_an_exception_group_gives_each_sub_exception():
    text = """  + Exception Group Traceback (most recent call last):
  |   File "<stdin>", line 2, in <module>
  | ExceptionGroup: two (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "<stdin>", line 1, in f
    | ValueError: one
    +---------------- 2 ----------------
    | TypeError: two
    +------------------------------------
"""
    assert [(e.type, e.message) for e in parse(text).exceptions] == [
        ("TypeError", "two"),
        ("ValueError", "one"),
        ("ExceptionGroup", "two (2 sub-exceptions)"),
    ]


def test_a_warning_line_gives_its_type_message_and_location():
    (warning,) = parse("/app/models.py:12: RuntimeWarning: DateTimeField x received a naive datetime").exceptions
    assert (warning.type, warning.origin, warning.frames[0].line) == ("RuntimeWarning", "warning", 12)


def test_colour_codes_and_windows_line_ends_are_ignored():
    frame = '  File "C:\\app\\x.py", line 1, in f'
    text = f"Traceback (most recent call last):\r\n{frame}\r\n\x1b[31mValueError\x1b[0m: bad\r\n"
    (exception,) = parse(text).exceptions
    assert (exception.type, exception.message, exception.frames[0].path) == ("ValueError", "bad", "C:\\app\\x.py")


def test_empty_text_has_no_exceptions():
    assert parse("  \n\t").exceptions == ()


def test_frame_lines_are_told_from_source_lines_that_look_like_them():
    text = """Traceback (most recent call last):
  File "/app/main.py", line 12, in <module>\t\x20
    log('File "/etc/x.py", line 3, in fake')

  File "/app/util.py", line 40
    [Previous line repeated 996 more times]
  File "C:\\\\app\\\\win.py", line 7, in handler
      ^^^^^^^
RecursionError: maximum recursion depth exceeded
"""
    (exception,) = parse(text).exceptions
    assert [(f.path, f.line, f.function) for f in exception.frames] == [
        ("/app/main.py", 12, "<module>"),
        ("/app/util.py", 40, ""),
        ("C:\\\\app\\\\win.py", 7, "handler"),
    ]
    assert (exception.type, exception.message) == ("RecursionError", "maximum recursion depth exceeded")


def test_a_broken_frame_line_does_not_swallow_the_frames_after_it():
    text = """Traceback (most recent call last):
  File "/app/half.py
    oops", line 3, in nowhere
  File "/app/real.py", line 5, in run
KeyError: 'x'
"""
    (exception,) = parse(text).exceptions
    assert [(f.path, f.line, f.function) for f in exception.frames] == [("/app/real.py", 5, "run")]


def test_a_traceback_pasted_without_its_first_line_still_gives_its_frames():
    text = """  File "/venv/django/db/models/sql/query.py", line 1813, in names_to_path
    raise FieldError(
django.core.exceptions.FieldError: Cannot resolve keyword 'titel' into field. Choices are: id, title
"""
    parsed = parse(text)
    assert parsed.kind == "traceback"
    (exception,) = parsed.exceptions
    assert exception.type == "django.core.exceptions.FieldError"
    assert exception.message.startswith("Cannot resolve keyword 'titel'")
    assert [(f.line, f.function) for f in exception.frames] == [(1813, "names_to_path")]


def test_frame_like_lines_inside_a_log_message_stay_part_of_it():
    text = """2026-05-01 12:00:01 ERROR app.jobs: job failed with
  File "/app/jobs.py", line 3, in run
2026-05-01 12:00:02 INFO app.jobs: retrying
"""
    (exception,) = parse(text).exceptions
    assert exception.origin == "log"
    assert exception.frames == ()
    assert exception.message == 'job failed with\n  File "/app/jobs.py", line 3, in run'


def test_a_validation_errors_printed_list_is_read_message_by_message():
    text = (
        "django.core.exceptions.ValidationError: ['Enter a valid email address.', 'Ensure this value has at most 5.']"
    )
    (exception,) = parse(text).exceptions
    assert [r.text for r in exception.readings][1:3] == [
        "Enter a valid email address.",
        "Ensure this value has at most 5.",
    ]
    keyed = parse("ValidationError: {'email': ['Enter a valid email address.'], 'age': ['Too young.']}")
    assert [r.text for r in keyed.exceptions[0].readings][1:3] == ["Enter a valid email address.", "Too young."]
    assert [r.text for r in parse("ValueError: [1, 2, three]").exceptions[0].readings] == [
        "[1, 2, three]",
        "ValueError: [1, 2, three]",
    ]


def test_a_drf_validation_errors_printed_error_details_are_read_message_by_message():
    text = (
        "rest_framework.exceptions.ValidationError: "
        "[ErrorDetail(string='A valid integer is required.', code='invalid')]"
    )
    assert [r.text for r in parse(text).exceptions[0].readings][1] == "A valid integer is required."
    nested = (
        "ValidationError: {'name': [ErrorDetail(string='This field is required.', code='required')], "
        "'address': {'city': [ErrorDetail(string='Ensure this field has no more than 3 characters.', "
        "code='max_length')]}}"
    )
    assert [r.text for r in parse(nested).exceptions[0].readings][1:3] == [
        "This field is required.",
        "Ensure this field has no more than 3 characters.",
    ]
    # Read, never run: a call of anything else says nothing.
    assert [r.text for r in parse("ValueError: [print('x')]").exceptions[0].readings] == [
        "[print('x')]",
        "ValueError: [print('x')]",
    ]


def test_a_key_errors_quoted_message_is_also_read_unquoted():
    (exception,) = parse("tqdm.std.TqdmKeyError: \"Unknown argument(s): {'foo': 1}\"").exceptions
    assert [r.text for r in exception.readings][:2] == [
        "\"Unknown argument(s): {'foo': 1}\"",
        "Unknown argument(s): {'foo': 1}",
    ]


def test_text_built_to_exhaust_the_parser_is_read_without_failing():
    nested_call = "ValueError: [" + "a." * 600 + "a(1)]"
    assert parse(nested_call).exceptions[0].type == "ValueError"
    huge_line = "9" * 5000
    for text in (
        f'Traceback (most recent call last):\n  File "a.py", line {huge_line}, in f\nValueError: x',
        f'  File "a.py", line {huge_line}, in f\nValueError: x',
        f"a.py:{huge_line}: UserWarning: x",
    ):
        # Read, and a frame line with no sensible line number is not a frame.
        assert [list(exception.frames) for exception in parse(text).exceptions] == [[]], text[:40]


def test_an_indented_file_line_that_is_no_frame_does_not_start_a_traceback():
    text = 'ImproperlyConfigured: bad settings\n  File "config.yaml" not found\nPlease check'
    parsed = parse(text)
    assert parsed.kind == "message"
    assert parsed.exceptions[0].type == "ImproperlyConfigured"


def test_a_message_printed_as_a_tuple_is_read_message_by_message():
    (exception,) = parse("AssertionError: (\"Add an explicit fields = '__all__' to the Book serializer.\",)").exceptions
    assert [r.text for r in exception.readings][1] == "Add an explicit fields = '__all__' to the Book serializer."
    # Prose in brackets is no literal: nothing more is read from it.
    assert [r.text for r in parse("ValueError: (see the docs)").exceptions[0].readings][:1] == ["(see the docs)"]


def test_a_wrapped_exceptions_type_and_message_are_read_after_the_wrapper():
    text = (
        "sqlalchemy.exc.IntegrityError: (psycopg2.errors.UniqueViolation) duplicate key value violates unique "
        'constraint "book_pkey"\n[SQL: INSERT INTO book (id) VALUES (%(id)s)]'
    )
    readings = parse(text).exceptions[0].readings
    assert ("psycopg2.errors.UniqueViolation", 'duplicate key value violates unique constraint "book_pkey"') in [
        (r.type, r.text) for r in readings
    ]
    # Only a dotted name is a type: "(see below)" is prose and stays with the outer type.
    prose = parse("ValueError: (see below) width must be positive").exceptions[0].readings
    assert {r.type for r in prose} <= {"ValueError", None}


def test_many_wrapped_prefixes_are_unwrapped_once():
    text = "pkg.Error: " + "(a.B) " * 10_000 + "end"
    readings = parse(text).exceptions[0].readings
    assert [r.text for r in readings if r.type == "a.B"] == ["(a.B) " * 9_999 + "end"]
