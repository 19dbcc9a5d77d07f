"""A private function's one caller calls it only under a test: that test is part of when its raises happen (round
30's card 04), said only where every call sits under it and it reads what the raising function is handed."""

from tests.harvest.published import harvest_published

# Reduced from django/middleware/csrf.py:298-300, 414-465 (Django 5.2.19).
CSRF = """
class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _reject(self, request, reason):
        return reason

    def _check_referer(self, request):
        referer = request.META.get("HTTP_REFERER")
        if referer is None:
            raise RejectRequest("Referer checking failed - no Referer.")

    def process_view(self, request, callback, callback_args, callback_kwargs):
        if request.method in ("GET", "HEAD", "OPTIONS", "TRACE"):
            return None
        if "HTTP_ORIGIN" in request.META:
            if not self._origin_verified(request):
                return self._reject(request, "bad origin")
        elif request.is_secure():
            try:
                self._check_referer(request)
            except RejectRequest as exc:
                return self._reject(request, exc.reason)
        return None

    def _origin_verified(self, request):
        return True
"""


def _trigger(git_repo, source: str, message: str) -> str:
    cards = harvest_published(git_repo, {"django/middleware/csrf.py": source})
    return cards[message].generated["trigger"]


def test_the_referer_check_says_process_view_calls_it_only_without_an_origin_header(db, git_repo):
    trigger = _trigger(git_repo, CSRF, "Referer checking failed - no Referer.")
    assert (
        "its only caller, `CsrfViewMiddleware.process_view()`, calls it only when the request has no `Origin` header, "
        "and past one more check (lines 18, 21)"
    ) in trigger


def test_a_second_call_under_another_test_says_nothing_of_either(db, git_repo):
    # The same call in the `if` branch too: the two calls' tests differ, so neither holds on every way in.
    source = CSRF.replace(
        'return self._reject(request, "bad origin")',
        'return self._reject(request, "bad origin")\n            self._check_referer(request)',
    )
    assert "its only caller" not in _trigger(git_repo, source, "Referer checking failed - no Referer.")


def test_a_test_on_the_caller_s_own_local_says_nothing(db, git_repo):
    # `secure` is the caller's own: the raising function's reader cannot say it for what it is.
    source = CSRF.replace("elif request.is_secure():", "elif (secure := request.is_secure()):")
    assert "its only caller" not in _trigger(git_repo, source, "Referer checking failed - no Referer.")


# Reduced from django/apps/config.py:24-47, 74-97 (Django 5.2.19).
APPS = """
class ImproperlyConfigured(Exception):
    pass


class AppConfig:
    def __init__(self, app_name, app_module):
        self.name = app_name
        self.module = app_module
        if not hasattr(self, "path"):
            self.path = self._path_from_module(app_module)

    def _path_from_module(self, module):
        paths = list(getattr(module, "__path__", []))
        if len(paths) != 1:
            filename = getattr(module, "__file__", None)
            if filename is not None:
                paths = [filename]
        if not paths:
            raise ImproperlyConfigured(
                "The app module %r has no filesystem location, you must configure this app with an AppConfig "
                "subclass with a 'path' class attribute." % module
            )
        return paths[0]
"""


def test_a_test_on_the_object_itself_is_said_of_the_object(db, git_repo):
    cards = harvest_published(git_repo, {"django/apps/config.py": APPS})
    [trigger] = [entry.generated["trigger"] for message, entry in cards.items() if "no filesystem" in message]
    assert "its only caller, `AppConfig.__init__()`, calls it only when the `AppConfig` has no `path` attribute" in (
        trigger
    )


def test_a_call_between_the_test_on_the_object_and_the_call_says_nothing(db, git_repo):
    # `self.setup()` may give the object a `path`: the test no longer says what holds at the call.
    source = APPS.replace(
        "            self.path = self._path_from_module(app_module)",
        "            self.setup()\n            self.path = self._path_from_module(app_module)",
    )
    cards = harvest_published(git_repo, {"django/apps/config.py": source})
    [trigger] = [entry.generated.get("trigger", "") for message, entry in cards.items() if "no filesystem" in message]
    assert "its only caller" not in trigger


