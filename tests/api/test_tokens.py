"""Curators' API tokens: made in the admin and shown once, stored hashed, revocable, acting as their user."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.utils import timezone

from api.models import CuratorToken


def whoami(key: str, keyword: str = "Token") -> int:
    """The status of a write as that key: 400 (empty body) means authenticated and permitted."""
    client = Client(headers={"Authorization": f"{keyword} {key}"})
    return client.post("/api/errors", {}, content_type="application/json").status_code


def test_a_token_is_stored_only_as_a_hash(curator_key: str) -> None:
    token = CuratorToken.objects.get()
    assert token.hashed_key.startswith("sha512$$")
    secret = curator_key.partition(".")[2]
    stored = [token.id, token.prefix, token.hashed_key, token.name]
    assert not any(secret in value for value in stored)


@pytest.mark.parametrize("keyword", ["Token", "Bearer", "bearer"])
def test_the_token_authenticates_as_its_curator_with_either_keyword(curator_key: str, keyword: str) -> None:
    assert whoami(curator_key, keyword) == 400


def test_a_revoked_token_no_longer_works(curator_key: str) -> None:
    token = CuratorToken.objects.get()
    token.revoked = True
    token.save()
    assert whoami(curator_key) == 401


def test_an_expired_token_no_longer_works(curator_key: str) -> None:
    CuratorToken.objects.update(expiry_date=timezone.now() - timedelta(minutes=1))
    assert whoami(curator_key) == 401


def test_the_token_of_an_inactive_user_no_longer_works(curator: User, curator_key: str) -> None:
    curator.is_active = False
    curator.save()
    assert whoami(curator_key) == 401


def test_a_wrong_secret_with_a_real_prefix_is_refused(curator_key: str) -> None:
    prefix = curator_key.partition(".")[0]
    assert whoami(f"{prefix}.{'x' * 32}") == 401


def test_a_use_is_recorded_without_a_write_per_request(curator_key: str) -> None:
    assert CuratorToken.objects.get().last_used_at is None
    whoami(curator_key)
    first = CuratorToken.objects.get().last_used_at
    whoami(curator_key)
    assert first is not None and CuratorToken.objects.get().last_used_at == first


def test_the_admin_shows_a_new_key_once_and_it_works(curator: User, db) -> None:
    admin = User.objects.create_superuser("admin", "admin@example.com", "a-long-password")
    client = Client()
    client.force_login(admin)
    response = client.post(
        "/admin/api/curatortoken/add/", {"name": "ci importer", "user": curator.pk, "revoked": ""}, follow=True
    )
    token = CuratorToken.objects.get()
    assert token.user == curator
    # The changelist it lands on carries the one message with the whole key.
    shown = re.search(rf"{token.prefix}\.[A-Za-z0-9]+", response.content.decode())
    assert shown is not None
    key = shown.group()
    assert whoami(key) == 400
    assert key not in client.get("/admin/api/curatortoken/").content.decode()
    change_page = client.get(f"/admin/api/curatortoken/{token.pk}/change/").content.decode()
    assert key not in change_page


def test_the_curators_group_may_add_and_change_entries_but_not_delete_them(db) -> None:
    codenames = set(Group.objects.get(name="curators").permissions.values_list("codename", flat=True))
    assert {"add_errorentry", "change_errorentry", "view_errorentry"} <= codenames
    assert "delete_errorentry" not in codenames


def test_a_curators_token_reads_drafts_and_the_token_of_a_user_outside_the_group_does_not(
    curator_key: str, seed
) -> None:
    from kb.models import ErrorEntry

    card = "/api/errors/b774bfdff5235dcd"
    ErrorEntry.objects.filter(public_id=card.rpartition("/")[2]).update(status="draft")
    assert Client(headers={"Authorization": f"Token {curator_key}"}).get(card).status_code == 200
    outsider = User.objects.create_user("outsider", "outsider@example.com", "a-long-password")
    _, key = CuratorToken.objects.create_key(name="outsider", user=outsider)
    assert Client(headers={"Authorization": f"Token {key}"}).get(card).status_code == 404
