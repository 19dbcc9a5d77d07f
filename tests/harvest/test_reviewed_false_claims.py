"""The kinds of false claim rounds 10 to 14 of the reader's review found (docs/card-review.md), each on code of its
shape: a type-only test taken for a raise further down that an unread raise of the same type may have beaten; "every
time it is called" above a raise that a `return` in a loop can skip; a solution that drops a test of the `if`/`elif`
chain; a WSGI environ taken for the process environment; an entry point whose call comes after it left on the very
value the raise needs (round 11); an early return on the tested name left out of the condition (round 12); an
entry point that hands on a value already used as what the raise's type test excludes (round 14)."""

import ast
from pathlib import Path

from django.core.management.commands import loaddata
from django.db.models import base
from rest_framework import negotiation

from tests.harvest.published import DJANGO, django_files, harvest_published
from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

GEO = """
class GeoError(Exception):
    pass


def check(code):
    if code:
        raise ERRORS[code](f"Error {code}")  # the type is read from a table: not harvested


class Reference:
    def __init__(self, text):
        self.load(text)

    def load(self, text):
        if text.startswith("dict:"):
            raise GeoError("Dictionaries are not supported.")
        check(native_load(text))

    def transform(self, other):
        if other is None:
            raise GeoError("Nothing to transform to.")
"""

GEO_TESTS = """
from unittest import TestCase

from geo.core import GeoError, Reference


class ReferenceTests(TestCase):
    def test_no_file_access(self):
        with self.assertRaises(GeoError):
            Reference("/etc/cities.prj")
"""


def test_a_type_only_test_further_down_triggers_nothing(git_repo) -> None:
    evidence = package_evidence(git_repo, "geo", GEO, GEO_TESTS)
    assert triggering(evidence, "Dictionaries are not supported.") == []


def test_a_raise_after_a_loop_that_returns_is_not_met_on_every_call(db, git_repo) -> None:
    files = {"rest_framework/negotiation.py": Path(negotiation.__file__)}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    [card] = [e.generated for e in cards.values() if e.exception_type.endswith("NotAcceptable")]
    assert "every time" not in card.get("meaning", "") + card.get("trigger", "")


MODES = """
from django.conf import settings


def connect():
    if settings.TRANSPORT == "http":
        return "plain"
    elif settings.TRANSPORT == "https":
        return "tls"
    else:
        raise ValueError("Unknown transport in the settings.")
"""


def test_a_solution_says_every_test_of_the_chain(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"transport/connect.py": MODES}, repo="example/transport")
    [solution] = cards["Unknown transport in the settings."].generated["solutions"]
    assert "is not `'http'`" in solution and "is not `'https'`" in solution


WSGI = """
def app(environ, start_response):
    if environ["wsgi.url_scheme"] not in ("http", "https"):
        raise ValueError("Unknown scheme in the request.")
"""


def test_a_wsgi_environ_is_no_environment_variable(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"wsgiapp/app.py": WSGI}, repo="example/wsgiapp")
    scheme = "\n".join(str(v) for v in cards["Unknown scheme in the request."].generated.values())
    assert "environment variable" not in scheme


SCHEMES = """
def register_scheme(text, uses_netloc=None):
    if uses_netloc is True:
        SCHEMES[text] = True
    elif uses_netloc is False:
        PLAIN.add(text)
    elif uses_netloc is not None:
        raise ValueError("uses_netloc expected True, False, or None")


def port(number=None):
    if number is None:
        raise ValueError("A port is needed.")
    elif number != 80:
        raise ValueError("Only port 80 is served.")
"""


