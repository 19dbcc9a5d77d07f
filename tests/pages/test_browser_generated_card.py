"""A card written from the code, as a reader sees it in real headless Chromium: its conditions, its test, its badge."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.factories import generated_entry

pytestmark = pytest.mark.browser

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "generated-card.png"


def test_a_generated_card_shows_its_conditions_its_test_and_its_badge(page, live_server, transactional_db, tmp_path):
    entry = generated_entry()
    page.goto(f"{live_server.url}{entry.get_absolute_url()}")
    expect(page.locator(".badge-review")).to_have_text("Generated from code · not yet reviewed")
    for heading in ["What it means", "Source", "Solutions", "When it happens", "How to trigger it", "Documentation"]:
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    trigger = page.locator('[data-origin="generated"]', has=page.get_by_role("heading", name="Trigger"))
    expect(trigger.locator("code", has_text=re.compile("^expressions$"))).to_be_visible()
    expect(trigger).to_contain_text("the expressions argument has fewer than 2 items")
    test_code = page.locator("section[aria-labelledby=how-heading] .highlight")
    expect(test_code).to_contain_text("self.assertRaisesMessage(ValueError, 'at least 2 expressions')")
    expect(page.get_by_role("link", name="tests/expressions/tests.py line 810")).to_have_attribute(
        "href", f"https://github.com/django/django/blob/{entry.analysed_commit}/tests/expressions/tests.py#L810"
    )
    expect(page.locator(".card-footer")).to_contain_text(
        "Generated from the code of django/django@fedcba9876 (2026-05-01); not yet reviewed by a curator."
    )
    # `make screenshots` refreshes the picture in docs/; an ordinary run leaves the work tree alone.
    target = SCREENSHOT if os.environ.get("UPDATE_SCREENSHOTS") else tmp_path / SCREENSHOT.name
    page.screenshot(path=str(target), full_page=True)
    assert target.stat().st_size > 10_000
