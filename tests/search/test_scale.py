"""Search at scale, on PostgreSQL as the suite runs: constant queries whatever the catalogue's size, counts capped
(and said to be), and ranking still right among the capped candidates."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kb.pages.search import kept_facets
from tests.factories import ErrorEntryFactory, RepositoryFactory

CAP = 5


@pytest.fixture(autouse=True)
def small_cap_and_local_cache(settings) -> None:
    settings.SEARCH_CANDIDATES = CAP
    # The throttles count in the cache; a database cache would add its own queries, and cull now and then.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def widgets(count: int, **fields) -> None:
    repository = RepositoryFactory()
    for n in range(count):
        ErrorEntryFactory(repository=repository, message=f"Widget {n} must be positive", **fields)


def api_search(client, **params) -> dict:
    response = client.get("/api/errors", params)
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize("catalogue", [2, 12])
def test_an_api_search_makes_three_queries_however_many_entries_match(
    client, db, django_assert_num_queries, catalogue
) -> None:
    widgets(catalogue)
    # The vocabulary's corrections, the ranked candidates (counted as they come), the page's entries.
    with django_assert_num_queries(3):
        api_search(client, search="widget positive")


@pytest.mark.parametrize("catalogue", [2, 12])
def test_the_search_page_makes_the_same_queries_however_many_entries_match(
    client, db, django_assert_num_queries, production_intervals, catalogue
) -> None:
    widgets(catalogue)
    production_intervals.now += 1.0
    client.get("/search/", {"q": "widget"})  # the catalogue's revision read for this second
    kept_facets.clear()
    # Corrections, ranked candidates (with what the facets count), the page's entries, the repositories' names.
    with django_assert_num_queries(4):
        assert client.get("/search/", {"q": "widget positive"}).status_code == 200


def test_an_api_search_beyond_the_cap_says_its_count_is_capped(client, db) -> None:
    widgets(CAP + 3)
    found = api_search(client, search="widget")
    assert (found["count"], found["count_capped"]) == (CAP, True)


def test_an_api_search_within_the_cap_gives_its_exact_count(client, db) -> None:
    widgets(CAP - 1)
    found = api_search(client, search="widget")
    assert (found["count"], found["count_capped"]) == (CAP - 1, False)


def test_the_search_page_says_more_than_the_cap(client, db) -> None:
    widgets(CAP + 3)
    response = client.get("/search/", {"q": "widget"})
    assert f"More than {CAP} results" in response.content.decode()
    assert len(response.context["hits"]) == CAP


def test_a_rare_word_is_ranked_among_all_its_matches_when_a_common_word_has_too_many(client, db) -> None:
    widgets(CAP * 3)
    best = ErrorEntryFactory(message="Sprocket must be positive")  # the older: recency does not put it first
    ErrorEntryFactory(message="Widget must be positive", meaning="Seen with a sprocket.")
    found = api_search(client, search="sprocket")
    assert (found["count"], found["count_capped"]) == (2, False)
    assert found["results"][0]["id"] == best.public_id


def test_a_facet_narrows_before_the_cap(client, db) -> None:
    widgets(CAP * 3)
    other = RepositoryFactory(owner="acme", name="gears")
    ErrorEntryFactory(repository=other, message="Widget gear must be positive")
    found = api_search(client, search="widget", repository="acme/gears")
    assert [r["repository"] for r in found["results"]] == ["acme/gears"]


def test_a_plain_listing_s_count_is_capped_too(client, db, settings) -> None:
    settings.API_LIST_COUNT_CAP = 3
    widgets(5)
    found = api_search(client)
    assert (found["count"], found["count_capped"], len(found["results"])) == (3, True, 3)


def test_the_search_page_with_a_facet_chosen_looks_corrections_up_once(
    client, db, django_assert_num_queries, production_intervals
) -> None:
    widgets(3)
    ErrorEntryFactory(repository=RepositoryFactory(owner="acme", name="gears"), message="Widget gear must be positive")
    production_intervals.now += 1.0
    client.get("/search/", {"q": "widget"})  # the catalogue's revision read for this second
    # Corrections, the repository's id, both rankings (all matches, and the chosen repository's), the page's
    # entries, the repositories' names.
    with django_assert_num_queries(6):
        response = client.get("/search/", {"q": "widget positive", "repository": "acme/gears"})
    assert [hit.entry.repository.name for hit in response.context["hits"]] == ["gears"]
    # Chosen again, the facets' counts are those kept: no ranking of all matches, no repositories' names.
    with django_assert_num_queries(4):
        client.get("/search/", {"q": "widget positive", "repository": "acme/gears"})


def fetched_columns(client, path: str, params: dict) -> str:
    """The SQL of the request's last query on entries: the page's rows."""
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path, params).status_code == 200
    return [q["sql"] for q in queries.captured_queries if 'FROM "kb_errorentry"' in q["sql"]][-1]


@pytest.mark.parametrize(("path", "key"), [("/api/errors", "search"), ("/search/", "q")])
def test_a_page_of_results_fetches_the_columns_it_shows_not_the_generated_card(client, db, path, key) -> None:
    widgets(3)
    fetched = fetched_columns(client, path, {key: "widget"})
    assert '"kb_errorentry"."title"' in fetched
    assert '"kb_errorentry"."generated"' not in fetched
    assert '"kb_errorentry"."evidence"' not in fetched