def test_a_solution_names_every_value_of_the_chain_that_avoids_the_error(db, git_repo) -> None:
    # Round 11's card 22: "Pass `None` as `uses_netloc`" alone registers nothing; `True` and `False` avoid it too.
    cards = harvest_published(git_repo, {"urls/schemes.py": SCHEMES}, repo="example/urls")
    assert cards["uses_netloc expected True, False, or None"].generated["solutions"][-1] == (
        "Pass `True`, `False` or `None` as `uses_netloc` to `register_scheme()`."
    )
    # `None` takes the branch that raises the other error: only `80` avoids this one.
    assert "`None`" not in "\n".join(cards["Only port 80 is served."].generated.get("solutions", []))


def test_a_caller_that_leaves_on_the_value_the_raise_needs_is_no_way_to_it(db, git_repo) -> None:
    # Round 11's card 13: `find_fixtures` returns on "-" before it calls `parse_name`, whose raise needs "-".
    files = {"django/core/management/commands/loaddata.py": Path(loaddata.__file__)}
    cards = harvest_published(git_repo, files)
    card = cards["--format must be specified when reading from stdin."].generated
    assert "find_fixtures" not in "\n".join(str(value) for value in card.values())


def test_an_early_return_on_the_tested_name_is_part_of_the_condition(db, git_repo) -> None:
    # Round 12's card 06: `if force_insert is False: return ()` and `if force_insert is True: return (cls,)` come
    # before `if not isinstance(force_insert, tuple): raise TypeError(...)`; "not a tuple" alone claims `False`
    # raises, the default of every `obj.save()`.
    cards = harvest_published(git_repo, {"django/db/models/base.py": Path(base.__file__)})
    meaning = cards["force_insert must be a bool or tuple."].generated["meaning"]
    assert (
        "the `force_insert` argument is not an instance of `tuple` and the `force_insert` argument is not `False`"
        in (meaning)
    )


def test_a_caller_that_uses_its_argument_as_a_dict_is_no_way_to_a_raise_that_needs_bytes(db, git_repo) -> None:
    # Round 14's card 03: `warp(ds_input)` calls `ds_input.setdefault(...)` (no `bytes` has it) before
    # `GDALRaster(ds_input, write=True)`, whose raise is in the `isinstance(ds_input, bytes)` branch.
    cards = harvest_published(git_repo, django_files("contrib/gis/gdal/raster/source.py"))
    [site] = cards["Failed creating VSI raster from the input buffer."].sites.all()
    entry_points = [row["function"] for row in site.evidence["entry_points"]]
    assert "GDALRaster" in entry_points and "GDALRaster.warp" not in entry_points


def test_a_raise_past_a_call_to_a_method_left_to_subclasses_needs_that_override(db, git_repo) -> None:
    # Round 15's card 07: `FieldCacheMixin.cache_name` calls `self.get_cache_name()`, which only raises
    # `NotImplementedError`, before it warns: "Reading ... issues this, every time" was false.
    cards = harvest_published(git_repo, django_files("db/models/fields/mixins.py"))
    card = cards["Override {class_name}.cache_name instead of get_cache_name()."].generated
    assert card["meaning"] == (
        "Reading `FieldCacheMixin.cache_name` issues this when the object's class defines its own `get_cache_name()`"
        " (`FieldCacheMixin.get_cache_name()` raises `NotImplementedError`)."
    )
    assert "every time" not in card["trigger"]


CACHED = """
from functools import cached_property


class Sheet:
    @cached_property
    def legacy_rows(self):
        raise DeprecationWarning("Sheet.legacy_rows is gone; read Sheet.rows.")
"""


def test_a_cached_propertys_raise_is_said_once_per_object(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"sheets/__init__.py": "", "sheets/core.py": CACHED}, repo="acme/sheets")
    card = cards["Sheet.legacy_rows is gone; read Sheet.rows."].generated
    assert card["meaning"] == (
        "Reading `Sheet.legacy_rows` raises this, the first time on each object (a cached property)."
    )


