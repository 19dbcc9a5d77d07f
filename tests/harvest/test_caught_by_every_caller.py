"""An error every caller catches (review round 4, card 15): the card says what the caller does instead, never
that the caller raises it, and says nothing when a handler does more than one plain thing."""

from pathlib import Path

import django

from tests.harvest.published import django_files, harvest_published
from tests.harvest.reach_sources import django_sites, site

DJANGO = Path(django.__file__).parent


def test_the_csrf_check_records_that_process_view_returns_a_rejection_instead():
    found = site(django_sites(), "CSRF cookie not set.", "CsrfViewMiddleware._check_token")
    assert found.evidence["entry_points"] == [] and found.evidence["callers"] == []
    [row] = found.evidence["handled_by"]
    assert row["function"] == "CsrfViewMiddleware.process_view"
    assert (row["does"], row["code"]) == ("return", "self._reject(request, exc.reason)")
    assert row["uses_error"]  # `exc.reason` goes on into the 403 page


def test_an_error_some_caller_lets_out_records_no_handler():
    # `Field.clean()` lets `to_python()`'s ValidationError out; `has_changed()` catches it: nothing is said.
    found = [s for s in django_sites() if s.path == "django/forms/fields.py" and s.function.endswith(".to_python")]
    assert found and not any(s.evidence.get("handled_by") for s in found)


def test_the_csrf_card_says_its_only_caller_catches_it_without_naming_internals(db, git_repo):
    meaning = harvest_published(git_repo, django_files("middleware/csrf.py"))["CSRF cookie not set."].generated[
        "meaning"
    ]
    # Round 23's cards 09 and 12: "the error goes no further" was false, its reason is the 403 page's.
    assert meaning.startswith(
        "Its only caller, `CsrfViewMiddleware.process_view()`, catches it and returns what it makes of the error "
        "instead of raising it."
    )
    assert "goes no further" not in meaning
    assert "raises this" not in meaning
    assert "A comment beside it in the code says: “No CSRF cookie\\. For POST requests, we insist" in meaning


def test_a_template_filter_s_private_lookup_says_both_filters_return_an_empty_string(db, git_repo):
    cards = harvest_published(git_repo, django_files("template/defaultfilters.py"))
    meaning = cards["Access to private variables is forbidden."].generated["meaning"]
    assert "Every caller catches it: `dictsort()` returns `''` instead; `dictsortreversed()` returns `''`" in meaning
