"""The search page: ranked results, highlights, facets, pages, and no input that breaks it."""

import pytest
from django.core.management import call_command

from kb.models import ErrorEntry
from kb.search.query import plain_query
from tests.samples import CARD


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def _results(client, **params) -> list[str]:
    response = client.get("/search/", params)
    assert response.status_code == 200
    return [e.public_id for e in response.context["page"].object_list]


def test_nixl_hisparse_finds_the_card_first(client, catalogue):
    assert _results(client, q="NIXL HiSparse")[0] == CARD


def test_matched_words_are_highlighted_and_counted(client, catalogue):
    html = client.get("/search/", {"q": "NIXL HiSparse"}).content.decode()
    assert "<mark>HiSparse</mark>" in html
    assert "result" in html and "for “NIXL HiSparse”" in html


def test_words_in_solutions_and_the_repository_name_are_found(client, catalogue):
    solution = ErrorEntry.objects.get(public_id=CARD).solutions.first().body
    word = max(solution.split(), key=len).strip("`*.,()")
    assert CARD in _results(client, q=word)
    assert CARD in _results(client, q="sglang HiSparse")


def test_a_typo_still_finds_the_entry(client, catalogue):
    assert _results(client, q="HiSprase decode-only")[0] == CARD


def test_quotes_or_and_minus_work_as_in_web_search(client, catalogue):
    assert CARD in _results(client, q='"speculative decoding"')
    assert CARD not in _results(client, q="HiSparse -speculative")
    both = _results(client, q="HiSparse or FieldError")
    assert CARD in both and len(both) > 1


def test_facets_count_and_narrow_the_results(client, catalogue):
    response = client.get("/search/", {"q": "error"})
    repositories = {row["value"]: row["count"] for row in response.context["facets"]["repository"]}
    assert sum(repositories.values()) == response.context["total"]
    narrowed = client.get("/search/", {"q": "error", "repository": "django/django"})
    assert {e.repository.full_name for e in narrowed.context["page"].object_list} == {"django/django"}
    assert "status" not in response.context["facets"]


def test_drafts_appear_only_for_curators_with_a_status_facet(client, admin_client, catalogue):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    assert CARD not in _results(client, q="NIXL HiSparse")
    response = admin_client.get("/search/", {"q": "NIXL HiSparse"})
    assert CARD in [e.public_id for e in response.context["page"].object_list]
    assert {"value": "draft", "count": 1} in response.context["facets"]["status"]


def test_a_curator_who_is_staff_but_not_superuser_sees_drafts_with_a_status_facet(staff_curator_client, catalogue):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = staff_curator_client.get("/search/", {"q": "NIXL HiSparse", "status": "draft"})
    assert [e.public_id for e in response.context["page"].object_list] == [CARD]
    assert {"value": "draft", "count": 1} in response.context["facets"]["status"]


def test_staff_without_the_permission_to_view_entries_see_no_drafts(client, catalogue):
    from django.contrib.auth.models import User

    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    client.force_login(User.objects.create_user("helper", "helper@example.com", "a-long-password", is_staff=True))
    assert CARD not in _results(client, q="NIXL HiSparse")
    assert "status" not in client.get("/search/", {"q": "NIXL HiSparse"}).context["facets"]


def test_results_are_paginated(client, catalogue):
    query = "error or field or invalid or not"
    first = client.get("/search/", {"q": query})
    total = first.context["total"]
    assert total > 20 and len(_results(client, q=query)) == 20
    second = _results(client, q=query, page=2)
    assert len(second) == total - 20 and not set(second) & set(_results(client, q=query))
    assert client.get("/search/", {"q": "error", "page": 999}).status_code == 404


