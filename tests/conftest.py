import pytest
from django.core.management import call_command


@pytest.fixture
def seed(db) -> None:
    call_command("import_errors", "fixtures/sglang.json")


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


@pytest.fixture
def live_seed(transactional_db) -> None:
    """The fixtures, committed, so that the live server's threads see them."""
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")
