"""What a raise raises when a factory of the repository makes it (issue 30, item 1): `raise
self.parse_error(EmptyKeyError)`, the class words its own message with a base-class suffix; messages kept in a
module's constants; a `__str__` that %-formats its arguments. On a small tree written like tomlkit, Cerberus and
dateutil (tests/harvest/trees/factory), whose errors the tests raise, and on tomlkit's own source when the lookup
bench has installed it."""

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import Scan, scan
from tests.corpus_libs import corpus_libs, ends_at

TREE = Path(__file__).parent / "trees" / "factory"


def library() -> Path:
    """Where the real tomlkit is installed (`tests.corpus_libs`)."""
    return corpus_libs("tomlkit==0.15.2", "tomlkit")


@pytest.fixture(scope="module")
def toml_like() -> Iterator[object]:
    sys.path.insert(0, str(TREE))
    try:
        yield importlib.import_module("toml_like.parser")
    finally:
        sys.path.remove(str(TREE))
        for name in [n for n in sys.modules if n == "toml_like" or n.startswith("toml_like.")]:
            del sys.modules[name]


def raised(call) -> BaseException:
    with pytest.raises(Exception) as caught:
        call()
    return caught.value


def line_of(text: str, module: str = "parser.py") -> int:
    """The line of the tree's module that holds `text`."""
    lines = (TREE / "toml_like" / module).read_text().splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def found_at(found: Scan, error: BaseException, line: int, module: str = "parser.py") -> list[str]:
    """The signatures harvest recorded on `line` of `module` for this error's type that produce its message."""
    return [
        s.signature
        for s in found.sites
        if s.path.endswith(module)
        and s.line == line
        and s.exception_type.endswith("." + type(error).__name__)
        and produces(s.signature, str(error))
    ]


@pytest.fixture(scope="module")
def harvested() -> Scan:
    return scan(TREE, progress=False)


def test_a_class_handed_to_a_factory_is_raised_with_its_own_message_and_its_base_s_suffix(toml_like, harvested):
    error = raised(lambda: toml_like.Parser("").key(""))
    assert str(error) == "Empty key at line 1 col 0"
    assert found_at(harvested, error, line_of("parse_error(EmptyKeyError)"))


def test_arguments_passed_on_through_args_fill_the_class_s_fields(toml_like, harvested):
    error = raised(lambda: toml_like.Parser("=").key("="))
    assert found_at(harvested, error, line_of("parse_error(UnexpectedCharError, text[0])"))
    error = raised(lambda: toml_like.Parser("k").key("k"))
    assert found_at(harvested, error, line_of("Invalid key"))


def test_a_factory_called_on_a_local_instance_with_a_keyword_argument(toml_like, harvested):
    error = raised(lambda: toml_like.parse(" x"))
    assert str(error) == "Unexpected character: ' ' at line 1 col 0"
    assert found_at(harvested, error, line_of('char=" "'))


def test_a_message_kept_in_another_module_s_constant(toml_like, harvested):
    error = raised(lambda: toml_like.check(None))
    assert found_at(harvested, error, line_of("SCHEMA_MISSING)")) == ["validation schema missing"]


def test_a_str_that_percent_formats_its_arguments(toml_like, harvested):
    error = raised(lambda: toml_like.date("2020-13-01", ValueError("month must be in 1..12")))
    assert str(error) == "month must be in 1..12: 2020-13-01"
    # Values alone, no signature: the entry is keyed by its site, its message as the card shows it.
    assert [
        s.message for s in harvested.sites if s.path.endswith("parser.py") and s.line == line_of("raise DateError")
    ] == ["{error}: {text}"]


def test_a_class_the_callers_pass_for_a_parameter_is_raised_where_the_parameter_is(toml_like, harvested):
    error = raised(lambda: toml_like.Parser("").table())
    assert str(error) == "Unexpected end of file at line 1 col 0"
    assert found_at(harvested, error, line_of("raise self.parse_error(exception)", "source.py"), "source.py")


def test_no_factory_raise_is_skipped_as_computed_at_run_time(harvested):
    assert harvested.skipped["exception type is computed at run time"] == 0
    assert harvested.skipped["raises an exception object held in a variable"] == 0


