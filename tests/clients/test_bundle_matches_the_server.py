"""The offline bundle answers as the server does: errors raised by the installed Django and DRF, harvested and
published, looked up by POST /api/match and by the bundle `export_bundle` wrote, as tracebacks and as messages.
The same matches come back (same first card, same list, same JSON), and each card is GET /api/errors/<id>'s."""

import io
import json
import traceback
from collections.abc import Callable
from pathlib import Path

import django
import pytest
import rest_framework
from django import forms
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.template import Engine
from django.test import Client
from rest_framework import serializers

from errorkb.bundle import Bundle, open_bundle

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent
HARVESTS = [
    (DRF, "rest_framework", "encode/django-rest-framework"),
    (DJANGO / "forms", "django/forms", "django/django"),
    (DJANGO / "template", "django/template", "django/django"),
    (DJANGO / "contrib" / "auth", "django/contrib/auth", "django/django"),
]


def unread_serializer_data() -> None:
    serializers.Serializer(data={}).data  # noqa: B018  # the property raises


# Errors users meet, raised by the installed code as they meet them.
ERRORS: dict[str, Callable[[], object]] = {
    "invalid boolean": lambda: serializers.BooleanField().run_validation("maybe"),
    "integer over its maximum": lambda: serializers.IntegerField(max_value=3).run_validation(10),
    "data before is_valid": unread_serializer_data,
    "if tag cut short": lambda: Engine().from_string("{% if user and %}hello{% endif %}"),
    "unknown filter": lambda: Engine().from_string("{{ name|no_such_filter }}"),
    "endfor alone": lambda: Engine().from_string("{% endfor %}"),
    "not a whole number": lambda: forms.IntegerField().clean("abc"),
    "not a date": lambda: forms.DateField().clean("someday"),
    "anonymous user as int": lambda: int(AnonymousUser()),
}


def raised(make: Callable[[], object]) -> BaseException:
    try:
        make()
    except Exception as error:
        return error
    raise AssertionError("raised nothing")


def texts() -> dict[str, str]:
    """Each error as a traceback and as its last line alone."""
    found = {}
    for name, make in ERRORS.items():
        error = raised(make)
        found[f"{name}, traceback"] = "".join(traceback.format_exception(error))
        found[f"{name}, message"] = f"{type(error).__module__}.{type(error).__qualname__}: {error}"
    return found


@pytest.fixture
def harvested(db) -> None:
    for root, prefix, repo in HARVESTS:
        arguments = [str(root), "--repo", repo, "--commit", "1.0", "--path-prefix", prefix, "--publish"]
        call_command("harvest", *arguments, "--no-progress", stdout=io.StringIO())


@pytest.fixture
def bundle(harvested, tmp_path: Path) -> Bundle:
    path = tmp_path / "errorkb-bundle.zip"
    # The test client's host, so that the bundle's links are the server's answers' own.
    call_command("export_bundle", "-o", str(path), "--site-url", "http://testserver", stdout=io.StringIO())
    return open_bundle(path)


def server_matches(client: Client, text: str) -> list[dict]:
    response = client.post("/api/match", data=json.dumps({"text": text}), content_type="application/json")
    assert response.status_code == 200, response.content[:300]
    return response.json()["matches"]


def test_the_bundle_gives_the_servers_first_match_for_every_traceback_and_message(bundle: Bundle, client: Client):
    server = {name: server_matches(client, text) for name, text in texts().items()}
    offline = {name: bundle.lookup(text) for name, text in texts().items()}
    first = {name: matches[0]["id"] if matches else None for name, matches in server.items()}
    assert sum(found is not None for found in first.values()) >= len(ERRORS)  # the server knows most of them
    assert {name: matches[0]["id"] if matches else None for name, matches in offline.items()} == first


def test_the_bundles_matches_are_the_servers_json_key_for_key(bundle: Bundle, client: Client):
    for name, text in texts().items():
        assert bundle.lookup(text) == server_matches(client, text), name


def test_a_matched_card_is_the_one_the_api_serves_to_a_reader(bundle: Bundle, client: Client):
    ids = {matches[0]["id"] for text in texts().values() if (matches := bundle.lookup(text))}
    assert ids
    for entry_id in sorted(ids):
        response = client.get(f"/api/errors/{entry_id}")
        assert response.status_code == 200
        assert bundle.card(entry_id) == response.json(), entry_id


def test_the_limit_caps_the_matches_as_the_servers_does(bundle: Bundle, client: Client):
    text = texts()["if tag cut short, message"]
    response = client.post("/api/match", data=json.dumps({"text": text, "limit": 1}), content_type="application/json")
    assert bundle.lookup(text, limit=1) == response.json()["matches"]
    assert len(bundle.lookup(text, limit=1)) == 1
