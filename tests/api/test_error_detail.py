import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from kb.cards import responses as cards
from kb.models import ErrorEntry
from tests.factories import MessageVariantFactory, RaiseSiteFactory, SolutionFactory
from tests.samples import CARD


def test_card_is_served_as_json_with_and_without_trailing_slash(client, seed):
    for url in (f"/api/errors/{CARD}", f"/api/errors/{CARD}/"):
        response = client.get(url)
        assert response.status_code == 200
        body = response.json()
        assert body["id"] == CARD
        assert body["exception_type"] == "NotImplementedError"
        assert [s["line"] for s in body["sites"]] == [1009, 1022]
        assert body["sites"][0]["url"].endswith("/blob/0132848349/python/sglang/srt/disaggregation/nixl/conn.py#L1009")
        assert len(body["related"]) == 5
        assert body["meaning"]["html"].startswith("<p>")


def test_unknown_id_is_a_problem_json_404(client, db):
    response = client.get("/api/errors/0000000000000000")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert set(response.json()) >= {"type", "title", "status", "detail"}


def test_unknown_api_path_is_a_problem_json_404(client, db):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"


def test_drafts_are_invisible_to_the_public(client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    assert client.get(f"/api/errors/{CARD}").status_code == 404
    assert client.get(f"/errors/{CARD}/").status_code == 404


def test_a_curator_token_without_staff_reads_a_draft(token_client, seed):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = token_client.get(f"/api/errors/{CARD}")
    assert response.status_code == 200
    assert response.json()["status"] == "draft"


def test_a_curator_token_sees_related_drafts_that_the_public_does_not(token_client, client, seed):
    ErrorEntry.objects.filter(public_id="2afe80e9746fae65").update(status="draft")
    assert "2afe80e9746fae65" in [r["id"] for r in token_client.get(f"/api/errors/{CARD}").json()["related"]]
    assert "2afe80e9746fae65" not in [r["id"] for r in client.get(f"/api/errors/{CARD}").json()["related"]]


def test_a_token_whose_user_may_not_view_entries_reads_no_drafts(seed):
    from api.models import CuratorToken

    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    staff = User.objects.create_user("reader", "reader@example.com", "a-long-password", is_staff=True)
    _, key = CuratorToken.objects.create_key(name="reader", user=staff)
    reader = Client(headers={"Authorization": f"Token {key}"})
    assert reader.get(f"/api/errors/{CARD}").status_code == 404
    staff.user_permissions.add(Permission.objects.get(codename="view_errorentry", content_type__app_label="kb"))
    assert reader.get(f"/api/errors/{CARD}").status_code == 200


@pytest.mark.parametrize("extra", [0, 12])
def test_detail_makes_a_fixed_number_of_queries(client, seed, django_assert_num_queries, extra, settings):
    # Uncached, so that the card is loaded every time: its version, then the card itself.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    entry = ErrorEntry.objects.get(public_id=CARD)
    for n in range(extra):
        RaiseSiteFactory(entry=entry, path=f"x{n}.py", line=n + 1, commit="abc", position=10 + n)
        SolutionFactory(entry=entry, body=f"try {n}", position=10 + n)
    # The catalogue's revision (read on every request in tests), the card's version, then the card itself.
    with django_assert_num_queries(7):
        assert client.get(f"/api/errors/{CARD}").status_code == 200


def test_detail_lists_older_wordings(client, seed):
    entry = ErrorEntry.objects.get(public_id=CARD)
    MessageVariantFactory(entry=entry, message="NIXL cannot mix HiSparse")
    entry.save()
    variants = client.get(f"/api/errors/{CARD}").json()["variants"]
    assert variants == [
        {"message": "NIXL cannot mix HiSparse", "signature": "NIXL cannot mix HiSparse", "last_seen_commit": ""}
    ]


def test_a_get_whose_precondition_fails_is_a_problem_json_412(client, seed):
    current = client.get(f"/api/errors/{CARD}")
    for sent in ({"If-Match": '"an-older-copy"'}, {"If-Unmodified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"}):
        response = client.get(f"/api/errors/{CARD}", headers=sent)
        assert response.status_code == 412, sent
        assert response["Content-Type"] == "application/problem+json"
        assert response.json()["status"] == 412 and "If-Match" in response.json()["detail"]
    assert client.get(f"/api/errors/{CARD}", headers={"If-Match": current["ETag"]}).status_code == 200


def test_an_entry_published_between_the_version_read_and_the_card_read_is_a_404_not_a_500(
    client, seed, monkeypatch
) -> None:
    # The version is read first (it says: not visible); the entry may be published before the card is read.
    monkeypatch.setattr(cards, "card_version", lambda entries, public_id: None)
    response = client.get(f"/api/errors/{CARD}")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
