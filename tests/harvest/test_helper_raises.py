"""Errors a helper makes, exception classes made at run time and messages built in a method (issue 14, items 2,
3 and 6): on code written for the tests, and on the real source of installed Django, Jinja2, click and
SQLAlchemy, whose errors the tests raise to compare with what harvest recorded."""

import functools
from pathlib import Path

import click
import django
import jinja2
import pytest
import sqlalchemy

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import Scan, scan
from kb.models import RaiseSite
from tests.harvest.test_messages import harvest_source


def sites(found: Scan, signature: str) -> list[tuple[str, str, str]]:
    """(type, path:line's function, path) of every site of one message, in the order harvest found them."""
    return [(s.exception_type, s.function, s.path) for s in found.sites if s.signature == signature]


def tail(type_name: str) -> str:
    return type_name.rsplit(".", 1)[-1]


@functools.cache
def installed(package, part: str = "") -> Scan:
    root = Path(package.__file__).parent
    name = package.__name__
    return scan(root / part, prefix=f"{name}/{part}".rstrip("/"), progress=False)


def recorded_for(found: Scan, error: BaseException, function: str) -> list[str]:
    """The signatures harvest recorded at `function` for this error's type (by its last component, as lookup
    compares a traceback's type) that produce the error's message."""
    return [
        s.signature
        for s in found.sites
        if s.function == function
        and tail(s.exception_type) == tail(type(error).__qualname__)
        and s.signature
        and produces(s.signature, str(error))
    ]


# --- helpers that raise the message they are handed ---------------------------------------------------------


def test_a_message_handed_to_a_raising_helper_is_an_entry_at_the_call_and_again_at_the_helper_s_raise(tmp_path):
    source = """
    class ParseError(Exception):
        pass

    class Parser:
        def _raise_invalid(self, msg, line):
            raise ParseError(msg, line)

        def parse(self, token):
            if not token:
                self._raise_invalid("Empty token on line %d" % token.line, token.line)
    """
    found = harvest_source(tmp_path, source)
    assert sites(found, "Empty token on line {line}") == [
        ("pkg.mod.ParseError", "Parser.parse", "pkg/mod.py"),
        ("pkg.mod.ParseError", "Parser._raise_invalid", "pkg/mod.py"),
    ]
    call, raised = [s for s in found.sites if s.signature]
    assert raised.snippet.splitlines()[raised.line - raised.snippet_start].strip() == "raise ParseError(msg, line)"
    assert call.key == raised.key  # one entry with both sites


def test_a_message_handed_on_through_two_helpers_is_raised_at_the_innermost_one(tmp_path):
    helpers = """
    class ConfigError(Exception):
        pass

    def _raise(message):
        raise ConfigError(message)

    def error(message):
        _raise(message)
    """
    source = """
    from .errors import error

    def load(name):
        msg = f"Unknown setting {name!r}"
        error(msg)
    """
    found = harvest_source(tmp_path, source, extra={"errors.py": helpers})
    assert sites(found, "Unknown setting {name}") == [
        ("pkg.errors.ConfigError", "load", "pkg/mod.py"),
        ("pkg.errors.ConfigError", "_raise", "pkg/errors.py"),
    ]


def test_a_helper_s_raise_is_one_site_of_a_message_however_many_calls_hand_it_over(tmp_path):
    source = """
    def fail(msg):
        raise ValueError(msg)

    def one():
        fail("Not allowed here")

    def two():
        fail("Not allowed here")
    """
    assert [f for _t, f, _p in sites(harvest_source(tmp_path, source), "Not allowed here")] == ["one", "fail", "two"]


def test_each_call_of_a_helper_gets_its_own_message_at_the_helper_s_raise(tmp_path):
    # The helper's body is read once for all its calls: each call's message is still its own.
    source = """
    class ParseError(Exception):
        pass

    def fail(msg, line):
        where = f"line {line}"
        raise ParseError(msg, where)

    def one(token):
        fail("Empty token", token.line)

    def two(token):
        fail("Token too long", token.line)
    """
    found = harvest_source(tmp_path, source)
    assert [f for _t, f, _p in sites(found, "Empty token")] == ["one", "fail"]
    assert [f for _t, f, _p in sites(found, "Token too long")] == ["two", "fail"]


