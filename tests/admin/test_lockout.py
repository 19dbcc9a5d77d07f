import pytest
from django.contrib.auth.models import User
from django.test import override_settings


@pytest.fixture
def curator(db) -> User:
    return User.objects.create_superuser("curator", "c@example.com", "right-password")


def _login(client, password: str):
    return client.post("/admin/login/?next=/admin/", {"username": "curator", "password": password})


@override_settings(AXES_FAILURE_LIMIT=3)
def test_admin_login_locks_out_after_repeated_failures(client, curator):
    # The form again for the first failures; the one that reaches the limit is already refused.
    assert [_login(client, "wrong").status_code for _ in range(3)] == [200, 200, 429]
    response = _login(client, "right-password")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_right_password_still_logs_in_before_the_limit(client, curator):
    _login(client, "wrong")
    response = _login(client, "right-password")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(curator.pk)
