"""POST /api/match with a JSON body is served without DRF's Request.data and TemplateResponse (api.match's
dispatch): every other request takes DRF's whole path. Both ways give the same answers, headers and problems."""

import json

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import set_script_prefix
from rest_framework.exceptions import ValidationError
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from api.match import MatchInputSerializer, MatchView
from kb.runtime.ratelimit import CountedThrottle, counter, parsed_rate
from tests.samples import CARD, CARD_MESSAGE

SAME_HEADERS = ("Content-Type", "Allow", "Vary", "X-Frame-Options", "X-Content-Type-Options")


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


@pytest.fixture(autouse=True)
def fresh_counts() -> None:
    counter.clear()


def as_json(client: Client, text: str, **extra):
    return client.post("/api/match", data=json.dumps({"text": text}), content_type="application/json", **extra)


def as_plain_text(client: Client, text: str, **extra):
    """The same lookup through DRF's whole path (its parser for text/plain)."""
    return client.post("/api/match", data=text, content_type="text/plain; charset=utf-8", **extra)


@pytest.mark.parametrize(
    "text",
    [
        CARD_MESSAGE,
        f"NotImplementedError: {CARD_MESSAGE}",
        "no such error anywhere in the catalogue, none at all",
        "ValueError: café\u2028line\u2029paragraph",  # DRF escapes both separators in its JSON
    ],
)
def test_a_json_lookup_answers_what_drfs_whole_path_answers(client: Client, seed, text: str) -> None:
    by_json, by_drf = as_json(client, text), as_plain_text(client, text)
    assert (by_json.status_code, by_drf.status_code) == (200, 200)
    assert by_json.content == by_drf.content
    assert {name: by_json.get(name) for name in SAME_HEADERS} == {name: by_drf.get(name) for name in SAME_HEADERS}


@pytest.mark.parametrize(
    "text", [CARD_MESSAGE, "no such error anywhere in the catalogue, none at all", "   ", "x" * (64 * 1024 + 1)]
)
def test_a_tools_anonymous_lookup_answers_as_one_that_drf_authenticates(client: Client, seed, text: str) -> None:
    """No credentials and no session cookie skip DRF's Request; a stale session cookie makes DRF authenticate the
    same anonymous caller the whole way: answers, problems and headers agree."""
    plain = as_json(client, text)
    client.cookies["sessionid"] = "no-such-session"
    authenticated = as_json(client, text)
    assert plain.status_code == authenticated.status_code
    assert plain.content == authenticated.content
    assert {name: plain.get(name) for name in SAME_HEADERS} == {name: authenticated.get(name) for name in SAME_HEADERS}


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({"text": CARD_MESSAGE}),
        json.dumps({"text": f"NotImplementedError: {CARD_MESSAGE}", "limit": 1}),
        json.dumps({"text": "no such error anywhere in the catalogue, none at all"}),
        json.dumps({"text": CARD_MESSAGE, "limit": "2"}),  # not the common input: the serializer's way
        json.dumps({"text": "   "}),
        json.dumps({"text": 42}),
        json.dumps({"text": CARD_MESSAGE, "limit": 0}),
        json.dumps({"text": "x" * (64 * 1024 + 1)}),
        json.dumps([1, 2]),
        '{"text": ',
        "",
    ],
)
def test_a_tools_anonymous_lookup_answers_the_json_drfs_own_dispatch_answers(
    client: Client, seed, monkeypatch, body: str
) -> None:
    """The anonymous path (no DRF Request unless there is a problem to report) against DRF's APIView.dispatch
    itself, unmodified, for the same anonymous caller and body: the same status, JSON and headers."""
    lean = client.post("/api/match", data=body, content_type="application/json")
    monkeypatch.setattr(MatchView, "dispatch", APIView.dispatch)
    by_drf = client.post("/api/match", data=body, content_type="application/json")
    assert lean.status_code == by_drf.status_code
    assert lean.content == by_drf.content
    assert json.loads(lean.content) == json.loads(by_drf.content)
    assert {name: lean.get(name) for name in SAME_HEADERS} == {name: by_drf.get(name) for name in SAME_HEADERS}


@pytest.mark.parametrize("accept", ["application/*", " application/json ", "*/*"])
def test_an_anonymous_lookup_accepting_json_any_way_answers_as_drf_does(client: Client, seed, accept: str) -> None:
    plain = as_json(client, CARD_MESSAGE, headers={"Accept": accept})
    client.cookies["sessionid"] = "no-such-session"  # DRF's whole path, for the same anonymous caller
    authenticated = as_json(client, CARD_MESSAGE, headers={"Accept": accept})
    assert (plain.status_code, plain.content) == (authenticated.status_code, authenticated.content)
    assert {name: plain.get(name) for name in SAME_HEADERS} == {name: authenticated.get(name) for name in SAME_HEADERS}


def test_a_json_lookup_varies_by_cookie_though_an_anonymous_one_has_no_session(client: Client, seed) -> None:
    assert "Cookie" in as_json(client, CARD_MESSAGE)["Vary"]


def test_a_json_lookup_is_rendered_as_asked_in_accept(client: Client, seed) -> None:
    response = as_json(client, CARD_MESSAGE, headers={"Accept": "application/json; indent=4"})
    by_drf = as_plain_text(client, CARD_MESSAGE, headers={"Accept": "application/json; indent=4"})
    assert response.status_code == 200
    assert response.content == by_drf.content
    assert response["Content-Type"] == by_drf["Content-Type"] == "application/json"
    assert response.content.decode().startswith('{\n    "matches"')


def test_a_json_lookup_that_asks_for_html_is_a_problem_json_406(client: Client, db) -> None:
    response = as_json(client, CARD_MESSAGE, headers={"Accept": "text/html"})
    assert response.status_code == 406
    assert response["Content-Type"] == "application/problem+json"


