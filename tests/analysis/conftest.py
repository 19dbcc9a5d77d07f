"""Fixtures of the analysis tests: the fake OpenAI-compatible endpoint `manage.py analyze` is pointed at, and a second
one on another port (another origin, where a redirect may point)."""

from collections.abc import Iterator

import pytest

from tests.analysis.fake_endpoint import FakeEndpoint, serve


@pytest.fixture
def other_origin() -> Iterator[FakeEndpoint]:
    """Another OpenAI-compatible server on localhost (a different port is a different origin), recording what it is
    sent."""
    endpoint = FakeEndpoint()
    server = serve(endpoint)
    yield endpoint
    server.shutdown()
    server.server_close()


@pytest.fixture
def analysis_endpoint(settings):
    """A real OpenAI-compatible HTTP server on localhost giving the answers a test scripts (`.answer(marker, ...)`),
    and the settings that point `manage.py analyze` at it."""
    from tests.analysis.fake_endpoint import FakeEndpoint, serve

    endpoint = FakeEndpoint()
    server = serve(endpoint)
    settings.ANALYSIS_API_BASE = endpoint.base
    settings.ANALYSIS_MODEL = "test-model-7b"
    settings.ANALYSIS_API_KEY = "test-key"
    yield endpoint
    server.shutdown()
    server.server_close()
