from unittest import mock

from django.db import DatabaseError


def test_healthz_answers_even_when_the_database_is_down(client, db):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=DatabaseError("gone")):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_answers_ok_when_the_database_does(client, db):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"


def test_readyz_answers_503_when_the_database_is_down(client, db):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=DatabaseError("gone")):
        response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "down"}


def test_probes_reveal_no_versions(client, db):
    for path in ("/healthz", "/readyz"):
        response = client.get(path)
        text = response.content.decode().lower() + " ".join(f"{k}: {v}" for k, v in response.items()).lower()
        assert "django" not in text and "python" not in text and "postgres" not in text
        assert "no-cache" in response["Cache-Control"]