def test_a_type_the_call_names_replaces_the_helper_s_default(tmp_path):
    source = """
    class SyntaxProblem(Exception):
        pass

    class AssertionProblem(SyntaxProblem):
        pass

    def error(msg, exc=SyntaxProblem):
        raise exc(msg)

    def check(node):
        error("Block defined twice", exc=AssertionProblem)
        error("Unexpected end of template")
    """
    found = harvest_source(tmp_path, source)
    assert {s.signature: s.exception_type for s in found.sites if s.signature} == {
        "Block defined twice": "pkg.mod.AssertionProblem",
        "Unexpected end of template": "pkg.mod.SyntaxProblem",
    }


def test_a_value_handed_to_a_helper_that_is_no_message_written_at_the_call_adds_nothing(tmp_path):
    source = """
    def fail(msg):
        raise ValueError(msg)

    def check(reason):
        fail(reason)

    def log(msg):
        print(msg)

    def other():
        log("Just a note")
    """
    found = harvest_source(tmp_path, source)
    assert [(s.function, s.signature) for s in found.sites] == [("fail", "")]


# --- helpers that build the exception and return it ---------------------------------------------------------


def test_raising_what_a_helper_builds_from_the_message_records_the_raise_with_the_helper_s_type(tmp_path):
    # Django's template Parser.error(token, e): TemplateSyntaxError(e) unless e is already an exception.
    source = """
    class TemplateSyntaxError(Exception):
        pass

    class Parser:
        def error(self, token, e):
            if not isinstance(e, Exception):
                e = TemplateSyntaxError(e)
            if not hasattr(e, "token"):
                e.token = token
            return e

        def parse(self, token):
            raise self.error(token, "Empty block tag on line %d" % token.lineno)
    """
    found = harvest_source(tmp_path, source)
    assert [(s.exception_type, s.signature, s.function) for s in found.sites] == [
        ("pkg.mod.TemplateSyntaxError", "Empty block tag on line {lineno}", "Parser.parse")
    ]


def test_raising_what_a_helper_words_itself_records_the_helper_s_wording_at_the_raise(tmp_path):
    # SQLAlchemy's `raise _no_kw()`, and a helper filling its wording with the call's argument.
    helpers = """
    class ArgumentError(Exception):
        pass

    def _no_kw():
        return ArgumentError("Additional keyword arguments are not accepted by this function.")

    def _bad_name(name):
        return ArgumentError(f"Unknown name {name}")
    """
    source = """
    from .errors import _bad_name, _no_kw

    def select(*entities, **kw):
        if kw:
            raise _no_kw()
        raise _bad_name("select")
    """
    found = harvest_source(tmp_path, source, extra={"errors.py": helpers})
    assert [(s.exception_type, s.signature, s.function) for s in found.sites] == [
        ("pkg.errors.ArgumentError", "Additional keyword arguments are not accepted by this function.", "select"),
        ("pkg.errors.ArgumentError", "Unknown name select", "select"),
    ]


# --- exception classes made at run time ---------------------------------------------------------------------


def test_per_model_exceptions_are_recorded_under_model_with_the_class_name_a_traceback_ends_with(tmp_path):
    source = """
    class QuerySet:
        def get(self):
            raise self.model.DoesNotExist("matching query does not exist.")

        def one(self):
            raise self.model.MultipleObjectsReturned("get() returned more than one")

    class RelatedManager:
        def remove(self, obj):
            raise self.field.remote_field.model.DoesNotExist(f"{obj} is not related.")
    """
    assert [s.exception_type for s in harvest_source(tmp_path, source).sites] == [
        "django.db.models.base.Model.DoesNotExist",
        "django.db.models.base.Model.MultipleObjectsReturned",
        "django.db.models.base.Model.DoesNotExist",
    ]


