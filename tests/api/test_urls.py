"""The API's URLs by name, as other code and tools reverse them: routed for speed, named as they always were."""

from django.urls import resolve, reverse

from api.match import MatchView
from api.views import ErrorEntryViewSet


def test_the_lookup_reverses_by_its_name_to_the_view_that_answers_it():
    assert reverse("api:match") == "/api/match"
    assert resolve(reverse("api:match")).func.view_class is MatchView
    assert resolve("/api/match/").func.view_class is MatchView


def test_a_card_and_the_list_reverse_by_their_names():
    card = reverse("api:error-detail", kwargs={"public_id": "b774bfdff5235dcd"})
    assert card == "/api/errors/b774bfdff5235dcd"
    assert resolve(card).func.cls is ErrorEntryViewSet
    assert resolve("/api/errors/b774bfdff5235dcd").kwargs == {"public_id": "b774bfdff5235dcd"}
    assert reverse("api:error-list") == "/api/errors"


def test_the_other_api_urls_keep_their_names():
    assert reverse("api:schema") == "/api/schema"
    assert reverse("api:docs") == "/api/docs"
    assert reverse("api:repository-list") == "/api/repositories"
