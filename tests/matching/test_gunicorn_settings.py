"""config/gunicorn.py reads its settings from the environment strictly: a typo stops the start with its name."""

import runpy

import pytest
from django.core.exceptions import ImproperlyConfigured


def settings_with(monkeypatch, **env: str) -> dict:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path("config/gunicorn.py")


def test_the_defaults_preload_the_app_with_two_workers(monkeypatch):
    for name in ("GUNICORN_BIND", "GUNICORN_WORKERS", "GUNICORN_THREADS", "GUNICORN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    read = settings_with(monkeypatch)
    assert (read["bind"], read["workers"], read["threads"], read["preload_app"]) == (["0.0.0.0:8000"], 2, 1, True)


def test_values_from_the_environment_are_used(monkeypatch):
    read = settings_with(
        monkeypatch, GUNICORN_BIND="127.0.0.1:9000, unix:/run/errorkb.sock", GUNICORN_WORKERS="4", GUNICORN_TIMEOUT="60"
    )
    assert (read["bind"], read["workers"], read["timeout"]) == (["127.0.0.1:9000", "unix:/run/errorkb.sock"], 4, 60)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("GUNICORN_WORKERS", "two"),
        ("GUNICORN_WORKERS", "0"),
        ("GUNICORN_THREADS", "-1"),
        ("GUNICORN_TIMEOUT", "1.5"),
        ("GUNICORN_BIND", "8000"),
        ("GUNICORN_PREBUILD_INDEX", "maybe"),
    ],
)
def test_a_bad_value_stops_the_start_naming_the_variable(monkeypatch, name, value):
    with pytest.raises(ImproperlyConfigured, match=name):
        settings_with(monkeypatch, **{name: value})