def test_an_exception_class_a_property_builds_with_type_is_nested_in_the_class_that_builds_it(tmp_path):
    source = """
    from functools import cached_property

    class ObjectDoesNotExist(Exception):
        pass

    class ForwardDescriptor:
        @cached_property
        def RelatedObjectDoesNotExist(self):
            return type("RelatedObjectDoesNotExist", (ObjectDoesNotExist, AttributeError), {})

        def __get__(self, instance, cls=None):
            raise self.RelatedObjectDoesNotExist(f"{self.field.model.__name__} has no {self.field.name}.")

    class OneToOneDescriptor(ForwardDescriptor):
        def check(self):
            raise self.RelatedObjectDoesNotExist("No related object.")
    """
    found = harvest_source(tmp_path, source).sites
    assert [(s.exception_type, s.signature) for s in found] == [
        ("pkg.mod.ForwardDescriptor.RelatedObjectDoesNotExist", "{model} has no {name}."),
        ("pkg.mod.ForwardDescriptor.RelatedObjectDoesNotExist", "No related object."),
    ]


def test_an_exception_class_set_on_the_instance_from_a_parameter_is_the_parameter_s_default(tmp_path):
    source = """
    class UndefinedError(Exception):
        pass

    class Undefined:
        def __init__(self, hint=None, exc=UndefinedError):
            self._undefined_exception = exc

        def fail(self):
            raise self._undefined_exception("Undefined value used")
    """
    [site] = harvest_source(tmp_path, source).sites
    assert (site.exception_type, site.signature) == ("pkg.mod.UndefinedError", "Undefined value used")


# --- messages built in a method -----------------------------------------------------------------------------


def test_a_message_a_property_builds_is_an_entry_per_wording_it_returns(tmp_path):
    source = """
    class UndefinedError(Exception):
        pass

    class Undefined:
        def __init__(self, hint=None, obj=None, name=None):
            self._undefined_hint = hint
            self._undefined_obj = obj
            self._undefined_name = name

        @property
        def _undefined_message(self):
            if self._undefined_hint:
                return self._undefined_hint
            if self._undefined_obj is None:
                return f"{self._undefined_name!r} is undefined"
            return f"{type(self._undefined_obj).__name__!r} has no attribute {self._undefined_name!r}"

        def _fail_with_undefined_error(self, *args):
            raise UndefinedError(self._undefined_message)
    """
    assert [s.signature for s in harvest_source(tmp_path, source).sites] == [
        "{undefined_name} is undefined",
        "{undefined_obj_type} has no attribute {undefined_name}",
    ]


def test_a_message_stored_on_the_instance_by_init_and_returned_by_str_is_read_as_init_words_it(tmp_path):
    source = """
    class PoolError(Exception):
        def __init__(self, pool, reason):
            self.message = f"{pool}: {reason} (pool exhausted)"

        def __str__(self):
            return self.message

    def get(pool):
        raise PoolError(pool, "No connection left")
    """
    [site] = [s for s in harvest_source(tmp_path, source).sites if s.function == "get"]
    assert (site.exception_type, site.signature) == ("pkg.mod.PoolError", "{pool}: No connection left (pool exhausted)")


def test_a_message_a_method_stores_on_the_instance_is_the_message_of_the_raise_that_reads_it(tmp_path):
    source = """
    class Checker:
        def check(self, value):
            self.problem = f"Value {value} is out of range"
            self.report()

        def report(self):
            raise ValueError(self.problem)
    """
    [site] = harvest_source(tmp_path, source).sites
    assert (site.function, site.signature) == ("Checker.report", "Value {value} is out of range")


# --- real packages: the errors they raise, and what harvest recorded ----------------------------------------


def test_django_s_related_object_does_not_exist_is_recorded_where_the_descriptor_raises_it():
    found = installed(django, "db/models")
    with pytest.raises(Exception) as caught:
        RaiseSite().entry  # noqa: B018 - a descriptor raises on a missing required relation
    error = caught.value
    assert type(error).__qualname__ == "RaiseSite.entry.RelatedObjectDoesNotExist"
    assert recorded_for(found, error, "ForwardManyToOneDescriptor.__get__") == ["{model} has no {name}."]


