"""Rate limits: anonymous lookups and searches, and every write attempt, each in its own scope."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings

from config.env import env_rate


def rates_of(**scopes: str) -> dict:
    return {
        "DEFAULT_THROTTLE_RATES": {"match": "1000/minute", "search": "1000/minute", "write": "1000/minute", **scopes}
    }


def rates(**scopes: str) -> override_settings:
    return override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, **rates_of(**scopes)})


@pytest.fixture(autouse=True)
def fresh_throttle_counts(db) -> None:
    # The counts live in the shared cache; a count left by another test would throttle this one.
    cache.clear()


def statuses(client: Client, path: str, times: int, **extra) -> list[int]:
    return [client.get(path, **extra).status_code for _ in range(times)]


def test_anonymous_searches_are_limited_and_told_when_to_retry(client: Client) -> None:
    with rates(search="2/minute"):
        assert statuses(client, "/api/errors?search=widget", 2) == [200, 200]
        response = client.get("/api/errors?search=other")
    assert response.status_code == 429
    assert response["Content-Type"] == "application/problem+json"
    assert 0 < int(response["Retry-After"]) <= 60


def test_listing_without_search_is_not_counted_as_a_search(client: Client) -> None:
    with rates(search="1/minute"):
        assert statuses(client, "/api/errors?kind=error", 3) == [200, 200, 200]
        assert client.get("/api/errors?search=x").status_code == 200


def test_a_curators_token_is_not_limited_on_searches(token_client: Client) -> None:
    with rates(search="1/minute"):
        assert statuses(token_client, "/api/errors?search=widget", 3) == [200, 200, 200]


def test_anonymous_write_attempts_are_limited_by_address(client: Client) -> None:
    with rates(write="2/minute"):
        codes = [client.post("/api/errors", {}, content_type="application/json").status_code for _ in range(3)]
    assert codes == [401, 401, 429]


def test_a_forged_forwarded_for_header_does_not_escape_the_limit(client: Client) -> None:
    with rates(search="1/minute"):
        assert client.get("/api/errors?search=a", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 200
        assert client.get("/api/errors?search=a", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 429


def test_a_curators_writes_are_limited_per_curator(token_client: Client, client: Client) -> None:
    with rates(write="1/minute"):
        missing = token_client.patch("/api/errors/0000000000000000", {}, content_type="application/json")
        assert missing.status_code == 404  # counted all the same
        assert token_client.post("/api/errors", {}, content_type="application/json").status_code == 429
        # Another client, from the same address, has its own count.
        assert client.post("/api/errors", {}, content_type="application/json").status_code == 401


def test_reads_are_not_counted_as_writes(client: Client) -> None:
    with rates(write="1/minute"):
        assert statuses(client, "/api/errors", 3) == [200, 200, 200]


def test_anonymous_lookups_have_their_own_limit(client: Client) -> None:
    with rates(match="1/minute", search="1/minute"):
        assert client.get("/api/errors?search=x").status_code == 200
        first, second = statuses(client, "/api/match?q=ValueError: bad", 2)
    assert (first, second) == (200, 429)


@pytest.mark.parametrize(("given", "read"), [("60/minute", "60/minute"), (" 5/s ", "5/s"), ("100/Day", "100/day")])
def test_a_rate_from_the_environment_is_read_strictly(monkeypatch: pytest.MonkeyPatch, given: str, read: str) -> None:
    monkeypatch.setenv("THROTTLE_TEST", given)
    assert env_rate("THROTTLE_TEST", "1/hour") == read


@pytest.mark.parametrize("given", ["60", "60/fortnight", "-1/minute", "0/minute", "ten/minute", "60/minute/x"])
def test_a_malformed_rate_fails_at_start_up(monkeypatch: pytest.MonkeyPatch, given: str) -> None:
    monkeypatch.setenv("THROTTLE_TEST", given)
    with pytest.raises(ImproperlyConfigured, match="THROTTLE_TEST"):
        env_rate("THROTTLE_TEST", "1/hour")


def test_an_unset_rate_takes_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("THROTTLE_TEST", raising=False)
    assert env_rate("THROTTLE_TEST", "1/hour") == "1/hour"


def test_the_search_page_shares_the_anonymous_search_limit(client: Client) -> None:
    with rates(search="2/minute"):
        assert statuses(client, "/search/?q=widget", 2) == [200, 200]
        response = client.get("/search/?q=other")
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "Too many searches" in response.content.decode()


def test_home_page_lookups_share_the_anonymous_match_limit(client: Client) -> None:
    with rates(match="1/minute"):
        assert client.get("/?q=ValueError: boom").status_code == 200
        response = client.get("/?q=ValueError: boom")
    assert response.status_code == 429
    assert "Too many lookups" in response.content.decode()


def test_curators_are_not_limited_on_pages(admin_client: Client) -> None:
    with rates(search="1/minute"):
        assert statuses(admin_client, "/search/?q=widget", 3) == [200, 200, 200]


def test_searches_through_the_api_and_the_page_count_against_one_limit(client: Client) -> None:
    with rates(search="2/minute"):
        assert client.get("/api/errors?search=widget").status_code == 200
        assert client.get("/search/?q=widget").status_code == 200
        assert client.get("/api/errors?search=widget").status_code == 429
        assert client.get("/search/?q=widget").status_code == 429


def test_a_forged_forwarded_for_header_does_not_escape_the_pages_limit(client: Client) -> None:
    with rates(search="1/minute"):
        assert client.get("/search/?q=a", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 200
        assert client.get("/search/?q=a", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 429


def test_behind_our_own_proxy_each_forwarded_client_has_its_own_page_limit(client: Client) -> None:
    behind_proxy = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    with override_settings(REST_FRAMEWORK={**behind_proxy, **rates_of(search="1/minute")}):
        assert client.get("/search/?q=a", headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 200
        assert client.get("/search/?q=a", headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 200
        assert client.get("/search/?q=a", headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 429
