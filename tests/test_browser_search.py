"""Search results in real Chromium: hostile curator text is shown as text and runs nothing."""

from kb.models import ErrorEntry, RaiseSite, Repository

HOSTILE = (
    '<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> [go](javascript:window.__pwned=3)'
)


def test_hostile_text_in_search_results_runs_no_script(page, live_server, transactional_db):
    repo = Repository.objects.create(owner="evil", name="repo")
    entry = ErrorEntry.objects.create(
        repository=repo, exception_type="ValueError", status="published",
        message=f"Zebrafish failure {HOSTILE}", meaning=f"Zebrafish meaning {HOSTILE}",
    )  # fmt: skip
    RaiseSite.objects.create(entry=entry, path="x.py", line=1, commit="abc")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{live_server.url}/search/?q=zebrafish")
    assert page.get_by_role("heading", name="1 result for “zebrafish”").is_visible()
    assert page.locator("mark", has_text="Zebrafish").first.is_visible()
    assert page.get_by_text("<script>", exact=False).first.is_visible()  # shown, as text
    assert page.evaluate("window.__pwned") is None
    assert dialogs == []
    assert page.locator(".results script, .results img, .results [onerror]").count() == 0
