"""Curators' tools write entries through the API, with the validation and write path of import_errors."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from kb.models import ErrorEntry
from tests.samples import CARD, catalogue_revision

OTHER = "2afe80e9746fae65"


def new_entry(**overrides) -> dict:
    entry = {
        "repository": {"owner": "acme", "name": "widgets"},
        "exception_type": "ValueError",
        "message": "Widget size must be positive, got -1",
        "signature": "Widget size must be positive, got {}",
        "meaning": "The widget's `size` was zero or negative.",
        "sites": [
            {"path": "widgets/core.py", "line": 12, "function": "Widget.__init__", "commit": "abc123"},
            {"path": "widgets/core.py", "line": 40, "function": "Widget.resize", "commit": "abc123"},
        ],
        "solutions": ["Pass a positive size."],
        "status": "published",
    }
    return {**entry, **overrides}


def post(client: Client, url: str, body) -> object:
    return client.post(url, body, content_type="application/json")


def test_a_curators_token_creates_an_entry_with_two_sites_recorded_under_the_curator(
    token_client: Client, curator: User, db
) -> None:
    revision = catalogue_revision()
    response = post(token_client, "/api/errors", new_entry())
    assert response.status_code == 201, response.content
    body = response.json()
    assert response["Location"].endswith(f"/api/errors/{body['id']}")
    assert [s["line"] for s in body["sites"]] == [12, 40]
    assert body["meaning"]["html"] == "<p>The widget's <code>size</code> was zero or negative.</p>"
    entry = ErrorEntry.objects.get(public_id=body["id"])
    assert entry.history.latest().history_user == curator
    assert {s.history.latest().history_user for s in entry.sites.all()} == {curator}
    assert catalogue_revision() > revision
    assert token_client.get(f"/api/errors/{body['id']}").json()["sites"] == body["sites"]


def test_an_invalid_entry_is_refused_with_the_import_errors_message_and_nothing_is_written(
    token_client: Client,
) -> None:
    bad_site = {"path": "a.py", "line": 90, "commit": "abc", "snippet": "raise X\n", "snippet_start": 5}
    response = post(token_client, "/api/errors", new_entry(sites=[bad_site], kind="catastrophe"))
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    errors = response.json()["errors"]
    assert any(e.startswith("kind:") for e in errors)
    assert "sites.0.line: Line 90 is outside the snippet (lines 5-5)." in errors
    assert not ErrorEntry.objects.exists()


def test_related_ids_must_exist_as_on_import(token_client: Client) -> None:
    response = post(token_client, "/api/errors", new_entry(related=["0123456789abcdef"]))
    assert response.status_code == 400
    assert response.json()["errors"] == ["related[0]: no entry 0123456789abcdef"]


def test_creating_an_id_that_exists_is_a_conflict(token_client: Client, seed) -> None:
    response = post(token_client, "/api/errors", new_entry(id=CARD))
    assert response.status_code == 409
    assert "PUT" in response.json()["detail"]


def test_a_create_without_an_id_sent_twice_is_a_409_naming_the_first_entry(token_client: Client, db) -> None:
    first = post(token_client, "/api/errors", new_entry())
    assert first.status_code == 201, first.content
    again = post(token_client, "/api/errors", new_entry(meaning="The same error, sent again."))
    assert again.status_code == 409
    assert again["Content-Type"] == "application/problem+json"
    assert first.json()["id"] in again.json()["detail"]
    assert ErrorEntry.objects.count() == 1
    assert ErrorEntry.objects.get().meaning == "The widget's `size` was zero or negative."


def test_a_create_of_another_signature_type_or_repository_is_another_entry(token_client: Client, db) -> None:
    assert post(token_client, "/api/errors", new_entry()).status_code == 201
    others = [
        new_entry(signature="Widget size must be positive, got {size}"),
        new_entry(exception_type="TypeError"),
        new_entry(repository={"owner": "acme", "name": "gadgets"}),
    ]
    assert [post(token_client, "/api/errors", other).status_code for other in others] == [201, 201, 201]


def test_without_a_signature_the_message_tells_one_error_from_another(token_client: Client, db) -> None:
    assert post(token_client, "/api/errors", new_entry(signature="")).status_code == 201
    assert post(token_client, "/api/errors", new_entry(signature="")).status_code == 409
    assert post(token_client, "/api/errors", new_entry(signature="", message="Another message")).status_code == 201


def test_put_replaces_the_whole_entry(token_client: Client, seed) -> None:
    response = token_client.put(f"/api/errors/{CARD}", new_entry(), content_type="application/json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["id"] == CARD and body["repository"]["name"] == "widgets"
    assert body["related"] == [] and [s["line"] for s in body["sites"]] == [12, 40]


def test_the_id_in_a_body_cannot_differ_from_the_url(token_client: Client, seed) -> None:
    response = token_client.patch(f"/api/errors/{CARD}", {"id": OTHER}, content_type="application/json")
    assert response.status_code == 400
    assert "id" in response.json()["errors"]


def test_patch_changes_only_the_fields_given_and_keeps_links_and_sites(
    token_client: Client, curator: User, seed
) -> None:
    before = token_client.get(f"/api/errors/{CARD}").json()
    response = token_client.patch(
        f"/api/errors/{CARD}", {"trigger": "Only **this** changed."}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    after = response.json()
    assert after["trigger"]["html"] == "<p>Only <strong>this</strong> changed.</p>"
    for unchanged in ("sites", "solutions", "related", "meaning", "message", "status", "created_at"):
        assert after[unchanged] == before[unchanged], unchanged
    assert ErrorEntry.objects.get(public_id=CARD).history.latest().history_user == curator


def test_a_write_that_changes_nothing_leaves_the_catalogue_alone(token_client: Client, seed) -> None:
    revision = catalogue_revision()
    response = token_client.patch(f"/api/errors/{CARD}", {}, content_type="application/json")
    assert response.status_code == 200
    assert catalogue_revision() == revision


def test_a_curator_who_is_not_staff_may_still_edit_a_draft(token_client: Client, seed) -> None:
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = token_client.patch(f"/api/errors/{CARD}", {"status": "published"}, content_type="application/json")
    assert response.status_code == 200
    assert ErrorEntry.objects.get(public_id=CARD).status == "published"


def test_a_curator_token_without_staff_reads_its_own_draft(token_client: Client, curator: User, db) -> None:
    assert not curator.is_staff
    created = post(token_client, "/api/errors", new_entry(status="draft")).json()
    response = token_client.get(f"/api/errors/{created['id']}")
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["message"]) == ("draft", created["message"])
    assert created["id"] in [e["id"] for e in token_client.get("/api/errors?status=draft").json()["results"]]
    assert Client().get(f"/api/errors/{created['id']}").status_code == 404


def test_retire_keeps_the_entry_readable_and_marks_it_retired(token_client: Client, curator: User, seed) -> None:
    response = token_client.post(f"/api/errors/{CARD}/retire")
    assert response.status_code == 200
    assert response.json()["status"] == "retired"
    entry = ErrorEntry.objects.get(public_id=CARD)
    assert entry.history.latest().history_user == curator
    assert Client().get(f"/api/errors/{CARD}").json()["status"] == "retired"
    assert token_client.post(f"/api/errors/{CARD}/retire").status_code == 200


def test_a_draft_cannot_be_retired_since_that_would_publish_it(token_client: Client, seed) -> None:
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = token_client.post(f"/api/errors/{CARD}/retire")
    assert response.status_code == 409
    assert ErrorEntry.objects.get(public_id=CARD).status == "draft"


def test_delete_is_not_allowed_and_deletes_nothing(token_client: Client, seed) -> None:
    response = token_client.delete(f"/api/errors/{CARD}")
    assert response.status_code == 405
    assert "DELETE" not in response["Allow"]
    assert ErrorEntry.objects.filter(public_id=CARD).exists()


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "/api/errors"), ("put", f"/api/errors/{CARD}"), ("patch", f"/api/errors/{CARD}")],
)
def test_an_anonymous_write_is_a_401_asking_for_a_token(client: Client, seed, method: str, path: str) -> None:
    response = getattr(client, method)(path, new_entry(), content_type="application/json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Token realm="api"'
    assert response["Content-Type"] == "application/problem+json"


def test_a_user_without_the_permission_gets_403(token_client: Client, curator: User, seed) -> None:
    curator.groups.clear()
    assert post(token_client, "/api/errors", new_entry()).status_code == 403
    assert token_client.post(f"/api/errors/{CARD}/retire").status_code == 403
    assert ErrorEntry.objects.get(public_id=CARD).status == "published"


def test_the_add_permission_alone_creates_but_does_not_change(token_client: Client, curator: User, seed) -> None:
    from django.contrib.auth.models import Permission

    curator.groups.clear()
    curator.user_permissions.add(Permission.objects.get(codename="add_errorentry"))
    assert post(token_client, "/api/errors", new_entry()).status_code == 201
    assert token_client.patch(f"/api/errors/{CARD}", {}, content_type="application/json").status_code == 403


def test_a_line_number_too_large_to_store_is_a_400_not_a_database_error(token_client: Client) -> None:
    # Found by the fuzz test: PostgreSQL's integer column refused it, and the API answered 500.
    site = {"path": "a.py", "line": 2**31, "commit": "abc"}
    response = post(token_client, "/api/errors", new_entry(sites=[site]))
    assert response.status_code == 400
    assert any(e.startswith("sites.0.line:") for e in response.json()["errors"])


def test_a_related_entry_deleted_after_validation_is_a_conflict_and_nothing_is_written(
    token_client: Client, seed, monkeypatch
) -> None:
    """A superuser deletes the linked entry between the write's validation and its links: a 409, not a 500."""
    import api.writes

    validated = api.writes._validated

    def validate_then_lose_the_target(raw):
        data = validated(raw)
        ErrorEntry.objects.filter(public_id=CARD).delete()
        return data

    monkeypatch.setattr(api.writes, "_validated", validate_then_lose_the_target)
    response = post(token_client, "/api/errors", new_entry(related=[CARD]))
    assert response.status_code == 409, response.content
    assert CARD in response.json()["detail"]
    assert not ErrorEntry.objects.filter(message="Widget size must be positive, got -1").exists()


