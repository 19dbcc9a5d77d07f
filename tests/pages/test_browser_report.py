"""Reporting an issue in a real browser: the thank-you shows next to the form, even when the card was cached."""

import pytest
from playwright.sync_api import expect

from kb.models import Report
from tests.samples import CARD

pytestmark = pytest.mark.browser


def test_the_thank_you_is_visible_next_to_the_form_after_a_report(page, live_server, live_seed):
    page.goto(f"{live_server.url}/errors/{CARD}/")
    page.reload()  # the browser now holds the card with its ETag, as a reader who came back does
    page.get_by_text("Report an issue").click()
    page.get_by_label("It is out of date").check()
    page.get_by_label("What should change? (optional)").fill("The line moved.")
    page.get_by_role("button", name="Send report").click()
    expect(page.locator("#report").get_by_text("Thank you: a curator will read your report.")).to_be_visible()
    assert Report.objects.get().details == "The line moved."


def test_a_second_identical_report_shows_the_thank_you_again_and_is_folded(page, live_server, live_seed):
    for _ in range(2):
        page.goto(f"{live_server.url}/errors/{CARD}/")
        page.get_by_text("Report an issue").click()
        page.get_by_label("Something here is wrong").check()
        page.get_by_role("button", name="Send report").click()
        expect(page.locator("#report").get_by_text("Thank you: a curator will read your report.")).to_be_visible()
    assert list(Report.objects.values_list("reason", "count")) == [("wrong", 2)]
