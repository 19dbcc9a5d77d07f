"""A property is read, not called: a raise in a `@property` or a `@cached_property` (functools' or Django's) has that
property as its entry point of kind "property", shown as "reading `Command.gettext_version`", never as the call
`Command.gettext_version()` (round 26's AI-assisted card: the evidence said "method", and the model wrote the
command's way in as that call). A property's deleter is an entry point of kind "deleter"."""

from kb.analysis.prompt import SYSTEM
from kb.cards.reader import EntryPoint
from tests.harvest.published import harvest_published

# Django 5.2.19, reduced: django/core/management/commands/makemessages.py:1-30 (imports), 199-216 and 465-477.
# Nothing in makemessages.py reads `gettext_version`: only the test reads it (`cmd.gettext_version`,
# tests/i18n/test_extraction.py:532-564), so the evidence shows no way from `handle()` to the raise.
MAKEMESSAGES = """
import re

from django.core.management.base import BaseCommand, CommandError
from django.core.management.utils import popen_wrapper
from django.utils.functional import cached_property

DEFAULT_LOCALE_ENCODING = "utf-8"


class Command(BaseCommand):
    help = "Runs over the entire source tree and pulls out all strings marked for translation."

    def handle(self, *args, **options):
        self.verbosity = options["verbosity"]

    @cached_property
    def gettext_version(self):
        # Gettext tools will output system-encoded bytestrings instead of UTF-8,
        # when looking up the version. It's especially a problem on Windows.
        out, err, status = popen_wrapper(
            ["xgettext", "--version"],
            stdout_encoding=DEFAULT_LOCALE_ENCODING,
        )
        m = re.search(r"(\\d+)\\.(\\d+)\\.?(\\d+)?", out)
        if m:
            return tuple(int(d) for d in m.groups() if d is not None)
        else:
            raise CommandError("Unable to get gettext version. Is it installed?")
"""
# django/http/request.py:376-381 (5.2.19, `HttpRequest.body`), reduced; stack_data 0.6's core.py:103-110
# (`Source.tokens_by_lineno`, under its own copy of `functools.cached_property`, written here as functools'); DRF
# 3.18.3's rest_framework/schemas/inspectors.py:55-70 (`ViewInspector.view`), with a raise put in its deleter: no
# deleter of Django or DRF raises.
READ = """
import functools


class RawPostDataException(Exception):
    pass


class HttpRequest:
    @property
    def body(self):
        if not hasattr(self, "_body"):
            if self._read_started:
                raise RawPostDataException("You cannot access body after reading from request's data stream")
            self._body = self.read()
        return self._body


class Source:
    @functools.cached_property
    def tokens_by_lineno(self):
        if not self.tree:
            raise AttributeError("This file doesn't contain valid Python, so .tokens_by_lineno doesn't exist")
        return group_by_key_func(self.asttokens().tokens, lambda tok: tok.start[0])


class ViewInspector:
    @property
    def view(self):
        return self._view

    @view.setter
    def view(self, value):
        self._view = value

    @view.deleter
    def view(self):
        if self._view is None:
            raise ValueError("There is no view to delete.")
        self._view = None
"""

# django/forms/formsets.py:272-281 (5.2.19): a property with a docstring.
FORMSETS = """
class BaseFormSet:
    @property
    def cleaned_data(self):
        \"\"\"
        Return a list of form.cleaned_data dicts for every form in self.forms.
        \"\"\"
        if not self.is_valid():
            raise AttributeError(
                "'%s' object has no attribute 'cleaned_data'" % self.__class__.__name__
            )
        return [form.cleaned_data for form in self.forms]
"""


def _entry_points(card) -> list[dict]:
    return [row for site in card.sites.all() for row in site.evidence["entry_points"]]


def test_a_cached_property_is_an_entry_point_read_not_called(db, git_repo) -> None:
    files = {"django/__init__.py": "", "django/core/management/commands/makemessages.py": MAKEMESSAGES}
    cards = harvest_published(git_repo, files)
    card = cards["Unable to get gettext version. Is it installed?"]
    [row] = _entry_points(card)
    assert (row["function"], row["kind"]) == ("Command.gettext_version", "property")
    shown = " ".join(str(text) for text in card.generated.values())
    assert "`Command.gettext_version()`" not in shown
    # Said by what `out` is (`out, err, status = popen_wrapper(...)`): the read, then the test.
    assert card.generated["meaning"].startswith(
        "Reading `Command.gettext_version` raises this when the first item of what `popen_wrapper("
    )


def test_functools_cached_property_a_property_and_a_deleter_are_read_or_deleted(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"lib/__init__.py": "", "lib/read.py": READ}, repo="example/lib")
    kinds = {
        message: [(row["function"], row["kind"]) for row in _entry_points(card)] for message, card in cards.items()
    }
    assert kinds == {
        "You cannot access body after reading from request's data stream": [("HttpRequest.body", "property")],
        "This file doesn't contain valid Python, so .tokens_by_lineno doesn't exist": [
            ("Source.tokens_by_lineno", "property")
        ],
        "There is no view to delete.": [("ViewInspector.view", "deleter")],
    }
    for card in cards.values():
        assert "()`" not in str(card.generated)  # none is written as a call


def test_a_property_s_docstring_is_quoted_as_the_attribute_s(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/__init__.py": "", "django/forms/formsets.py": FORMSETS})
    [card] = cards.values()
    assert card.generated["meaning"].startswith(
        "Reading `BaseFormSet.cleaned_data` raises this. `BaseFormSet.cleaned_data` is documented as: “Return a list"
    )


def test_an_entry_point_read_or_deleted_is_shown_so() -> None:
    assert EntryPoint("Command.gettext_version", kind="property").shown() == "reading `Command.gettext_version`"
    assert EntryPoint("ViewInspector.view", kind="deleter").shown() == "deleting `ViewInspector.view`"


def test_the_request_tells_the_model_a_property_is_read_not_called() -> None:
    assert '"property"' in SYSTEM and "never write one as a call" in SYSTEM