def test_a_patch_cannot_retire_a_draft_either(token_client: Client, seed) -> None:
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    response = token_client.patch(f"/api/errors/{CARD}", {"status": "retired"}, content_type="application/json")
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "A draft was never published, so it cannot be retired; it stays a draft; nothing was written."
    )
    assert ErrorEntry.objects.get(public_id=CARD).status == "draft"


def test_the_api_retire_records_its_reason(token_client: Client, seed) -> None:
    assert token_client.post(f"/api/errors/{CARD}/retire").status_code == 200
    assert ErrorEntry.objects.get(public_id=CARD).history.latest().history_change_reason == "retired through the API"


@pytest.mark.parametrize(
    "host", ["\u008c\u00f07", "git hub.com", "github.com/evil", "-github.com", "", "a." * 20_000 + "-"]
)
def test_a_repository_host_that_is_not_a_host_name_is_a_400_naming_it(token_client: Client, db, host: str) -> None:
    response = post(token_client, "/api/errors", new_entry(repository={"host": host, "owner": "acme", "name": "w"}))
    assert response.status_code == 400
    assert "host" in str(response.json())
    assert not ErrorEntry.objects.exists()


def test_a_host_with_a_port_makes_the_repositorys_link(token_client: Client, db) -> None:
    body = new_entry(repository={"host": "git.example.org:8443", "owner": "acme", "name": "w"})
    response = post(token_client, "/api/errors", body)
    assert response.status_code == 201
    assert response.json()["repository"]["url"] == "https://git.example.org:8443/acme/w"
