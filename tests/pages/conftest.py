"""Fixtures of the page tests: a headless Chromium tab, and the fixtures committed for the live server."""

import pytest
from django.core.management import call_command
from django.db import connections

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def page(live_server, monkeypatch):
    """A headless Chromium tab (Debian's chromium, never a downloaded build)."""
    import shutil

    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread while the test's own ORM calls run
    # here too, synchronously; the live server answers from threads of its own.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield browser.new_page(viewport={"width": 1100, "height": 900})
        browser.close()
        # While Playwright runs, the test's ORM calls use a connection that pytest-django's teardown cannot
        # reach (Django keeps connections per context; Playwright's greenlets each have their own): close it
        # here, or it outlives the session and blocks dropping the test database.
        connections.close_all()


@pytest.fixture
def live_seed(transactional_db) -> None:
    """The fixtures, committed, so that the live server's threads see them."""
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")
