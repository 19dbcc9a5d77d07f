"""Concrete solutions where round 30's cards had none or echoed the message (its point 4): an argument a constructor
stores in a tuple assignment, a class attribute an exit above the raise tests, a special method that raises on every
use, and a request header the raise tests only for its absence."""

from tests.harvest.published import harvest_published, solutions

# Django 5.2.19 django/db/models/fields/__init__.py:186-218 and 805-827 (Field), reduced to `blank` and `null`;
# django/core/validators.py:500-560 (DecimalValidator), reduced to its digit limit.
FIELDS = """
from django.core import exceptions


class Field:
    empty_values = [None, "", [], (), {}]

    def __init__(self, verbose_name=None, name=None, max_length=None, unique=False, blank=False, null=False):
        self.name = name
        self.verbose_name = verbose_name
        self.max_length, self._unique = max_length, unique
        self.blank, self.null = blank, null

    def validate(self, value, model_instance):
        if value is None and not self.null:
            raise exceptions.ValidationError("This field cannot be null.", code="null")
        if not self.blank and value in self.empty_values:
            raise exceptions.ValidationError("This field cannot be blank.", code="blank")


class DecimalValidator:
    def __init__(self, max_digits, decimal_places):
        self.max_digits = max_digits
        self.decimal_places = decimal_places

    def __call__(self, value):
        digits = len(str(value))
        if self.max_digits is not None and digits > self.max_digits:
            raise exceptions.ValidationError("Ensure that there are no more than %(max)s digits in total.")
"""


def test_an_argument_a_tuple_assignment_stores_is_advised_as_its_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": FIELDS})
    assert solutions(cards, "cannot be blank") == ["Pass `True` as `blank` to `Field()`."]
    assert "Pass `True` as `null` to `Field()`." in solutions(cards, "cannot be null")


def test_a_limit_that_applies_only_when_set_is_not_advised_away(db, git_repo) -> None:
    # `self.max_digits is not None` only turns the check on: "pass `None` as `max_digits`" would drop the limit.
    cards = harvest_published(git_repo, {"django/db/models/fields/__init__.py": FIELDS})
    assert not any("max_digits" in said for said in solutions(cards, "digits in total"))


# Django 5.2.19 django/contrib/auth/views.py:35-62 (RedirectURLMixin), reduced to `next_page`.
VIEWS = """
from django.core.exceptions import ImproperlyConfigured
from django.shortcuts import resolve_url


class RedirectURLMixin:
    next_page = None
    redirect_field_name = "next"

    def get_default_redirect_url(self):
        \"\"\"Return the default redirect URL.\"\"\"
        if self.next_page:
            return resolve_url(self.next_page)
        raise ImproperlyConfigured("No URL to redirect to. Provide a next_page.")
"""


def test_a_class_attribute_an_exit_above_the_raise_tests_is_set_on_the_subclass(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/views.py": VIEWS})
    assert "Set `next_page` on your subclass of `RedirectURLMixin`." in solutions(cards, "Provide a next_page")


# The same method, with its exit above the raise made a raise of its own: setting `next_page` meets that error
# instead, so it is no fix for this one.
RAISING_EXIT = VIEWS.replace(
    "            return resolve_url(self.next_page)\n",
    '            raise ImproperlyConfigured("Set success_url, not next_page.")\n',
).replace("Provide a next_page.", "Provide a success_url.")


def test_a_class_attribute_whose_exit_above_raises_is_not_advised(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/auth/views.py": RAISING_EXIT})
    assert not any("next_page" in said for said in solutions(cards, "Provide a success_url"))


# Django 5.2.19 django/db/models/expressions.py:97-102, 151-154 and 894-897 (Combinable.__and__, __rand__,
# F.__contains__).
EXPRESSIONS = """
class Combinable:
    def __and__(self, other):
        if getattr(self, "conditional", False) and getattr(other, "conditional", False):
            return other
        raise NotImplementedError("Use .bitand(), .bitor(), and .bitxor() for bitwise logical operations.")

    def __rand__(self, other):
        raise NotImplementedError("Use .bitand(), .bitor(), and .bitxor() for bitwise logical operations.")


class F(Combinable):
    def __init__(self, name):
        self.name = name

    def __getitem__(self, subscript):
        return self.name[subscript]

    def __contains__(self, other):
        # Disable old-style iteration protocol inherited from implementing
        # __getitem__() to prevent this method from hanging.
        raise TypeError(f"argument of type '{self.__class__.__name__}' is not iterable")
"""


def test_a_use_that_raises_every_time_is_advised_against(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/expressions.py": EXPRESSIONS})
    assert solutions(cards, "is not iterable") == ["Avoid the `in` test on an `F`."]


def test_a_use_that_works_for_some_operands_or_subclasses_is_not_advised_against(db, git_repo) -> None:
    # `a & b` of two conditional expressions works; `NotImplementedError` leaves `__rand__` to subclasses, and
    # `SearchQuery` defines it (django/contrib/postgres/search.py:184): advice against `&` would be false.
    cards = harvest_published(git_repo, {"django/db/models/expressions.py": EXPRESSIONS})
    assert not any(said.startswith("Avoid") for said in solutions(cards, "bitwise logical operations"))


# Django 5.2.19 django/middleware/csrf.py:297-313 (CsrfViewMiddleware._check_referer), reduced to its first checks.
CSRF = """
from urllib.parse import urlsplit


class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _check_referer(self, request):
        referer = request.META.get("HTTP_REFERER")
        if referer is None:
            raise RejectRequest("Referer checking failed - no Referer.")
        referer = urlsplit(referer)
        if "" in (referer.scheme, referer.netloc):
            raise RejectRequest("Referer checking failed - Referer is malformed.")
"""


def test_a_header_the_raise_tests_only_for_its_absence_is_sent(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/middleware/csrf.py": CSRF})
    assert solutions(cards, "no Referer") == ["Send the request with a `Referer` header."]
    assert not any("header" in said for said in solutions(cards, "is malformed"))
