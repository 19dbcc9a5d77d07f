"""A `raise E` in a `try` whose `except` of a base of `E` (`Exception`, a builtin base, a tuple holding one) holds
the card's raise leads into that raise: it is no early exit (round 27's card 16). A raise the `except` does not
catch still ends the call first, and stays one."""

from tests.harvest.published import harvest_published

# django/forms/utils.py:215-235 (Django 5.2.19), reduced: `raise ValueError(...)` (line 224) is caught by the
# `except Exception as exc:` that raises ValidationError; `return timezone.make_aware(...)` (225), under no test in
# the `try`, is no exit either: it returns only when the `try` raised nothing (round 28's cards 04 and 15).
FROM_CURRENT_TIMEZONE = """
def from_current_timezone(value):
    if settings.USE_TZ and value is not None and timezone.is_naive(value):
        current_timezone = timezone.get_current_timezone()
        try:
            if timezone._datetime_ambiguous_or_imaginary(value, current_timezone):
                raise ValueError("Ambiguous or non-existent time.")
            return timezone.make_aware(value, current_timezone)
        except Exception as exc:
            raise ValidationError("couldn't be interpreted in time zone", code="ambiguous_timezone") from exc
    return value
"""

# django/db/models/query.py:1670-1679 (Django 5.2.19), reduced: the `raise ValueError(...)` of the `try` is not
# caught by its `except (TypeError, AttributeError):`, so it ends the call before the TypeError.
ANNOTATE = """
class QuerySet:
    def _annotate(self, args, kwargs):
        annotations = {}
        for arg in args:
            try:
                if arg.default_alias in kwargs:
                    raise ValueError("The named annotation '%s' conflicts." % arg.default_alias)
            except (TypeError, AttributeError):
                raise TypeError("Complex annotations require an alias")
            annotations[arg.default_alias] = arg
"""


def test_a_raise_caught_by_an_except_of_exception_is_no_early_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/forms/utils.py": FROM_CURRENT_TIMEZONE})
    trigger = cards["couldn't be interpreted in time zone"].generated["trigger"]
    assert "exits first" not in trigger
    assert "line 6" not in trigger
    assert "line 7" not in trigger


# django/http/response.py:48-80 and 103-104 (Django 5.2.19), reduced: `BadHeaderError` is a `ValueError`, which
# `except UnicodeError` does not catch (UnicodeError is the subclass): the first raise (line 10 here) stays an exit
# of the second (line 13).
CONVERT_TO_CHARSET = """
class BadHeaderError(ValueError):
    pass


class ResponseHeaders:
    def _convert_to_charset(self, value, charset, mime_encode=False):
        try:
            value.encode(charset)
            if "\\n" in value or "\\r" in value:
                raise BadHeaderError(f"Header values can't contain newlines (got {value!r})")
        except UnicodeError as e:
            if isinstance(value, str) and ("\\n" in value or "\\r" in value):
                raise BadHeaderError(f"Header values can't contain newlines (got {value!r})") from e
        return value
"""


def test_a_raise_its_except_does_not_catch_is_still_an_early_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/query.py": ANNOTATE})
    [site] = cards["Complex annotations require an alias"].sites.all()
    assert site.evidence["exits_above"] == [7]


def test_a_raise_of_a_class_whose_builtin_base_is_not_caught_is_still_an_early_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/http/response.py": CONVERT_TO_CHARSET})
    [site] = [s for s in cards["Header values can't contain newlines (got {value})"].sites.all() if s.line == 13]
    assert site.evidence["exits_above"] == [10]
