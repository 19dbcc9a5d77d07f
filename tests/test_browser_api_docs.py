"""The API docs page works under the Content-Security-Policy: Swagger UI runs and shows every endpoint."""

import pytest

pytestmark = pytest.mark.browser


def test_the_docs_page_shows_the_endpoints_with_no_csp_violation(page, live_server, transactional_db) -> None:
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.goto(f"{live_server.url}/api/docs")
    page.wait_for_selector(".opblock-summary-path", timeout=15_000)
    paths = set(page.locator(".opblock-summary-path").all_inner_texts())
    assert {"/api/errors/", "/api/errors/{public_id}/", "/api/errors/{public_id}/retire/"} <= {
        p.replace("\u200b", "") for p in paths
    }
    assert violations == [] and failed == []
