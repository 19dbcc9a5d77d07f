"""Every API error is application/problem+json (RFC 9457), whatever raised it."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from django.test.client import RequestFactory
from rest_framework.settings import api_settings

from api.views import ErrorEntryViewSet
from config import errors
from tests.samples import CARD


def assert_problem(response, status: int) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["status"] == status
    assert body["type"].startswith("https://") and body["title"] and body["detail"]
    return body


@pytest.fixture(autouse=True)
def fresh_throttle_counts(db) -> None:
    cache.clear()


def test_an_unknown_filter_value_is_400_naming_the_field(client: Client) -> None:
    body = assert_problem(client.get("/api/errors?kind=catastrophe"), 400)
    assert "kind" in body["errors"]


def test_malformed_json_is_400(token_client: Client) -> None:
    assert_problem(token_client.post("/api/errors", "{not json", content_type="application/json"), 400)


def test_a_bad_token_is_401_even_on_a_read(client: Client, db) -> None:
    response = client.get("/api/errors", headers={"Authorization": "Token nope.nope"})
    body = assert_problem(response, 401)
    assert body["detail"] == "Unknown or revoked token."
    assert response["WWW-Authenticate"] == 'Token realm="api"'


def test_an_anonymous_write_is_401(client: Client, db) -> None:
    assert_problem(client.post("/api/errors", {}, content_type="application/json"), 401)


def test_a_write_without_the_permission_is_403(token_client: Client, curator) -> None:
    curator.groups.clear()
    assert_problem(token_client.post("/api/errors", {}, content_type="application/json"), 403)


def test_an_unknown_entry_or_path_is_404(client: Client, db) -> None:
    assert_problem(client.get("/api/errors/0000000000000000"), 404)
    assert_problem(client.get("/api/nowhere"), 404)
    assert_problem(client.get("/api/errors?page=999"), 404)


def test_a_method_the_endpoint_lacks_is_405_with_allow(client: Client, seed) -> None:
    response = client.delete(f"/api/errors/{CARD}")
    assert_problem(response, 405)
    assert "GET" in response["Allow"]


def test_asking_for_html_is_406(client: Client, db) -> None:
    assert_problem(client.get("/api/errors", headers={"Accept": "text/html"}), 406)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_limit_is_413_not_an_html_400(token_client: Client) -> None:
    body = '{"message": "' + "x" * 2000 + '"}'
    response = token_client.post("/api/errors", body, content_type="application/json")
    assert_problem(response, 413)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_limit_outside_drf_is_413_too(db) -> None:
    from django.core.exceptions import RequestDataTooBig

    request = RequestFactory().post("/api/errors")
    response = errors.bad_request(request, RequestDataTooBig("too big"))
    assert response.status_code == 413 and response["Content-Type"] == "application/problem+json"


def test_a_disallowed_host_on_an_api_path_is_a_problem_400(client: Client, db) -> None:
    assert_problem(client.get("/api/errors", headers={"Host": "evil.example"}), 400)


def test_a_body_that_is_not_json_is_415(token_client: Client) -> None:
    response = token_client.post("/api/errors", "message=hi", content_type="application/x-www-form-urlencoded")
    assert_problem(response, 415)


def test_too_many_write_attempts_is_429_with_retry_after(client: Client, db) -> None:
    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "write": "1/minute"}
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}):
        assert client.post("/api/errors", {}, content_type="application/json").status_code == 401
        response = client.post("/api/errors", {}, content_type="application/json")
    assert_problem(response, 429)
    assert 0 < int(response["Retry-After"]) <= 60


def test_an_unexpected_error_is_a_logged_500(monkeypatch: pytest.MonkeyPatch, db) -> None:
    def explode(self, request, *args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(ErrorEntryViewSet, "list", explode)
    body = assert_problem(Client(raise_request_exception=False).get("/api/errors"), 500)
    assert "boom" not in body["detail"]
