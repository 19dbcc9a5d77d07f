"""A local bound again between a test and the raise is said at that test by the binding that reaches the test,
not left as "one more check" (round 31's card 13: `parsed` is `parse_datetime(value)` at the first guard and
`parse_date(value)` at the second). What reaches the raise stays what the site's definitions say."""

import pytest

from tests.harvest.published import harvest_published
from tests.harvest.test_guards_in_a_try import DATETIME_FIELD

# django/middleware/csrf.py:315-333 (Django 5.2.19), reduced.
CSRF = """
from django.conf import settings

REASON_BAD_REFERER = "Referer checking failed - %s does not match any trusted origins."


class CsrfViewMiddleware(MiddlewareMixin):
    def _check_referer(self, request):
        referer = request.META.get("HTTP_REFERER")
        if referer is None:
            raise RejectRequest(REASON_NO_REFERER)
        good_referer = (
            settings.SESSION_COOKIE_DOMAIN
            if settings.CSRF_USE_SESSIONS
            else settings.CSRF_COOKIE_DOMAIN
        )
        if good_referer is None:
            try:
                good_referer = request.get_host()
            except DisallowedHost:
                raise RejectRequest(REASON_BAD_REFERER % referer)
"""


@pytest.mark.django_db
def test_a_test_above_a_new_binding_is_said_by_the_binding_it_reads(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/middleware/csrf.py": CSRF})
    [trigger] = [e.generated["trigger"] for message, e in cards.items() if message.startswith("Referer checking")]
    assert (
        "- `good_referer` is `None` (`good_referer` is `settings.SESSION_COOKIE_DOMAIN if settings.CSRF_USE_SESSIONS"
        " else settings.CSRF_COOKIE_DOMAIN`;" in trigger
    )
    assert "more check" not in trigger


@pytest.mark.django_db
def test_each_guard_on_a_local_bound_twice_says_its_own_binding(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": DATETIME_FIELD})
    trigger = cards["The value has an invalid format."].generated["trigger"]
    assert "- `parsed` is `None` (`parsed` is `parse_datetime(value)`) (line 11)" in trigger
    assert "- `parsed` is `None` (`parsed` is `parse_date(value)`) (line 18)" in trigger
    assert "more check" not in trigger
