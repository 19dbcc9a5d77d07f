"""A test is shown under "How to trigger it" only when it raises that error (issue 29, the reader's review, D7 and
D8): on Django's and Django REST framework's own tests, what a reader checking the card against the test finds.
A test that asserts a prefix two messages share, or only a type that several raises give, is shown on no card;
one whose regex leaves the placeholder's value to a pattern still is."""

from pathlib import Path

from kb.harvest.evidence.tests_docs import read_tests_and_docs
from kb.harvest.pipeline.scan import scan
from tests.harvest.test_tests_docs import evidence_of, triggering

INCLUDE = "view must be a callable or a list/tuple in the case of include()."
AS_VIEW = "view must be a callable, pass {view_cls_name}.as_view(), not {view_cls_name}()."


def names(tests: list[dict]) -> set[str]:
    return {test["name"] for test in tests}


def test_a_prefix_two_messages_share_is_shown_on_neither_card(django_sdist: Path) -> None:
    """`assertRaisesMessage(TypeError, "view must be a callable")` over `path(..., views.uncallable)`: it raises
    the include() message (`uncallable` is None), which the prefix cannot tell from the as_view() one."""
    evidence = evidence_of(django_sdist / "django" / "urls", "django/urls")
    include, as_view = triggering(evidence, INCLUDE), triggering(evidence, AS_VIEW)
    assert "ErroneousViewTests.test_noncallable_view" not in names(include) | names(as_view)
    # The tests that assert each message whole still show on their own card.
    assert "SimplifiedURLTests.test_invalid_view" in names(include)
    assert "SimplifiedURLTests.test_invalid_view_instance" in names(as_view)


def test_a_type_several_raises_give_is_not_shown_for_the_one_with_the_called_name(drf_sdist: Path) -> None:
    """`pytest.raises(exceptions.NotFound)` over a cursor paginator's `paginate_queryset`: it raises "Invalid
    cursor" from `decode_cursor`, not the page number paginator's "Invalid page.", whose method has that name."""
    evidence = evidence_of(drf_sdist / "rest_framework", "rest_framework")
    shown = names(triggering(evidence, "Invalid page.")) | names(triggering(evidence, "Invalid cursor"))
    assert "CursorPaginationTestsMixin.test_invalid_cursor" not in shown


def test_the_stale_pyc_test_is_found_though_its_regex_spells_the_migrations_path(django_sdist: Path) -> None:
    r"""`assertRaisesRegex(ImportError, r"Couldn't import '\w+.migrations.0001_initial' as it appears to be a
    stale .pyc file.")`: the module path is the `%r` placeholder's value; the test was left out for it."""
    evidence = evidence_of(django_sdist / "django" / "db" / "migrations", "django/db/migrations")
    tests = triggering(evidence, "Couldn't import {migration_path} as it appears to be a stale .pyc file.")
    [stale] = [test for test in tests if test["name"] == "PycLoaderTests.test_invalid"]
    assert (stale["path"], stale["call"]) == ("tests/migrations/test_loader.py", "MigrationLoader(connection)")
    # `assertRaises(ImportError)` over `MigrationLoader(connection)` with a package that fails to import: an
    # ImportError Python raises and the loader re-raises, not this message.
    assert "LoaderTests.test_load_import_error" not in names(tests)


def test_a_message_asserted_word_for_word_is_not_taken_for_a_placeholders_value(django_sdist: Path) -> None:
    """ "NOWAIT is not supported on this database backend." is that raise's whole message; it also fits
    "{combinator} is not supported on this database backend." with NOWAIT as the combinator, which it is not."""
    evidence = evidence_of(django_sdist / "django" / "db" / "models", "django/db/models")
    nowait = triggering(evidence, "NOWAIT is not supported on this database backend.")
    assert "SelectForUpdateTests.test_unsupported_nowait_raises_error" in names(nowait)
    combinator = triggering(evidence, "{combinator} is not supported on this database backend.")
    assert "SelectForUpdateTests.test_unsupported_nowait_raises_error" not in names(combinator)


def test_a_type_asserted_over_a_built_instance_is_the_method_s_own_raise(drf_sdist: Path) -> None:
    """`pytest.raises(NotImplementedError)` over `BaseThrottle().allow_request(...)`: `allow_request` alone names
    every throttle's method, `BaseThrottle.allow_request` the one that raises."""
    evidence = evidence_of(drf_sdist / "rest_framework", "rest_framework")
    tests = triggering(evidence, ".allow_request() must be overridden")
    assert "BaseThrottleTests.test_allow_request_raises_not_implemented_error" in names(tests)


def test_an_instance_whose_method_the_test_replaces_reaches_nothing_known(django_sdist: Path) -> None:
    """`command.execute = raise_command_error`, then `assertRaises(CommandError)` over `command.run_from_argv`:
    the error is the test's own "Custom error", not the --no-color one that `execute` raises."""
    evidence = evidence_of(django_sdist / "django" / "core" / "management", "django/core/management")
    tests = triggering(evidence, "The --no-color and --force-color options can't be used together.")
    assert "CommandTypes.test_base_run_from_argv" not in names(tests)


def test_a_message_compared_through_a_class_attribute_after_the_raise_is_read(drf_sdist: Path) -> None:
    """`with pytest.raises(ParseError) as excinfo:` then `assert str(excinfo.value) == self.unsupported_message %
    charset`: the multipart parser's test is about the charset, not "Multipart form parse error". (Of the charset
    tests, the one that fills the `%s` with a literal, `% 'no-such-charset'`, is the whole message and is shown
    first; three are shown.)"""
    evidence = evidence_of(drf_sdist / "rest_framework", "rest_framework")
    charset = triggering(evidence, 'Unsupported charset "{encoding}" in request Content-Type header.')
    parse = triggering(evidence, "Multipart form parse error - {exc}")
    assert charset[0]["name"] == "TestRequestCharset.test_unresolvable_charset_is_rejected"
    assert all(name.startswith("TestRequestCharset.") for name in names(charset))
    assert "TestRequestCharset.test_multipart_parser_rejects_a_byte_transform_charset" not in names(parse)


def test_a_row_of_a_table_driven_test_triggers_its_message(drf_sdist: Path) -> None:
    """DRF's `TestFileField.invalid_inputs` row `(MockFile(name='', size=10), ['No filename could be
    determined.'])`, run by the inherited `FieldValues.test_invalid_inputs`: the card shows that row and the call
    the loop makes with it."""
    evidence = evidence_of(drf_sdist / "rest_framework", "rest_framework")
    [row] = triggering(evidence, "No filename could be determined.")
    assert (row["path"], row["line"], row["name"]) == (
        "tests/test_fields.py",
        2327,
        "TestFileField.test_invalid_inputs",
    )
    assert row["call"] == "serializers.FileField(max_length=10).run_validation(MockFile(name='', size=10))"
    assert "(MockFile(name='', size=10), ['No filename could be determined.'])" in row["code"]


def test_a_variable_asserted_as_the_type_is_not_a_raise_of_the_same_name(django_sdist: Path) -> None:
    """`with self.assertRaises(e):` over a loop's `(args, e)` rows (GIS tests) is not oracledb_any's `raise e`."""
    found = scan(django_sdist / "django", prefix="django", progress=False)
    groups: dict = {}
    for site in found.sites:
        groups.setdefault(site.key, []).append(site)
    evidence = read_tests_and_docs(root=django_sdist / "django", prefix="django", groups=groups)
    assert any(key[0] == "e" for key in groups)  # `raise e`, its type a variable's name
    assert [value["tests"] for key, value in evidence.items() if key[0] == "e" and value.get("tests")] == []
