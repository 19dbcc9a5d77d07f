"""A local bound again between a test and the raise is said at that test by the binding that reaches the test,
not left as "one more check" (round 31's card 13: `parsed` is `parse_datetime(value)` at the first guard and
`parse_date(value)` at the second). What reaches the raise stays what the site's definitions say."""

import pytest

from kb.models import RaiseSite
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


# django/db/models/query.py:2338-2391 (Django 5.2.19, `prefetch_related_objects`), reduced: `obj_list` is tested at
# the top of each pass and bound again further down the loop, between that test and the raise.
PREFETCH = """
def prefetch_related_objects(model_instances, *related_lookups):
    for lookup in related_lookups:
        obj_list = model_instances
        through_attrs = lookup.prefetch_through.split(LOOKUP_SEP)
        for level, through_attr in enumerate(through_attrs):
            if not obj_list:
                break
            prefetch_to = lookup.get_current_prefetch_to(level)
            if prefetch_to in done_queries:
                obj_list = done_queries[prefetch_to]
                continue
            first_obj = obj_list[0]
            prefetcher, descriptor, attr_found, is_fetched = get_prefetcher(first_obj, through_attr, to_attr)
            if not attr_found:
                raise AttributeError(f"Cannot find '{through_attr}' on {first_obj.__class__.__name__} object")
            obj_list = new_obj_list
"""


@pytest.mark.django_db
def test_a_test_in_a_loop_reads_what_the_loop_binds_below_it_too(git_repo) -> None:
    """On a later pass the test reads `done_queries[prefetch_to]` or `new_obj_list`, not `model_instances`: the
    binding above the test is not all that reaches it, and the card does not say it is."""
    harvest_published(git_repo, {"django/db/models/query.py": PREFETCH})
    [site] = RaiseSite.objects.filter(entry__message__startswith="Cannot find")
    at_test = [row for row in site.evidence.get("definitions_at", []) if row["name"] == "obj_list"]
    assert {(row["code"], row["line"]) for row in at_test} == {
        ("model_instances", 3),
        ("done_queries[prefetch_to]", 10),
        ("new_obj_list", 16),
    }
    assert "model_instances" not in str(site.entry.generated)


# django/db/migrations/operations/special.py:120-131 (Django 5.2.19), reduced: `sql` is bound again below the test,
# but each pass of the loop binds it anew (`for sql in sqls`) before the test reads it.
RUN_SQL = """
class RunSQL(Operation):
    def _run_sql(self, schema_editor, sqls):
        if isinstance(sqls, (list, tuple)):
            for sql in sqls:
                params = None
                if isinstance(sql, (list, tuple)):
                    elements = len(sql)
                    if elements == 2:
                        sql, params = sql
                    else:
                        raise ValueError("Expected a 2-tuple but got %d" % elements)
                schema_editor.execute(sql, params=params)
"""


@pytest.mark.django_db
def test_a_loop_that_binds_the_name_anew_each_pass_keeps_the_test(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/migrations/operations/special.py": RUN_SQL})
    [trigger] = [e.generated["trigger"] for message, e in cards.items() if message.startswith("Expected a 2-tuple")]
    assert "- one of the items of the `sqls` argument is an instance of `list` or `tuple` (line 6)" in trigger
    assert "more check" not in trigger
