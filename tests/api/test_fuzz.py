"""Schemathesis against our own schema, in-process through the WSGI app: no server error, no answer off-schema.

Bounded and derandomised so that CI runs the same cases every time, in well under a minute."""

from collections.abc import Iterator

import pytest
import schemathesis
from django.conf import settings
from django.core import signals
from django.core.cache import cache
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from tests.samples import CARD

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

schema = schemathesis.openapi.from_wsgi("/api/schema", application)


@pytest.fixture(autouse=True)
def in_the_test_transaction(db) -> Iterator[None]:
    # The WSGI handler closes the database connection after each request, which would end the test's
    # transaction; Django's own test client keeps it open the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture(autouse=True)
def unthrottled(db) -> Iterator[None]:
    # Hundreds of calls in a few seconds: throttling is tested on its own, here it would only hide answers.
    limits = dict.fromkeys(("match", "search", "write"), "100000/minute")
    cache.clear()
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": limits}):
        yield
    cache.clear()


@pytest.mark.django_db
@schema.parametrize()
@hypothesis_settings(
    max_examples=25,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_input_makes_the_api_fail_or_answer_off_schema(case: schemathesis.Case, seed, curator_key: str) -> None:
    # As a curator, so that writes get past authentication and their validation is what is fuzzed.
    case.call_and_validate(headers={"Authorization": f"Token {curator_key}"}, checks=CHECKS)


@pytest.mark.parametrize("path", ["/api/errors/", "/api/errors/{public_id}/", "/api/repositories/"])
def test_real_entries_conform_to_the_schema(seed, path: str) -> None:
    # Random ids almost never name an entry: check the shapes of real ones explicitly.
    operation = schema[path]["GET"]
    case = operation.Case(path_parameters={"public_id": CARD} if "{public_id}" in path else {})
    response = case.call_and_validate(checks=CHECKS)
    assert response.status_code == 200


def test_the_refused_delete_and_the_card_s_304_conform_to_the_schema(seed, curator_key: str) -> None:
    # Random ids and validators almost never hit these: check them with real ones.
    card = {"public_id": CARD}
    refused = schema["/api/errors/{public_id}/"]["DELETE"].Case(path_parameters=card)
    response = refused.call_and_validate(headers={"Authorization": f"Token {curator_key}"}, checks=CHECKS)
    assert response.status_code == 405
    read = schema["/api/errors/{public_id}/"]["GET"]
    first = read.Case(path_parameters=card).call_and_validate(checks=CHECKS)
    for name, header in (("If-None-Match", "ETag"), ("If-Modified-Since", "Last-Modified")):
        validator = first.headers[header.lower()][0]
        again = read.Case(path_parameters=card, headers={name: validator}).call_and_validate(checks=CHECKS)
        assert again.status_code == 304, name
