"""With a traceback, the raise in its innermost frame answers first; the wording's entry is attached to it."""

import io
import subprocess
import sys
import traceback

import pytest
from django.core.management import call_command

from errorkb.matching.rank import type_agreement
from kb.models import ErrorEntry, RaiseSite
from tests.factories import ErrorEntryFactory

LIBRARY = """
class Invalid(Exception):
    pass


def check_date(value):
    if "-" not in value:
        raise Invalid("Enter a valid date.")
    return value


def check_all(values):
    errors = []
    for value in values:
        try:
            check_date(value)
        except Invalid as exc:
            errors.append(str(exc))
    if errors:
        raise Invalid("; ".join(errors))


def load(value):
    try:
        return check_date(value)
    except Invalid as exc:
        raise RuntimeError(str(exc)) from exc


def width(value, handlers):
    if value < 0:
        raise ValueError("width must not be negative")
    # The class is the caller's: no harvest can know it (a table the module writes would be read, one entry each).
    raise handlers["odd" if value % 2 else "even"](value)


def parse_int(value):
    raise TypeError("value is not supported")


def parse_float(value):
    raise ValueError("value is not supported")
"""


def crash(root, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert "Traceback" in done.stderr, done.stderr
    return done.stderr


@pytest.fixture
def checks(db, git_repo):
    git_repo.write("checks/__init__.py", "")
    git_repo.write("checks/core.py", LIBRARY)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/checks", "--no-progress", stdout=io.StringIO())
    return git_repo.root


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def entry_raised_in(function: str) -> ErrorEntry:
    return RaiseSite.objects.get(function=function).entry


def test_an_error_that_collects_others_answers_with_its_own_raise_and_the_wording_attached(token_client, checks):
    matches = lookup(token_client, crash(checks, "from checks.core import check_all; check_all(['x'])"))

    assert matches[0]["sources"][0]["function"] == "check_all"
    assert matches[0]["raise_site"] is True
    assert matches[0]["message_from"]["id"] == entry_raised_in("check_date").public_id
    assert [m["id"] for m in matches].index(entry_raised_in("check_date").public_id) > 0


def test_an_error_raised_from_another_answers_with_the_wrapping_raise(token_client, checks):
    matches = lookup(token_client, crash(checks, "from checks.core import load; load('x')"))

    assert matches[0]["sources"][0]["function"] == "load"
    assert matches[0]["exception_type"] == "RuntimeError"
    assert matches[0]["message_from"]["message"] == "Enter a valid date."


def test_the_message_alone_still_finds_the_entry_of_its_wording(token_client, checks):
    matches = lookup(token_client, "checks.core.Invalid: Enter a valid date.")

    assert matches[0]["id"] == entry_raised_in("check_date").public_id
    assert matches[0]["raise_site"] is False


def test_a_raise_with_no_entry_answers_with_the_entries_of_its_function_flagged_as_not_the_same(token_client, checks):
    text = crash(checks, "from checks.core import width; width(3, {'odd': LookupError})")
    matches = lookup(token_client, text)

    assert matches, "a frame in a harvested repository always gets an answer"
    assert matches[0]["nearby"] == "function"
    assert matches[0]["sources"][0]["function"] == "width"
    assert "not the same raise" in matches[0]["why"][0]["detail"]


def test_of_one_wording_raised_with_two_types_the_pasted_type_decides(token_client, checks):
    as_type_error = lookup(token_client, "TypeError: value is not supported")
    as_value_error = lookup(token_client, "ValueError: value is not supported")

    assert as_type_error[0]["sources"][0]["function"] == "parse_int"
    assert as_value_error[0]["sources"][0]["function"] == "parse_float"


def _real_traceback(call) -> tuple[str, traceback.FrameSummary]:
    try:
        call()
    except Exception as exc:
        return "".join(traceback.format_exception(exc)), traceback.extract_tb(exc.__traceback__)[-1]
    raise AssertionError("it did not raise")


@pytest.mark.parametrize(
    "entry_type", ["RelatedObjectDoesNotExist", "django.db.models.fields.related_descriptors.RelatedObjectDoesNotExist"]
)
def test_a_class_made_per_model_is_matched_by_its_last_name_and_the_frame(token_client, db, entry_type):
    text, raised = _real_traceback(lambda: RaiseSite().entry)  # Django makes RaiseSite.entry.RelatedObjectDoesNotExist
    path = "django/" + raised.filename.replace("\\", "/").rsplit("/django/", 1)[1]
    entry = ErrorEntryFactory(
        exception_type=entry_type,
        message="RaiseSite has no entry.",
        signature="{} has no {}.",
        sites=[{"path": path, "line": raised.lineno, "function": f"ForwardManyToOneDescriptor.{raised.name}"}],
    )

    matches = lookup(token_client, text)

    assert "RaiseSite.entry.RelatedObjectDoesNotExist" in text
    assert matches[0]["id"] == entry.public_id
    assert any(reason["kind"] == "exception_type" for reason in matches[0]["why"])


def test_a_nested_class_name_agrees_only_with_the_same_last_name():
    assert type_agreement("shop.models.Book.DoesNotExist", "django.core.exceptions.DoesNotExist") == 1
    assert type_agreement("shop.models.Book.DoesNotExist", "django.core.exceptions.ObjectDoesNotExist") == -1
    assert type_agreement("shop.errors.DoesNotExist", "django.core.exceptions.DoesNotExist") == -1


def test_each_match_carries_title_summary_first_solution_and_review_state(token_client, db):
    entry = ErrorEntryFactory(meaning="The widget was sized below zero. It cannot be drawn.")
    entry.solutions.create(body="Pass a positive size.")

    best = lookup(token_client, entry.message)[0]

    assert best["title"] == entry.title
    assert best["summary"] == "The widget was sized below zero."
    assert best["first_solution"] == "Pass a positive size."
    assert best["review_state"] == entry.review_state
