"""The Content-Security-Policy breaks nothing: no page, the admin included, logs a violation."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from kb.models import ErrorEntry
from tests.samples import CARD

pytestmark = pytest.mark.browser


@pytest.fixture
def violations(page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda msg: found.append(msg.text) if "Content Security Policy" in msg.text else None)
    return found


def test_public_pages_log_no_csp_violation(page, live_server, live_seed, violations):
    for path in ["/", f"/errors/{CARD}/", "/repos/django/django/", "/search/?q=field"]:
        assert page.goto(live_server.url + path).ok, path  # the page itself, not an error page, is checked
        page.wait_for_load_state("networkidle")
    assert violations == []


def log_in_as_curator(page, live_server) -> None:
    User.objects.create_superuser("curator", "c@example.com", "a-long-password")
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "curator")
    page.fill("#id_password", "a-long-password")
    page.click("input[type=submit]")


def test_the_admin_works_under_the_policy(page, live_server, live_seed, violations):
    log_in_as_curator(page, live_server)
    entry = ErrorEntry.objects.get(public_id=CARD)
    for path in ["/admin/", "/admin/kb/errorentry/", f"/admin/kb/errorentry/{entry.pk}/change/"]:
        assert page.goto(live_server.url + path).ok, path  # the page itself, not an error page, is checked
        page.wait_for_load_state("networkidle")
    # The inline "Add another" links are built by the admin's scripts: they ran.
    expect(page.locator(".add-row a").first).to_be_visible()
    assert violations == []


def test_an_entrys_history_in_the_admin_logs_no_csp_violation(page, live_server, live_seed, violations):
    log_in_as_curator(page, live_server)
    entry = ErrorEntry.objects.get(public_id=CARD)
    page.goto(f"{live_server.url}/admin/kb/errorentry/{entry.pk}/history/")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#change-history")).to_be_visible()
    expect(page.locator("p.paginator")).to_be_visible()
    assert violations == []
