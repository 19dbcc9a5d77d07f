"""The API docs page works under the Content-Security-Policy: Swagger UI runs and shows every endpoint."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_docs_page_shows_the_endpoints_with_no_csp_violation(page, live_server, transactional_db) -> None:
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.goto(f"{live_server.url}/api/docs")
    expect(page.locator(".opblock-summary-path").first).to_be_visible(timeout=15_000)
    shown = {
        (block.locator(".opblock-summary-method").inner_text(), block.locator(".opblock-summary-path").inner_text())
        for block in page.locator(".opblock-summary").all()
    }
    shown = {(method.lower(), path.replace("\u200b", "")) for method, path in shown}
    # Every operation of the schema, and nothing else.
    schema = page.request.get(f"{live_server.url}/api/schema", headers={"Accept": "application/json"}).json()
    documented = {(method, path) for path, item in schema["paths"].items() for method in item if method != "parameters"}
    assert shown == documented
    assert {("post", "/api/match/"), ("get", "/api/errors/{public_id}/")} <= shown
    assert violations == [] and failed == []