def test_an_empty_json_body_is_a_missing_text_not_a_parse_error(client: Client, db) -> None:
    response = client.post("/api/match", data="", content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert "text" in response.json()["errors"]


def test_a_json_body_behind_a_byte_order_mark_is_a_problem_json_400_that_says_so(client: Client, db) -> None:
    response = client.post("/api/match", data="\ufeff" + json.dumps({"text": "x"}), content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert "BOM" in response.json()["detail"]


def test_a_json_array_is_a_problem_json_400_on_the_json_path_too(client: Client, db) -> None:
    response = client.post("/api/match", data="[1, 2]", content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"


def test_a_curators_session_gets_drafts_on_the_json_path(staff_curator_client: Client, catalogue) -> None:
    best = as_json(staff_curator_client, "Option '--name' requires an argument.").json()["matches"][0]
    assert (best["id"], best["status"]) == ("433daf4471e9c6be", "draft")


def test_an_anonymous_json_lookup_over_the_limit_is_a_problem_json_429(client: Client, seed, settings) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "match": "2/minute"},
    }
    assert [as_json(client, CARD_MESSAGE).status_code for _ in range(2)] == [200, 200]
    refused = as_json(client, CARD_MESSAGE)
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/problem+json"
    assert 0 < int(refused["Retry-After"]) <= 60


def test_a_tools_lookups_and_drfs_count_against_one_limit(client: Client, seed, settings) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "match": "2/minute"},
    }
    assert as_json(client, CARD_MESSAGE).status_code == 200  # no cookie: the anonymous path
    client.cookies["sessionid"] = "no-such-session"
    assert as_json(client, CARD_MESSAGE).status_code == 200  # DRF's whole authentication
    del client.cookies["sessionid"]
    assert as_json(client, CARD_MESSAGE).status_code == 429


@pytest.mark.parametrize(
    ("rate", "read"),
    [
        ("60/minute", (60, 60)),
        ("1/second", (1, 1)),
        ("5/s", (5, 1)),
        ("1000/hour", (1000, 3600)),
        ("3/day", (3, 86400)),
    ],
)
def test_a_rate_reads_as_requests_per_seconds(rate: str, read: tuple[int, int]) -> None:
    assert parsed_rate(rate) == read


def test_entry_urls_keep_the_script_prefix_the_site_is_served_under(client: Client, seed) -> None:
    plain = as_json(client, CARD_MESSAGE).json()["matches"][0]
    set_script_prefix("/kb/")  # as the WSGI handler sets it from SCRIPT_NAME (the test client does not)
    try:
        prefixed = as_json(client, CARD_MESSAGE).json()["matches"][0]
    finally:
        set_script_prefix("/")
    assert plain["url"] == f"http://testserver/errors/{CARD}/"
    assert prefixed["url"] == f"http://testserver/kb/errors/{CARD}/"


@pytest.mark.parametrize("proxies", [None, 0, 1, 2])
@pytest.mark.parametrize(
    "forwarded_for", [None, "1.2.3.4", "6.6.6.6, 1.2.3.4", " 1.2.3.4 , 5.6.7.8 ", "1.2.3.4,5.6.7.8,9.9.9.9"]
)
def test_a_throttle_tells_clients_apart_as_drf_does(rf, proxies: int | None, forwarded_for: str | None) -> None:
    meta = {"REMOTE_ADDR": "10.0.0.9"} | ({"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for else {})
    request = rf.get("/", **meta)
    with override_settings(REST_FRAMEWORK={"NUM_PROXIES": proxies}):
        ours = CountedThrottle.get_ident(CountedThrottle.__new__(CountedThrottle), request)
        assert ours == BaseThrottle().get_ident(request)


def serializer_result(data: dict):
    given = MatchInputSerializer(data=data)
    return given.validated_data if given.is_valid() else ("errors", given.errors)


def shortcut_result(data: dict):
    try:
        return MatchInputSerializer.validated(data)
    except ValidationError as exc:
        return ("errors", exc.detail)


@pytest.mark.parametrize(
    "data",
    [
        {"text": "KeyError: 'x'"},
        {"text": "KeyError: 'x'", "limit": 1},
        {"text": "KeyError: 'x'", "limit": 50},
        {"text": "  KeyError: 'x'  \n", "other": "ignored"},
        {"text": "a\x00b\ud800c"},
        {"text": "\x00"},
        {"text": ""},
        {"text": "   \n\t"},
        {"text": 42},
        {"text": ["a"]},
        {"text": None},
        {},
        {"text": "x", "limit": 0},
        {"text": "x", "limit": 51},
        {"text": "x", "limit": True},
        {"text": "x", "limit": "3"},
        {"text": "x", "limit": 2.0},
        {"text": "x", "limit": None},
    ],
)
def test_the_common_inputs_shortcut_validates_as_the_serializer_does(data: dict) -> None:
    assert shortcut_result(data) == serializer_result(data)


def test_one_lookups_input_errors_do_not_leak_into_the_next() -> None:
    refused = MatchInputSerializer(data={"text": "   ", "limit": 0})
    accepted = MatchInputSerializer(data={"text": "KeyError: 'x'"})
    assert not refused.is_valid()
    assert set(refused.errors) == {"text", "limit"}
    assert accepted.is_valid(), accepted.errors
    assert accepted.validated_data == {"text": "KeyError: 'x'", "limit": 5}


def test_lone_surrogates_and_nul_bytes_are_cleaned_not_refused() -> None:
    given = MatchInputSerializer(data={"text": "KeyError: \ud800 'x'\x00"})
    assert given.is_valid(), given.errors
    assert given.validated_data["text"] == "KeyError: ? 'x'"
