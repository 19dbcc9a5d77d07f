"""A reader's "Report an issue": the form, the confirmation, folding identical reports, and the rate limit."""

import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings

from kb.models import Report
from tests.samples import CARD

REPORT = f"/errors/{CARD}/report/"


def report_rate(rate: str) -> override_settings:
    limits = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "report": rate}
    return override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": limits})


@pytest.fixture(autouse=True)
def fresh_throttle_counts(db) -> None:
    cache.clear()  # the counts live in the shared cache


def report_form(html: str) -> str:
    return html[html.index('<details id="report"') : html.index("</details>", html.index('<details id="report"'))]


def test_the_reason_is_a_required_choice_with_none_picked_and_no_blank_one(client, seed):
    form = report_form(client.get(f"/errors/{CARD}/").content.decode())
    radios = re.findall(r'<input type="radio"[^>]*>', form)
    assert [re.search(r'value="([^"]*)"', radio).group(1) for radio in radios] == [
        "wrong",
        "outdated",
        "unclear",
        "other",
    ]
    assert all("required" in radio for radio in radios)
    assert not any("checked" in radio for radio in radios)
    assert "---------" not in form


def test_no_help_text_repeats_its_label(client, seed):
    form = report_form(client.get(f"/errors/{CARD}/").content.decode())
    assert "Your email, if you want an answer (optional)" in form
    assert "Only if the reader wants an answer." not in form
    assert 'class="helptext"' not in form


def test_a_report_without_a_reason_is_refused_with_the_form_open(client, seed):
    response = client.post(REPORT, {"details": "line moved"})
    assert response.status_code == 400
    assert '<details id="report" class="report" open>' in response.content.decode()
    assert not Report.objects.exists()


def test_identical_reports_are_folded_into_one_with_a_count(client, seed):
    for _ in range(3):
        client.post(REPORT, {"reason": "wrong", "details": "line moved"})
    client.post(REPORT, {"reason": "wrong", "details": "the fix does not work"})
    client.post(REPORT, {"reason": "outdated", "details": "line moved"})
    assert sorted(Report.objects.values_list("reason", "details", "count")) == [
        ("outdated", "line moved", 1),
        ("wrong", "line moved", 3),
        ("wrong", "the fix does not work", 1),
    ]


def test_a_report_like_one_already_handled_opens_a_new_one(client, seed):
    client.post(REPORT, {"reason": "wrong", "details": "line moved"})
    Report.objects.update(state=Report.State.DONE)
    client.post(REPORT, {"reason": "wrong", "details": "line moved"})
    assert sorted(Report.objects.values_list("state", "count")) == [("done", 1), ("open", 1)]


def test_a_folded_report_keeps_the_first_email_given(client, seed):
    client.post(REPORT, {"reason": "wrong", "details": "line moved"})
    client.post(REPORT, {"reason": "wrong", "details": "line moved", "email": "reader@example.com"})
    client.post(REPORT, {"reason": "wrong", "details": "line moved", "email": "other@example.com"})
    assert Report.objects.get().email == "reader@example.com"


def test_anonymous_reports_are_limited_and_told_when_to_retry(client, seed):
    with report_rate("2/minute"):
        assert [client.post(REPORT, {"reason": "other", "details": str(i)}).status_code for i in range(2)] == [302, 302]
        response = client.post(REPORT, {"reason": "other", "details": "third"})
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    html = response.content.decode()
    assert "Too many reports from your address; try again in" in report_form(html)
    assert '<details id="report" class="report" open>' in html
    assert Report.objects.count() == 2


def test_the_confirmation_is_shown_next_to_the_form_even_when_the_page_was_cached(client, seed):
    first = client.get(f"/errors/{CARD}/")
    response = client.post(REPORT, {"reason": "wrong", "details": "line moved"})
    assert response.status_code == 302
    assert response["Location"] == f"/errors/{CARD}/?reported=1#report"
    # A browser that kept the card revalidates with its ETag: it must get the page, not a 304.
    after = client.get(f"/errors/{CARD}/?reported=1", headers={"If-None-Match": first["ETag"]})
    assert after.status_code == 200
    assert "no-store" in after["Cache-Control"]
    form = report_form(after.content.decode())
    assert form.startswith('<details id="report" class="report" open>')
    assert "Thank you: a curator will read your report." in form
    assert "Thank you" not in client.get(f"/errors/{CARD}/").content.decode()
