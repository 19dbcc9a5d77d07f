"""Solutions where the code itself says the fix (issue 29's S, round 28's cards 16-20): the values a membership
test allows, listed one by one or named by the module prefix they are gathered from, any letter case where the test
folds it, and the type an attribute set from an argument as it came must have. Nothing where the attribute holds
what the class chose and "a value other than" it would throw that choice away."""

from tests.harvest.published import harvest_published, solutions

# djangorestframework 3.18.3 rest_framework/fields.py:998-1037 (DecimalField.__init__), reduced to the arguments
# its checks read.
DECIMAL_FIELD = """
import decimal
import warnings


class DecimalField:
    def __init__(self, max_digits, decimal_places, max_value=None, min_value=None, rounding=None, **kwargs):
        self.max_digits = max_digits
        self.max_value = max_value
        self.min_value = min_value

        if self.max_value is not None and not isinstance(self.max_value, (int, decimal.Decimal)):
            raise TypeError("max_value should be an integer or Decimal instance.")

        if rounding is not None:
            valid_roundings = [v for k, v in vars(decimal).items() if k.startswith('ROUND_')]
            assert rounding in valid_roundings, (
                'Invalid rounding option %s. Valid values for rounding are: %s' % (rounding, valid_roundings))
        self.rounding = rounding
"""

# Django 5.2.19 django/http/response.py:220-280 (HttpResponseBase.set_cookie), reduced to its samesite check.
RESPONSE = """
class HttpResponseBase:
    def set_cookie(self, key, value="", max_age=None, path="/", domain=None, secure=False, samesite=None):
        if samesite:
            if samesite.lower() not in ("lax", "none", "strict"):
                raise ValueError('samesite must be "lax", "none", or "strict".')
            self.cookies[key]["samesite"] = samesite

    def dates(self, field_name, kind, order="ASC"):
        if kind not in ("year", "month", "week", "day"):
            raise ValueError("'kind' must be one of 'year', 'month', 'week', or 'day'.")
        return field_name
"""

# Django 5.2.19 django/utils/translation/trans_real.py:137-183 (DjangoTranslation.__init__), reduced: the class's own
# `domain` stands unless one is passed.
TRANS_REAL = """
from django.conf import settings


class DjangoTranslation:
    domain = "django"

    def __init__(self, language, domain=None, localedirs=None):
        if domain is not None:
            self.domain = domain
        self.language = language
        self._catalog = None
        if self.language == settings.LANGUAGE_CODE and self.domain == "django" and self._catalog is None:
            raise OSError("No translation files found for default language %s." % settings.LANGUAGE_CODE)
"""


def test_an_argument_among_a_modules_prefixed_names_is_advised_by_that_prefix(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/fields.py": DECIMAL_FIELD}, repo="encode/django-rest-framework"
    )
    assert solutions(cards, "Invalid rounding option") == [
        "Pass one of the `decimal.ROUND_*` values as `rounding` to `DecimalField()`."
    ]


def test_an_attribute_set_from_an_argument_as_it_came_is_advised_as_that_argument(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/fields.py": DECIMAL_FIELD}, repo="encode/django-rest-framework"
    )
    # The `is not None` part only says a value was given: "Pass `None`" would drop the user's bound.
    assert solutions(cards, "max_value should be") == [
        "Pass an `int` or a `decimal.Decimal` as `max_value` to `DecimalField()`."
    ]


def test_a_value_lowered_before_a_membership_test_may_come_in_any_letter_case(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/http/response.py": RESPONSE})
    assert solutions(cards, "samesite must be") == [
        "Pass one of `'lax'`, `'none'` or `'strict'` (in any letter case) as `samesite` to"
        " `HttpResponseBase.set_cookie()`."
    ]


def test_a_literal_tuple_of_allowed_values_is_listed_one_by_one(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/http/response.py": RESPONSE})
    assert solutions(cards, "'kind' must be one of") == [
        "Pass one of `'year'`, `'month'`, `'week'` or `'day'` as `kind` to `HttpResponseBase.dates()`."
    ]


def test_an_attribute_the_class_chose_is_not_advised_away(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/utils/translation/trans_real.py": TRANS_REAL})
    assert not any("domain" in said for said in solutions(cards, "No translation files found"))


# Django 5.2.19 django/db/backends/base/operations.py:730-735 (BaseDatabaseOperations.window_frame_rows_start_end).
OPERATIONS = """
class BaseDatabaseOperations:
    def window_frame_rows_start_end(self, start=None, end=None):
        if isinstance(start, int) and isinstance(end, int) and start > end:
            raise ValueError("start cannot be greater than end.")
        return start, end
"""


def test_an_order_between_two_arguments_is_advised_as_that_order(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/backends/base/operations.py": OPERATIONS})
    assert solutions(cards, "start cannot be greater") == [
        "Pass `start` of at most `end` to `BaseDatabaseOperations.window_frame_rows_start_end()`."
    ]


# pydash 8.1.0 src/pydash/utilities.py:1160-1166 (retry) with helpers.py:24 (round 32's card 23, after its round):
# `NUMBER_TYPES` is a tuple of types named as a constant, not a class a reader can pass.
RETRY = """
from decimal import Decimal

NUMBER_TYPES = (int, float, Decimal)


def retry(attempts=3, delay=0.5):
    if not isinstance(attempts, int) or attempts <= 0:
        raise ValueError("attempts must be an integer greater than 0")
    if not isinstance(delay, NUMBER_TYPES) or delay < 0:
        raise ValueError("delay must be a number greater than or equal to 0")
    return attempts
"""


def test_a_constant_holding_types_is_never_advised_as_a_type(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"pydash/utilities.py": RETRY}, repo="dgilland/pydash")
    advised = solutions(cards, "delay must be a number")
    assert not any("NUMBER_TYPES" in said for said in advised)
    assert solutions(cards, "attempts must be an integer") == [
        "Pass an `int` as `attempts` and `attempts` greater than `0` to `retry()`."
    ]
