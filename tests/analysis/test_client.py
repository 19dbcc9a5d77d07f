"""The client against a real OpenAI-compatible HTTP server: answers, tokens, retries with backoff on 429, 5xx and
time-outs (Retry-After honoured), and refusals that retrying cannot change; against a hostile one: no redirect
followed with the key, a deadline per request however slowly it drips, bounded bodies, printable errors."""

import email.message
import io
import itertools
import re
import urllib.request

import pytest

from kb.analysis.client import Endpoint, EndpointError, RefuseRedirects, complete
from tests.analysis.fake_endpoint import Canned, FakeEndpoint, card, completion, error, redirect

QUESTION = {"messages": [{"role": "user", "content": "Evidence: Widget size must be positive"}]}
MARKER = "Widget size must be positive"


def endpoint_at(fake, **overrides) -> Endpoint:
    return Endpoint(
        **{
            "base": fake.base,
            "model": "test-model-7b",
            "key": "test-key",
            "timeout": 2.0,
            "retries": 3,
            "backoff": 0.01,
            **overrides,
        }
    )


def test_an_answer_comes_back_with_its_tokens_and_the_request_carries_model_and_key(analysis_endpoint) -> None:
    analysis_endpoint.answer(MARKER, completion(card(meaning="Too big."), prompt_tokens=321, completion_tokens=12))
    reply = complete(endpoint_at(analysis_endpoint), QUESTION)
    assert (reply.content, reply.prompt_tokens, reply.completion_tokens, reply.attempts) == (
        card(meaning="Too big."),
        321,
        12,
        1,
    )
    [request] = analysis_endpoint.received
    assert request.payload["model"] == "test-model-7b"
    assert request.headers["Authorization"] == "Bearer test-key"


def test_a_429_is_retried_after_the_wait_its_retry_after_asks_for(analysis_endpoint) -> None:
    analysis_endpoint.answer(MARKER, error(429, retry_after="1"), completion(card(meaning="Too big.")))
    reply = complete(endpoint_at(analysis_endpoint), QUESTION)
    first, second = analysis_endpoint.received
    assert reply.attempts == 2
    assert second.at - first.at >= 0.95  # the backoff alone would have waited 0.01 s


def test_server_errors_are_retried_with_backoff_until_one_succeeds(analysis_endpoint) -> None:
    analysis_endpoint.answer(MARKER, error(500), error(502), error(503), completion(card(meaning="Too big.")))
    reply = complete(endpoint_at(analysis_endpoint, backoff=0.1), QUESTION)
    times = [request.at for request in analysis_endpoint.received]
    assert reply.attempts == 4
    waits = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert waits[0] >= 0.08 and waits[1] >= 0.16 and waits[2] >= 0.32  # doubled each time, jitter of 20% at most


def test_a_slow_answer_times_out_and_is_asked_again(analysis_endpoint) -> None:
    analysis_endpoint.answer(
        MARKER, Canned(completion(card(meaning="Late.")).body, late=True), completion(card(meaning="In time."))
    )
    # The first answer comes only after the client gave up on it: no race with the clock, however loaded the host.
    reply = complete(endpoint_at(analysis_endpoint, timeout=2.0), QUESTION)
    assert (reply.content, reply.attempts) == (card(meaning="In time."), 2)


def test_retries_run_out_with_the_last_reason(analysis_endpoint) -> None:
    analysis_endpoint.answer(MARKER, error(500))
    with pytest.raises(EndpointError, match=r"HTTP 500.*\(after 3 attempts\)"):
        complete(endpoint_at(analysis_endpoint, retries=2), QUESTION)
    assert len(analysis_endpoint.received) == 3


def test_a_refusal_that_retrying_cannot_change_is_not_retried(analysis_endpoint) -> None:
    analysis_endpoint.answer(MARKER, error(401))
    with pytest.raises(EndpointError, match="HTTP 401"):
        complete(endpoint_at(analysis_endpoint), QUESTION)
    assert len(analysis_endpoint.received) == 1


