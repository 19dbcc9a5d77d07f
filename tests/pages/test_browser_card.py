"""The card page as a reader sees it: real headless Chromium against a live server."""

import os
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.factories import ErrorEntryFactory, RepositoryFactory
from tests.samples import CARD

pytestmark = pytest.mark.browser

SCREENSHOT = Path(__file__).resolve().parent.parent / "docs" / "screenshots" / "card.png"


@pytest.fixture
def cards(transactional_db) -> None:
    call_command("import_errors", "fixtures/sglang.json")


def test_every_section_of_the_card_is_visible(page, live_server, cards, tmp_path):
    page.goto(f"{live_server.url}/errors/{CARD}/")
    for heading in [
        "Error message",
        "What it means",
        "Source",
        "Solutions",
        "Example fix",
        "When it happens",
        "Related errors",
    ]:
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.get_by_text("NIXL PD transfer does not support HiSparse", exact=False).first).to_be_visible()
    expect(page.get_by_role("link", name="View on GitHub (pinned to 0132848349)").first).to_be_visible()
    expect(page.locator(".snippet").first).to_be_visible()
    expect(page.get_by_role("link", name=f"/api/errors/{CARD}")).to_be_visible()
    expect(page.get_by_text("analysis of")).to_be_visible()
    expect(page.get_by_text("Report an issue")).to_be_visible()
    # `make screenshots` refreshes the README's picture; an ordinary run leaves the work tree alone.
    target = SCREENSHOT if os.environ.get("UPDATE_SCREENSHOTS") else tmp_path / SCREENSHOT.name
    page.screenshot(path=str(target), full_page=True)
    assert target.stat().st_size > 10_000


def test_related_links_lead_to_their_pages(page, live_server, cards):
    page.goto(f"{live_server.url}/errors/{CARD}/")
    links = page.locator(".related a")
    expect(links).to_have_count(5)
    for index, title in enumerate(links.all_inner_texts()):
        page.goto(f"{live_server.url}/errors/{CARD}/")
        page.locator(".related a").nth(index).click()
        expect(page).not_to_have_url(f"{live_server.url}/errors/{CARD}/")
        expect(page.locator("h1")).to_have_text(title.strip())


def test_hostile_markdown_fires_no_script(page, live_server, transactional_db):
    repo = RepositoryFactory(owner="evil", name="repo")
    hostile = (
        "<script>window.__pwned = 1</script>\n\n"
        '<img src=x onerror="window.__pwned = 2">\n\n'
        "[click me](javascript:window.__pwned=3)\n\n"
        '<a href="javascript:window.__pwned=4">raw link</a>'
    )
    entry = ErrorEntryFactory(
        repository=repo,
        message="boom",
        meaning=hostile,
        trigger=hostile,
        situations=hostile,
        example_fix=hostile,
        sites=[{"path": "x.py", "line": 1, "commit": "abc"}],
    )
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{live_server.url}/errors/{entry.public_id}/")
    # The links are there, as text, to be clicked.
    expect(page.get_by_text("click me").first).to_be_visible()
    expect(page.get_by_text("raw link").first).to_be_visible()
    for link in page.get_by_text("click me").all() + page.get_by_text("raw link").all():
        link.click()
    assert page.evaluate("window.__pwned") is None
    assert dialogs == []
    assert (
        page.evaluate(
            """Array.from(document.querySelectorAll(".card *")).filter(el =>
            el.tagName === "SCRIPT" ||
            Array.from(el.attributes).some(a => a.name.startsWith("on")) ||
            (el.getAttribute("href") || "").replace(/\\s/g, "").toLowerCase().startsWith("javascript:")
        ).length"""
        )
        == 0
    )