# Reduced from django/db/models/query.py:1099-1120, 2038-2052 (Django 5.2.19).
QUERY = """
class QuerySet:
    def __init__(self, model=None, query=None):
        self.model = model
        self.query = query

    @property
    def ordered(self):
        return bool(self.query.order_by)

    def order_by(self, *field_names):
        return self

    def first(self):
        if self.ordered:
            queryset = self
        else:
            self._check_ordering_first_last_queryset_aggregation(method="first")
            queryset = self.order_by("pk")
        for obj in queryset[:1]:
            return obj

    def last(self):
        if self.ordered:
            queryset = self
        else:
            self._check_ordering_first_last_queryset_aggregation(method="last")
            queryset = self.order_by("-pk")
        for obj in queryset[:1]:
            return obj

    def _check_ordering_first_last_queryset_aggregation(self, method):
        if isinstance(self.query.group_by, tuple):
            raise TypeError(
                f"Cannot use QuerySet.{method}() on an unordered queryset performing aggregation. Add an ordering "
                "with order_by()."
            )
"""


def _aggregation_trigger(git_repo, source: str) -> str:
    cards = harvest_published(git_repo, {"django/db/models/query.py": source})
    [trigger] = [entry.generated.get("trigger", "") for message, entry in cards.items() if "unordered" in message]
    return trigger


def test_every_caller_calling_it_under_the_same_test_is_said_with_that_test(db, git_repo):
    assert (
        "each of its callers, `QuerySet.first()` and `QuerySet.last()`, calls it only when the `QuerySet`'s "
        "`ordered` is empty or false (lines 14, 23)"
    ) in _aggregation_trigger(git_repo, QUERY)


def test_callers_calling_it_under_different_tests_say_nothing(db, git_repo):
    source = QUERY.replace(
        "    def last(self):\n        if self.ordered:", "    def last(self):\n        if self.model is None:"
    )
    assert "callers" not in _aggregation_trigger(git_repo, source)


def test_a_with_block_entered_between_the_test_and_the_call_says_nothing(db, git_repo):
    # `self.lock()` runs between the test and the call, and may give the object a `path`.
    source = APPS.replace(
        "            self.path = self._path_from_module(app_module)",
        "            with self.lock():\n                self.path = self._path_from_module(app_module)",
    )
    cards = harvest_published(git_repo, {"django/apps/config.py": source})
    [trigger] = [entry.generated.get("trigger", "") for message, entry in cards.items() if "no filesystem" in message]
    assert "its only caller" not in trigger


# Reduced from django/views/generic/dates.py:21-64, 429-437 and 728-759 (Django 5.2.19): `_get_next_prev()` runs
# `_get_next_year` by a name it builds (`getattr(generic_view, "_get_next_%s" % period)`), from `get_next_year()`,
# whatever the direct caller's test. Its `get_dated_items()` is put under a test here to show it: Django's calls it
# under none.
DATES = """
from django.http import Http404


class YearMixin:
    allow_future = False

    def get_next_year(self, date):
        return _get_next_prev(self, date, is_previous=False, period="year")

    def _get_next_year(self, date):
        try:
            return date.replace(year=date.year + 1, month=1, day=1)
        except ValueError:
            raise Http404("Date out of range")

    def get_dated_items(self, date):
        if self.allow_future:
            return self._get_next_year(date)
        return date


def _get_next_prev(generic_view, date, is_previous, period):
    get_next = getattr(generic_view, "_get_next_%s" % period)
    return get_next(date)
"""


def test_a_function_the_module_also_runs_by_a_built_name_says_nothing(db, git_repo):
    cards = harvest_published(git_repo, {"django/views/generic/dates.py": DATES})
    assert "its only caller" not in cards["Date out of range"].generated["trigger"]