def test_an_endpoint_that_is_not_there_is_a_transport_failure(analysis_endpoint) -> None:
    with pytest.raises(EndpointError, match="cannot reach") as failed:
        complete(endpoint_at(analysis_endpoint, base="http://127.0.0.1:9/v1", retries=1), QUESTION)
    assert failed.value.transport


def test_a_redirect_to_another_origin_is_refused_and_that_origin_is_never_sent_the_key(
    analysis_endpoint: FakeEndpoint, other_origin: FakeEndpoint
) -> None:
    other_origin.answer(MARKER, completion(card(meaning="Answered elsewhere.")))
    analysis_endpoint.answer(MARKER, redirect(f"{other_origin.base}/chat/completions"))
    with pytest.raises(
        EndpointError, match=re.escape(f"redirected to another origin, http://127.0.0.1:{other_origin.port},")
    ) as refused:
        complete(endpoint_at(analysis_endpoint), QUESTION)
    assert not refused.value.transport
    assert len(analysis_endpoint.received) == 1  # a refusal is not retried
    assert other_origin.received == []


def test_a_redirect_on_the_same_origin_is_refused_too_saying_which_url_to_configure(
    analysis_endpoint: FakeEndpoint,
) -> None:
    analysis_endpoint.answer(MARKER, redirect("/v2/chat/completions", status=307))
    with pytest.raises(EndpointError, match="HTTP 307: the endpoint redirected to /v2/chat/completions on the same"):
        complete(endpoint_at(analysis_endpoint), QUESTION)


def test_a_redirect_from_https_to_http_is_refused_before_anything_is_sent() -> None:
    request = urllib.request.Request("https://api.example/v1/chat/completions", headers={"Authorization": "Bearer k"})
    headers = email.message.Message()
    headers["Location"] = "http://api.example/v1/chat/completions"
    with pytest.raises(
        EndpointError, match=re.escape("from https to http://api.example:80, where the key would travel in clear")
    ):
        RefuseRedirects().http_error_302(request, io.BytesIO(), 302, "Found", headers)


def test_a_server_dripping_its_answer_cannot_stretch_a_request_past_its_deadline(
    analysis_endpoint: FakeEndpoint,
) -> None:
    analysis_endpoint.answer(MARKER, Canned(completion(card(meaning="Slow.")).body, drip=0.5))
    # Each byte comes well within a per-read timeout: only the request's deadline stops it, before the whole answer
    # (minutes of drip) was read and returned.
    with pytest.raises(EndpointError, match="no answer within 2 s"):
        complete(endpoint_at(analysis_endpoint, timeout=2.0, retries=0), QUESTION)


def test_an_answer_larger_than_allowed_is_refused(analysis_endpoint: FakeEndpoint, monkeypatch) -> None:
    monkeypatch.setattr("kb.analysis.client.LARGEST_BODY", 1000)
    analysis_endpoint.answer(MARKER, completion(card(meaning="x" * 2000)))
    with pytest.raises(EndpointError, match="larger than"):
        complete(endpoint_at(analysis_endpoint), QUESTION)


def test_a_response_nested_too_deep_is_refused_as_the_api_refuses_one(analysis_endpoint: FakeEndpoint) -> None:
    analysis_endpoint.answer(MARKER, Canned(body="[" * 100_000 + "]" * 100_000))
    with pytest.raises(EndpointError, match="refused: The JSON is nested more than 32 deep"):
        complete(endpoint_at(analysis_endpoint), QUESTION)


def test_an_error_body_with_terminal_escapes_is_reported_without_them(analysis_endpoint: FakeEndpoint) -> None:
    hostile = "\x1b]0;owned\x07bad \x1b[2Jrequest\u202e" + "x" * 5000
    analysis_endpoint.answer(MARKER, Canned(body=hostile, status=400))
    with pytest.raises(EndpointError) as refused:
        complete(endpoint_at(analysis_endpoint), QUESTION)
    message = str(refused.value)
    assert message.startswith("HTTP 400: ]0;owned bad [2Jrequest")
    assert not any(char in message for char in "\x1b\x07\u202e")
    assert len(message) < 300
