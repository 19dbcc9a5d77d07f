"""Search results in real Chromium: hostile curator text is shown as text and runs nothing."""

import pytest
from playwright.sync_api import expect

from tests.factories import ErrorEntryFactory, RepositoryFactory

pytestmark = pytest.mark.browser

HOSTILE = (
    '<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> [go](javascript:window.__pwned=3)'
)


def test_hostile_text_in_search_results_runs_no_script(page, live_server, transactional_db):
    ErrorEntryFactory(
        repository=RepositoryFactory(owner="evil", name="repo"),
        message=f"Zebrafish failure {HOSTILE}",
        meaning=f"Zebrafish meaning {HOSTILE}",
        sites=[{"path": "x.py", "line": 1, "commit": "abc"}],
    )
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{live_server.url}/search/?q=zebrafish")
    expect(page.get_by_role("heading", name="1 result for “zebrafish”")).to_be_visible()
    expect(page.locator("mark", has_text="Zebrafish").first).to_be_visible()
    expect(page.get_by_text("<script>", exact=False).first).to_be_visible()  # shown, as text
    assert page.evaluate("window.__pwned") is None
    assert dialogs == []
    expect(page.locator(".results script, .results img, .results [onerror]")).to_have_count(0)