def test_django_s_does_not_exist_and_multiple_objects_returned_match_a_model_s_own_classes(db):
    found = installed(django, "db/models")
    with pytest.raises(RaiseSite.DoesNotExist) as caught:
        RaiseSite.objects.get(pk=-1)
    assert recorded_for(found, caught.value, "QuerySet.get") == ["{object_name} matching query does not exist."]
    [multiple] = [s for s in found.sites if s.function == "QuerySet.get" and "more than one" in s.signature]
    assert tail(multiple.exception_type) == tail(RaiseSite.MultipleObjectsReturned.__qualname__)


def test_django_s_template_parser_error_helper_gives_its_raises_an_entry_each():
    found = installed(django, "template")
    with pytest.raises(django.template.TemplateSyntaxError) as caught:
        django.template.Engine().from_string("{% nosuchtag %}")
    assert recorded_for(found, caught.value, "Parser.invalid_block_tag")


def test_jinja2_parser_fail_records_the_message_where_it_is_written_and_at_fail_s_raise():
    found = installed(jinja2)
    with pytest.raises(jinja2.TemplateSyntaxError) as caught:
        jinja2.Environment().from_string("{% %}")
    assert caught.value.message == "tag name expected"
    assert sites(found, "tag name expected") == [
        ("jinja2.exceptions.TemplateSyntaxError", "Parser.parse_statement", "jinja2/parser.py"),
        ("jinja2.exceptions.TemplateSyntaxError", "Parser.fail", "jinja2/parser.py"),
    ]


def test_jinja2_self_fail_given_a_class_by_keyword_records_that_class():
    # `self.fail("names starting with an underline ...", lineno, exc=TemplateAssertionError)`: not fail()'s default.
    found = installed(jinja2)
    with pytest.raises(jinja2.TemplateAssertionError) as caught:
        jinja2.Environment().from_string("{% from 'x' import _a %}")
    message = caught.value.message
    assert message == "names starting with an underline can not be imported"
    assert sites(found, message) == [
        ("jinja2.exceptions.TemplateAssertionError", "Parser.parse_from", "jinja2/parser.py"),
        ("jinja2.exceptions.TemplateAssertionError", "Parser.fail", "jinja2/parser.py"),
    ]


def test_jinja2_undefined_messages_built_in_a_property_are_recorded_at_the_raise():
    found = installed(jinja2)
    template = jinja2.Environment(undefined=jinja2.StrictUndefined).from_string("{{ missing + 1 }}")
    with pytest.raises(jinja2.UndefinedError) as caught:
        template.render()
    assert str(caught.value) == "'missing' is undefined"
    recorded = recorded_for(found, caught.value, "Undefined._fail_with_undefined_error")
    assert recorded == ["{undefined_name} is undefined"]


def test_click_param_type_fail_records_each_message_at_the_call_and_at_fail():
    found = installed(click)
    with pytest.raises(click.BadParameter) as caught:
        click.INT.convert("abc", None, None)
    message = caught.value.message
    [signature] = recorded_for(found, caught.value, "_NumberParamTypeBase.convert")
    assert produces(signature, message)
    assert [f for _t, f, _p in sites(found, signature)] == ["_NumberParamTypeBase.convert", "ParamType.fail"]


def test_sqlalchemy_raising_what_a_helper_builds_records_the_helper_s_wording_at_each_raise():
    found = installed(sqlalchemy)
    with pytest.raises(sqlalchemy.exc.ArgumentError) as caught:
        sqlalchemy.select(sqlalchemy.column("a"), bogus=True)
    assert recorded_for(found, caught.value, "select")
    sites_of_it = [f for t, f, _p in sites(found, recorded_for(found, caught.value, "select")[0])]
    assert {"select", "Query.with_entities", "Select.with_only_columns"} <= set(sites_of_it)