def test_tomlkit_s_parse_errors_are_found_at_the_line_that_raises_them():
    found = scan(library() / "tomlkit", prefix="tomlkit", progress=False)
    assert found.skipped["exception type is computed at run time"] == 0
    sys.path.insert(0, str(library()))
    try:
        tomlkit = importlib.import_module("tomlkit")
        for text in ("= 1", "a = 1\na = 2x", 'a = "x', "[a\nb = 1"):
            error = raised(lambda text=text: tomlkit.parse(text))
            path, line = ends_at(error)
            assert [
                s.signature
                for s in found.sites
                if path.endswith(s.path)
                and s.line == line
                and s.exception_type.endswith("." + type(error).__name__)
                and produces(s.signature, str(error))
            ], (text, str(error), path, line)
    finally:
        sys.path.remove(str(library()))


# --- a message chosen by key from a per-class table ------------------------------------------------------------


@pytest.fixture(scope="module")
def fields_like() -> Iterator[object]:
    sys.path.insert(0, str(TREE))
    try:
        yield importlib.import_module("fields_like.fields")
    finally:
        sys.path.remove(str(TREE))
        for name in [n for n in sys.modules if n == "fields_like" or n.startswith("fields_like.")]:
            del sys.modules[name]


def keyed_at(found: Scan, error: BaseException, text: str) -> list[str]:
    """The signatures recorded for this error at the line of fields.py that holds `text`."""
    return found_at(found, error, _fields_line(text), "fields.py")


def _fields_line(text: str) -> int:
    lines = (TREE / "fields_like" / "fields.py").read_text().splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def test_a_key_looked_up_in_the_class_s_own_table_is_the_class_s_message(fields_like, harvested):
    error = raised(lambda: fields_like.UUID().deserialize("nope"))
    assert str(error) == "Not a valid UUID."
    assert keyed_at(harvested, error, 'make_error("invalid_uuid")') == ["Not a valid UUID."]
    error = raised(lambda: fields_like.String().deserialize(3))
    assert keyed_at(harvested, error, 'make_error("invalid")') == ["Not a valid string."]


def test_each_subclass_running_a_base_method_gets_its_own_wording_of_the_key(fields_like, harvested):
    base = raised(lambda: fields_like.Field().deserialize(None))
    email = raised(lambda: fields_like.Email().deserialize(None))
    assert str(email) == "An email address is required."
    assert keyed_at(harvested, base, 'make_error("required")') == ["Missing data for required field."]
    assert keyed_at(harvested, email, 'make_error("required")') == ["An email address is required."]


def test_a_keyed_message_formatted_with_the_call_s_keywords(fields_like, harvested):
    error = raised(lambda: fields_like.Integer().deserialize(11))
    assert keyed_at(harvested, error, 'make_error("too_large"') == ["Number too large: {value}."]


def test_a_key_handed_to_a_raising_helper_is_raised_as_the_class_s_error_class_at_the_call_and_the_raise(
    fields_like, harvested
):
    error = raised(lambda: fields_like.Choice().deserialize("c"))
    assert type(error).__name__ == "ChoiceError"
    assert str(error) == "Not a valid choice: c."
    assert keyed_at(harvested, error, 'self.fail("invalid_choice"') == ["Not a valid choice: {choice}."]
    assert keyed_at(harvested, error, "raise self.error_class(") == ["Not a valid choice: {choice}."]
    # The raise in the handler of a missing key is fail()'s own, not the caller's message.
    at_call = [s for s in harvested.sites if s.line == _fields_line('self.fail("invalid_choice"')]
    assert {s.exception_type for s in at_call} == {"fields_like.fields.ChoiceError"}


# --- the classes the repository defines ------------------------------------------------------------------------


def test_a_class_no_raise_was_found_for_has_its_own_card_worded_by_its_init(harvested):
    cards = [(s.exception_type, s.message) for s in harvested.sites if s.path.endswith("exceptions.py")]
    assert cards == [
        ("toml_like.exceptions.MixedArrayTypesError", "Mixed types found in array at line {line} col {col}")
    ]


def test_a_class_raised_somewhere_is_found_through_its_raises_not_a_card_of_its_own(harvested):
    raised_types = {s.exception_type for s in harvested.sites if not s.path.endswith("exceptions.py")}
    assert "toml_like.exceptions.EmptyKeyError" in raised_types
    assert not [s for s in harvested.sites if s.class_card and s.exception_type in raised_types]
