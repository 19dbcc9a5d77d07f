"""Browsing: /repos/ counts each repository's errors (reviewed or not); a repository's page lists them by module
and exception type, a page at a time, filtered by review state."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kb.models import ErrorEntry
from kb.pages.browse import module_of
from kb.pages.views import REPOSITORY_PAGE_SIZE
from tests.factories import ErrorEntryFactory, RepositoryFactory

PAGE = "/repos/acme/widgets/"
GENERATED, REVIEWED = ErrorEntry.Review.GENERATED, ErrorEntry.Review.REVIEWED


def add(repository, *, path: str | None, exception_type: str = "ValueError", review=REVIEWED, **fields) -> ErrorEntry:
    sites = [{"path": path, "function": "f"}] if path else []
    return ErrorEntryFactory(
        repository=repository, exception_type=exception_type, review_state=review, sites=sites, **fields
    )


@pytest.fixture
def repository(db):
    return RepositoryFactory(owner="acme", name="widgets")


def headings(html: str, level: int) -> list[str]:
    return re.findall(rf"<h{level}><code>([^<]*)</code></h{level}>", html)


@pytest.mark.parametrize(
    ("path", "module"),
    [
        ("django/db/models/query.py", "django.db.models.query"),
        ("django/db/models/__init__.py", "django.db.models"),
        ("setup.py", "setup"),
        ("widgets/my__init__.py", "widgets.my__init__"),
        ("docs/conf.txt", "docs/conf.txt"),
        (None, "(no source)"),
    ],
)
def test_a_sites_path_names_its_module(path, module):
    assert module_of(path) == module


def test_the_index_counts_each_repositorys_errors_reviewed_and_not(client, repository):
    add(repository, path="widgets/core.py")
    add(repository, path="widgets/core.py", review=GENERATED)
    add(repository, path="widgets/core.py", review=ErrorEntry.Review.AI_ASSISTED)
    add(repository, path="widgets/core.py", review=GENERATED, status="draft")  # not the public's to count
    html = client.get("/repos/").content.decode()
    assert '<a href="/repos/acme/widgets/">acme/widgets</a> <span class="muted">3 errors</span>' in html
    assert ">1 reviewed</a> · 2 not yet reviewed" in html


def test_errors_are_grouped_by_module_then_type_and_entries_without_sites_come_last(client, repository):
    add(repository, path=None, exception_type="KeyError")
    add(repository, path="widgets/io/__init__.py", exception_type="OSError")
    add(repository, path="widgets/core.py", exception_type="ValueError")
    add(repository, path="widgets/core.py", exception_type="TypeError")
    html = client.get(PAGE).content.decode()
    assert headings(html, 2) == ["widgets.core", "widgets.io", "(no source)"]
    assert headings(html, 3) == ["TypeError", "ValueError", "OSError", "KeyError"]


def test_the_filter_by_review_state_lists_only_that_state(client, repository):
    reviewed = add(repository, path="widgets/core.py")
    generated = add(repository, path="widgets/core.py", review=GENERATED)
    html = client.get(PAGE, {"review": "generated"}).content.decode()
    assert generated.get_absolute_url() in html and reviewed.get_absolute_url() not in html
    assert "not yet reviewed" in html
    assert '<strong aria-current="page">generated from code</strong>' in html
    assert reviewed.get_absolute_url() in client.get(PAGE, {"review": "reviewed"}).content.decode()


def test_an_unknown_review_state_is_a_400_that_names_the_choices(client, repository):
    add(repository, path="widgets/core.py")
    response = client.get(PAGE, {"review": "<b>approved</b>" + "x" * 10_000})
    html = response.content.decode()
    assert response.status_code == 400
    assert "There is no review state “&lt;b&gt;approved&lt;/b&gt;xx" in html and "<b>approved" not in html
    assert all(f'<a href="?review={value}">{value}</a>' in html for value in ("generated", "ai-assisted", "reviewed"))


def test_pages_keep_the_filter_in_their_links(client, repository):
    for n in range(REPOSITORY_PAGE_SIZE + 1):
        add(repository, path=f"widgets/m{n:03}.py", review=GENERATED)
    add(repository, path="widgets/zzz.py")  # reviewed: filtered out, so there are exactly two pages
    first = client.get(PAGE, {"review": "generated"}).content.decode()
    assert '<a rel="next" href="?review=generated&amp;page=2">' in first
    second = client.get(PAGE, {"review": "generated", "page": "2"}).content.decode()
    assert '<a rel="prev" href="?review=generated&amp;page=1">' in second
    assert headings(second, 2) == [f"widgets.m{REPOSITORY_PAGE_SIZE:03}"]
    assert client.get(PAGE, {"review": "generated", "page": "3"}).status_code == 404


def test_the_page_takes_as_many_queries_for_many_entries_as_for_one(client, repository):
    add(repository, path="widgets/a.py")
    with CaptureQueriesContext(connection) as one:
        client.get(PAGE)
    for n in range(20):
        add(repository, path=f"widgets/b{n}.py", review=GENERATED)
    with CaptureQueriesContext(connection) as many:
        html = client.get(PAGE).content.decode()
    assert len(headings(html, 2)) == 21
    assert len(many) == len(one)
