"""The client against a real OpenAI-compatible HTTP server: answers, tokens, retries with backoff on 429, 5xx and
time-outs (Retry-After honoured), and refusals that retrying cannot change."""

import itertools

import pytest

from kb.analysis.client import Endpoint, EndpointError, complete
from tests.analysis.fake_endpoint import Canned, card, completion, error

QUESTION = {"messages": [{"role": "user", "content": "Evidence: Widget size must be positive"}]}
MARKER = "Widget size must be positive"


def endpoint_at(fake, **overrides) -> Endpoint:
    return Endpoint(**{"base": fake.base, "model": "test-model-7b", "key": "test-key", "timeout": 2.0,
                       "retries": 3, "backoff": 0.01, **overrides})  # fmt: skip


def test_an_answer_comes_back_with_its_tokens_and_the_request_carries_model_and_key(analysis_endpoint) -> None:
    analysis_endpoint.answer(MARKER, completion(card(meaning="Too big."), prompt_tokens=321, completion_tokens=12))
    reply = complete(endpoint_at(analysis_endpoint), QUESTION)
    assert (reply.content, reply.prompt_tokens, reply.completion_tokens, reply.attempts) == (
        card(meaning="Too big."), 321, 12, 1,
    )  # fmt: skip
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
    analysis_endpoint.answer(MARKER, Canned(completion(card(meaning="Late.")).body, delay=1.5),
                             completion(card(meaning="In time.")))  # fmt: skip
    reply = complete(endpoint_at(analysis_endpoint, timeout=0.3), QUESTION)
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