def test_a_caller_passing_a_literal_that_fails_the_raises_test_is_no_way_to_it(db, git_repo) -> None:
    # Round 15 (AI-assisted), card 08: `StateApps.__init__` calls `ModelState.from_model(model, exclude_rels=True)`,
    # and the raise sits under `if not exclude_rels:`; `ProjectState.from_apps` passes the default and reaches it.
    cards = harvest_published(git_repo, django_files("db/migrations/state.py"))
    [card] = [card for message, card in cards.items() if message.startswith("Couldn't reconstruct m2m field")]
    [site] = card.sites.all()
    callers = [row["function"] for row in site.evidence["callers"] if row["level"] == 1]
    assert "ProjectState.from_apps" in callers and "StateApps.__init__" not in callers


def test_a_parameter_given_a_new_value_is_not_the_argument_in_the_tests_after(db, git_repo) -> None:
    # Round 16's card 13: `if output_field is None: output_field = self.target_field` then `while
    # isinstance(output_field, ForeignKey)`: "the `output_field` argument is an instance of `ForeignKey`" was false.
    cards = harvest_published(git_repo, django_files("db/models/fields/related.py"))
    trigger = cards["Cannot resolve output_field."].generated["trigger"]
    assert "the `output_field` argument is `None` (line" in trigger
    assert "the `output_field` argument is an instance" not in trigger


def test_an_exit_between_the_deciding_test_and_the_raise_is_an_earlier_exit(db, git_repo) -> None:
    # Round 17's card 10: `Field.validate` returns in its loop over the choices for every valid one, after the test
    # `if self.choices is not None and value not in self.empty_values:` and before the raise; only line 805 was said.
    source = (DJANGO / "db/models/fields/__init__.py").read_text()
    validate = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and node.name == "Field"
        for node in node.body
        if isinstance(node, ast.FunctionDef) and node.name == "validate"
    )
    raised = next(node.lineno for node in ast.walk(validate) if isinstance(node, ast.Raise))
    returns = {node.lineno for node in ast.walk(validate) if isinstance(node, ast.Return) and node.lineno < raised}
    cards = harvest_published(git_repo, django_files("db/models/fields/__init__.py"))
    [site] = [s for s in cards["Value {value} is not a valid choice."].sites.all() if s.line == raised]
    assert returns <= set(site.evidence["exits_above"]) and len(returns) >= 3


def test_a_local_changed_in_place_before_the_test_is_not_said_as_its_definition(db, git_repo) -> None:
    # Round 19's card 13: `BaseEngine.__init__` (django/template/backends/base.py:17-21, 5.2.19) sets
    # `params = params.copy()`, pops `NAME`, `DIRS` and `APP_DIRS` from it, then tests `if params:`; "`params` is
    # `params.copy()`" was false there.
    cards = harvest_published(git_repo, django_files("template/backends/base.py"))
    card = cards["Unknown parameters: {params}"].generated
    said = card.get("meaning", "") + card.get("trigger", "")
    assert "params.copy()" not in said
    assert "`BaseEngine()`" in card["meaning"]


def test_a_caller_handing_on_a_value_of_a_type_the_isinstance_test_refuses_is_no_way_to_it(db, git_repo) -> None:
    # Round 19's card 15: `EmailMessage.attach_file()` calls `self.attach(path.name, content, mimetype)` with
    # `path = Path(path)` (django/core/mail/message.py:349-363, 5.2.19): a `str`, never the `MIMEBase` that the
    # raise under `if isinstance(filename, MIMEBase):` needs; `attach()` itself still reaches it.
    cards = harvest_published(git_repo, django_files("core/mail/message.py"))
    card = cards["content and mimetype must not be given when a MIMEBase instance is provided."]
    [site] = card.sites.all()
    reached = [row["function"] for row in site.evidence["entry_points"]]
    callers = [row["function"] for row in site.evidence.get("callers", []) if row["level"] == 1]
    assert "EmailMessage.attach" in reached
    assert "EmailMessage.attach_file" not in reached + callers
    assert "attach_file" not in card.generated.get("situations", "")
