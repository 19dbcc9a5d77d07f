"""What the live-server tests of the clients share."""

import json
import urllib.request

import pytest
from django.core.management import call_command
from pytest_django.live_server_helper import LiveServer


@pytest.fixture
def cards(transactional_db: None, live_server: LiveServer) -> None:
    """The committed fixtures, where the live server's threads see them, and the server's lookup index built.

    The first lookup a server answers builds its index; on a machine under full load that takes longer than the
    clients' 2 s default, and a test would fail for the machine's sake. One lookup made here, with time to spare,
    leaves the tests' own lookups to what they check."""
    call_command("import_errors", "fixtures/python-projects.json", verbosity=0)
    body = json.dumps({"text": "ValueError: warming up"}).encode()
    request = urllib.request.Request(
        f"{live_server.url}/api/match", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        answer.read()
