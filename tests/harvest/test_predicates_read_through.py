"""A test that calls the repository's own small function is said by what that function returns (issue 29, round
25's card 04): `not self._is_pk_set()` is "the `Model`'s `pk` is `None` or ...", read through `_is_pk_set`'s
body and `_get_pk_val`, the getter of the `pk` property. Before, the card said no condition at all. A hook the
user overrides, or a method a subclass of the tree overrides, is not read through: its body is not what decides."""

import textwrap

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19: django/db/models/base.py:655-672 (`_get_pk_val`, `pk`, `_is_pk_set`), 605-608
# (`__hash__`) and 1272-1277 (`delete`).
MODEL = textwrap.dedent(
    """
    class Model:
        def _get_pk_val(self, meta=None):
            meta = meta or self._meta
            return getattr(self, meta.pk.attname)

        def _set_pk_val(self, value):
            return setattr(self, self._meta.pk.attname, value)

        pk = property(_get_pk_val, _set_pk_val)

        def _is_pk_set(self, meta=None):
            pk_val = self._get_pk_val(meta)
            return not (
                pk_val is None
                or (isinstance(pk_val, tuple) and any(f is None for f in pk_val))
            )

        def __hash__(self):
            if not self._is_pk_set():
                raise TypeError("Model instances without primary key value are unhashable")
            return hash(self.pk)

        def delete(self, using=None, keep_parents=False):
            if not self._is_pk_set():
                raise ValueError(
                    "%s object can't be deleted because its %s attribute is set "
                    "to None." % (self._meta.object_name, self._meta.pk.attname)
                )
            return using
    """
)

# Reduced from Django 5.2.19: django/utils/timezone.py:211-221 (`is_aware`) and
# django/db/backends/base/operations.py:572-581 (`adapt_timefield_value`).
TIMEZONE = textwrap.dedent(
    """
    def is_aware(value):
        \"\"\"
        Determine if a given datetime.datetime is aware.
        \"\"\"
        return value.utcoffset() is not None
    """
)
OPERATIONS = textwrap.dedent(
    """
    from django.utils import timezone


    class BaseDatabaseOperations:
        def adapt_timefield_value(self, value):
            if value is None:
                return None
            if timezone.is_aware(value):
                raise ValueError("Django does not support timezone-aware times.")
            return str(value)
    """
)

# Reduced from Django 5.2.19: django/views/generic/dates.py:293-303 (`DateMixin.allow_future`,
# `get_allow_future`) and 676-684 (`BaseDateDetailView.get_object`'s test).
DATES = textwrap.dedent(
    """
    import datetime

    from django.http import Http404


    class DateMixin:
        allow_future = False

        def get_allow_future(self):
            return self.allow_future


    class BaseDateDetailView(DateMixin):
        def get_object(self, date):
            if not self.get_allow_future() and date > datetime.date.today():
                raise Http404("Future %s not available because %s.allow_future is False.")
            return date
    """
)

# Reduced from Django 5.2.19: django/core/validators.py:371-419 (`BaseValidator.__call__` and `compare`,
# `MaxValueValidator.compare`).
VALIDATORS = textwrap.dedent(
    """
    class ValidationError(Exception):
        pass


    class BaseValidator:
        def __init__(self, limit_value):
            self.limit_value = limit_value

        def __call__(self, value):
            if self.compare(value, self.limit_value):
                raise ValidationError("Ensure this value is %(limit_value)s.")

        def compare(self, a, b):
            return a is not b


    class MaxValueValidator(BaseValidator):
        def compare(self, a, b):
            return a > b
    """
)


def test_a_call_of_an_own_predicate_is_said_by_what_it_returns(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/base.py": MODEL})
    for message in ("{object_name} object can't be deleted", "Model instances without primary key value"):
        [entry] = [e for m, e in cards.items() if m.startswith(message)]
        assert (
            "- the `Model`'s `pk` is `None` or \\(the `Model`'s `pk` is an instance of `tuple` and an item of the "
            "`Model`'s `pk` is `None`\\)" in entry.generated["trigger"]
        )


def test_a_module_function_s_return_is_said_with_the_caller_s_argument(db, git_repo) -> None:
    files = {"django/utils/timezone.py": TIMEZONE, "django/db/backends/base/operations.py": OPERATIONS}
    cards = harvest_published(git_repo, files)
    trigger = cards["Django does not support timezone-aware times."].generated["trigger"]
    assert "- `value.utcoffset()` is not `None` (`value` is an argument) (line 8)" in trigger
    assert "on values it works out itself" not in trigger


def test_a_hook_the_user_overrides_is_not_read_through(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/views/generic/dates.py": DATES})
    [entry] = [e for m, e in cards.items() if m.startswith("Future ")]
    text = "\n".join(str(value) for value in entry.generated.values())
    assert "allow_future` (by default" not in text


def test_a_method_a_subclass_overrides_is_not_read_through(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/validators.py": VALIDATORS})
    [entry] = cards.values()
    [condition] = entry.sites.get().evidence["conditions"]
    assert condition["code"] == "self.compare(value, self.limit_value)"
    assert "read_through" not in condition  # `a is not b` is not what a `MaxValueValidator` runs
