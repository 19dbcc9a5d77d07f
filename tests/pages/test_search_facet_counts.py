"""A search's facet counts are kept per catalogue revision: a reader who chooses a facet has just seen the counts
that offered it, and at a million entries counting them again was a second search as long as the first."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kb.actions.writes import finish_write
from kb.pages.search import kept_facets
from kb.runtime.freshness import KeptPerRevision
from tests.factories import ErrorEntryFactory, RepositoryFactory


@pytest.fixture
def catalogue(db, settings) -> None:
    """The fixtures, searched with no throttle: a throttle count is shared once a second and at each new minute, so
    the queries a search makes would depend on how much time passed since the last one (on a busy machine, a second
    between two searches added 5 queries to the search that reused its counts)."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {}}
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def facets_and_queries(client, **params) -> tuple[dict, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/search/", params)
    assert response.status_code == 200
    return response.context["facets"], len(queries)


def by_repository(facets: dict) -> dict[str, int]:
    return {row["value"]: row["count"] for row in facets["repository"]}


def test_choosing_a_facet_reuses_the_counts_its_search_offered(client, catalogue):
    offered, _ = facets_and_queries(client, q="error")
    kept, queries_kept = facets_and_queries(client, q="error", repository="django/django")
    kept_facets.clear()
    counted, queries_counted = facets_and_queries(client, q="error", repository="django/django")
    assert kept == offered == counted
    assert queries_kept < queries_counted  # the search with no facet chosen was not run again


def test_a_write_to_the_catalogue_has_the_counts_counted_again(client, catalogue):
    before, _ = facets_and_queries(client, q="error")
    repository = RepositoryFactory(owner="acme", name="widgets")
    entry = ErrorEntryFactory(repository=repository, message="Widget error: the gear slipped", status="published")
    finish_write(entries=[entry])
    after, _ = facets_and_queries(client, q="error", repository="django/django")
    assert "acme/widgets" not in by_repository(before)
    assert by_repository(after)["acme/widgets"] == 1


def test_curators_and_readers_have_counts_of_their_own(client, admin_client, catalogue):
    ErrorEntryFactory(message="Draft error nobody has reviewed", status="draft")
    finish_write()
    reader, _ = facets_and_queries(client, q="error")
    curator, _ = facets_and_queries(admin_client, q="error")
    assert "status" not in reader and "draft" in {row["value"] for row in curator["status"]}


def test_the_least_recently_used_counts_go_first(db):
    kept = KeptPerRevision(size=2)
    built: list[str] = []

    def build(key: str):
        return lambda: built.append(key) or key.upper()

    for key in ("a", "b", "a", "c", "a", "b"):
        assert kept.get(key, build(key)) == key.upper()
    assert built == ["a", "b", "c", "b"]  # "b" was the least recently used when "c" came
