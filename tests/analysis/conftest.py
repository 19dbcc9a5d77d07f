"""A second fake endpoint on another port: another origin, where a redirect may point."""

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