@pytest.mark.parametrize(
    "query",
    ['"', "'", "-", "or", "!!!", "a & b | c", "(((", "\x00NIXL", "\u202e\ufeff", "<script>", "NIXL:*", "x" * 500],
)
def test_no_query_breaks_the_page(client, catalogue, query):
    response = client.get("/search/", {"q": query})
    assert response.status_code == 200
    assert "<script>" not in response.content.decode().split("</header>", 1)[1].replace("&lt;script&gt;", "")


def test_a_query_of_ten_thousand_characters_gets_a_clear_400(client, catalogue):
    response = client.get("/search/", {"q": "NIXL " * 2000})
    assert response.status_code == 400
    assert "at most 500 characters" in response.content.decode()


def test_curator_text_in_results_is_escaped(client, catalogue):
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = "HiSparse <img src=x onerror=alert(1)> and `<img src=y onerror=alert(2)>` in code"
    entry.save()
    html = client.get("/search/", {"q": "HiSparse"}).content.decode()
    assert "<img src=" not in html and "&lt;img src=y onerror=alert(2)&gt;" in html


def _excerpts(client, query: str, public_id: str) -> str:
    html = client.get("/search/", {"q": query}).content.decode()
    row = html.split(f"/errors/{public_id}/", 1)[1].split("</li>", 1)[0]
    return " ".join(part.split("</p>", 1)[0] for part in row.split('<p class="excerpt">')[1:])


def test_excerpts_are_plain_text_without_markdown_and_keep_their_highlights(client, catalogue):
    excerpts = _excerpts(client, "HiSparse", CARD)
    assert "<mark>HiSparse</mark>" in excerpts
    assert "**" not in excerpts and "`" not in excerpts
    assert "or they are all non-VRAM; the decode side" in excerpts


def test_an_excerpt_of_markdown_markup_shows_the_text_escaped(client, catalogue):
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = "**HiSparse** needs [the docs](https://example.org/x) & `a < b`"
    entry.save()
    excerpts = _excerpts(client, "HiSparse", CARD)
    assert "<mark>HiSparse</mark> needs the docs &amp; a &lt; b" in excerpts
    assert "example.org" not in excerpts


def test_an_overlong_facet_value_narrows_to_nothing_instead_of_failing(client, catalogue):
    response = client.get("/search/", {"q": "error", "kind": "x" * 600, "repository": "\x00" * 10})
    assert response.status_code == 200
    assert response.context["total"] == 0


def _plain(query: str) -> set[str]:
    """What the SQLite search (`make run`) finds: its substring tests run on any database."""
    condition = plain_query(query)
    return set() if condition is None else set(ErrorEntry.objects.filter(condition).values_list("public_id", flat=True))


def test_the_sqlite_search_reads_quotes_minus_and_or_as_web_search_does(catalogue):
    assert CARD in _plain('"speculative decoding"')
    assert CARD not in _plain('"decoding speculative"')
    assert CARD in _plain("HiSparse NIXL")
    assert CARD not in _plain("HiSparse -speculative")
    assert CARD not in _plain('HiSparse -"speculative decoding"')
    either = _plain("HiSparse or FieldError")
    assert CARD in either and len(either) > 1
    assert _plain("HiSparse or FieldError") >= _plain("FieldError")


def test_the_sqlite_search_does_not_list_everything_for_exclusions_alone(catalogue):
    assert plain_query("-speculative") is None
    assert plain_query("or") is None
    assert plain_query('""') is None


def test_with_no_results_the_page_offers_the_closest_words_and_a_lookup_of_the_text(client, catalogue):
    html = client.get("/search/", {"q": "hisparce zzzzqqq"}).content.decode()
    assert 'Did you mean <a href="?q=hisparse">hisparse</a>' in html
    assert 'href="/?q=hisparce+zzzzqqq#lookup-results"' in html


def test_the_closest_words_come_only_from_entries_the_reader_may_see(client, catalogue):
    ErrorEntry.objects.filter(repository__name="sglang").update(status="draft")
    assert "?q=hisparse" not in client.get("/search/", {"q": "hisparce zzzzqqq"}).content.decode()
