"""A 390 px phone: no page is wider than the screen (long inline code and exception types wrap)."""

import pytest
from playwright.sync_api import expect

from tests.samples import CARD

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = [
    "/",
    "/search/?q=field",
    f"/errors/{CARD}/",
    "/errors/2f70a93935f33691/",
    "/repos/sgl-project/sglang/",
    "/repos/django/django/",
    "/repos/",
]


def test_no_page_scrolls_sideways_on_a_phone(page, live_server, live_seed):
    page.set_viewport_size(PHONE)
    too_wide = {}
    for path in PAGES:
        assert page.goto(live_server.url + path).ok, path  # the page itself, not an error page, is checked
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if width[0] > width[1]:
            too_wide[path] = width
    assert too_wide == {}


def test_the_home_pages_lookup_results_fit_a_phone(page, live_server, live_seed):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")
    page.fill("textarea[name=text]", "django.template.exceptions.TemplateDoesNotExist: blog/post_list.html")
    page.click("button[type=submit] >> text=Find the entry")
    expect(page.locator(".lookup-match").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
