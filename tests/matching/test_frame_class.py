"""A traceback's frame names a method without its class: the harvested sites on its line say which class's it is."""

import inspect
import io
import subprocess
import sys
import traceback

import pytest
from django import forms
from django.core.management import call_command

from kb.models import RaiseSite
from tests.factories import ErrorEntryFactory

LIBRARY = """
class Invalid(Exception):
    pass


class Validator:
    message = "Enter a valid value."

    def __call__(self, value):
        if not value.isalpha():
            raise Invalid(self.message)


class UrlValidator(Validator):
    message = "Enter a valid URL."

    def __call__(self, value):
        if "://" not in value:
            raise Invalid(self.message)
        super().__call__(value.replace("://", ""))
"""


@pytest.fixture
def checks(db, git_repo):
    git_repo.write("checks/__init__.py", "")
    git_repo.write("checks/core.py", LIBRARY)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/checks", "--no-progress", stdout=io.StringIO())
    return git_repo.root


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def functions(match: dict) -> set[str]:
    return {source["function"] for source in match["sources"]}


def test_a_subclass_wording_raised_by_the_base_class_method_answers_with_its_entry_standing_on_that_raise(
    token_client, checks
):
    # UrlValidator calls super().__call__(): harvest gives its wording the base class's raise as a site too.
    done = subprocess.run(
        [sys.executable, "-c", "from checks.core import UrlValidator; UrlValidator()('http://1')"],
        cwd=checks,
        capture_output=True,
        text=True,
    )
    assert done.stderr.rstrip().endswith("Enter a valid URL."), done.stderr

    matches = lookup(token_client, done.stderr)

    assert matches[0]["message"] == "Enter a valid URL."
    assert matches[0]["sources"][0]["function"] == "Validator.__call__"
    assert not matches[0].get("message_from")


def test_the_message_alone_finds_the_subclass_wording_with_both_its_raises(token_client, checks):
    matches = lookup(token_client, "checks.core.Invalid: Enter a valid URL.")

    assert matches[0]["message"] == "Enter a valid URL."
    assert functions(matches[0]) == {"UrlValidator.__call__", "Validator.__call__"}


def test_a_real_django_form_field_error_raised_by_its_base_class_answers_with_that_raise(token_client, db):
    try:
        forms.DateTimeField().clean("not a date")
    except Exception as exc:
        text, raised = "".join(traceback.format_exception(exc)), traceback.extract_tb(exc.__traceback__)[-1]
    path = "django/" + raised.filename.replace("\\", "/").rsplit("/django/", 1)[1]
    _lines, subclass_line = inspect.getsourcelines(forms.DateTimeField.to_python)
    wording = ErrorEntryFactory(
        exception_type="django.core.exceptions.ValidationError",
        message="Enter a valid date/time.",
        signature="Enter a valid date/time.",
        sites=[{"path": path, "line": subclass_line + 1, "function": "DateTimeField.to_python"}],
    )
    base = ErrorEntryFactory(
        exception_type="django.core.exceptions.ValidationError",
        message="",
        signature="",
        sites=[{"path": path, "line": raised.lineno, "function": "BaseTemporalField.to_python"}],
    )

    matches = lookup(token_client, text)

    assert raised.name == "to_python" and raised.lineno != subclass_line + 1
    assert matches[0]["id"] == base.public_id
    assert matches[0]["message_from"]["id"] == wording.public_id
    assert RaiseSite.objects.filter(entry=base).get().function.startswith("BaseTemporalField")
