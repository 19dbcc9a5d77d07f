"""A predicate whose body answers early before its one `return` (`if not self.allowed_versions: return True`, then
`return <expr>`) is read through as one expression: the early answer is an `or` (`True`) or an `and not` (`False`)
in front of what it returns (round 32's card 17, DRF's `is_allowed_version`, which the card could not say at all).
A guard that returns anything but `True` or `False` leaves the body as written, and so does a test that reads the
value itself (`is True`): `a or b` is only as true as the body's value, not that value."""

import textwrap

from tests.harvest.published import harvest_published

# Reduced from DRF 3.18.3: rest_framework/versioning.py:27-31 (`BaseVersioning.is_allowed_version`) and 42-48
# (`AcceptHeaderVersioning.determine_version`), the version read from the header left as the argument.
VERSIONING = textwrap.dedent(
    """
    class NotAcceptable(Exception):
        pass


    class BaseVersioning:
        allowed_versions = None

        def is_allowed_version(self, version):
            if not self.allowed_versions:
                return True
            return ((version is not None and version == self.default_version) or
                    (version in self.allowed_versions))


    class AcceptHeaderVersioning(BaseVersioning):
        def determine_version(self, request, version):
            if not self.is_allowed_version(version):
                raise NotAcceptable('Invalid version in "Accept" header.')
            return version

        def refuse(self, version):
            if not self.is_known(version):
                raise NotAcceptable("Unknown version.")
            return version

        def compare(self, version):
            if self.is_allowed_version(version) is True:
                raise NotAcceptable("Allowed by name.")
            return version

        def is_known(self, version):
            if version is None:
                return version
            return version in self.allowed_versions
    """
)


def _condition(cards, message: str) -> dict:
    [condition] = cards[message].sites.get().evidence["conditions"]
    return condition


def test_an_early_true_is_read_as_an_or(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/versioning.py": VERSIONING}, repo="encode/django-rest-framework"
    )
    condition = _condition(cards, 'Invalid version in "Accept" header.')
    assert condition["read_through"]["code"] == (
        "self.allowed_versions and (version is None or version != self.default_version)"
        " and (version not in self.allowed_versions)"
    )


def test_an_early_answer_that_is_no_truth_value_is_not_read_through(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/versioning.py": VERSIONING}, repo="encode/django-rest-framework"
    )
    assert "read_through" not in _condition(cards, "Unknown version.")


def test_a_test_of_the_value_itself_is_not_read_through(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/versioning.py": VERSIONING}, repo="encode/django-rest-framework"
    )
    assert "read_through" not in _condition(cards, "Allowed by name.")


# django-filter 26.2: django_filters/filters.py:238-250 (`MultipleChoiceFilter.is_noop`, as written), with its caller
# at 252-258 reduced to a raise where the real one returns the queryset.
NOOP = textwrap.dedent(
    """
    class MultipleChoiceFilter:
        def is_noop(self, qs, value):
            if self.always_filter:
                return False

            # A reasonable default for being a noop...
            if self.extra.get("required") and len(value) == len(self.field.choices):
                return True

            return False

        def filter(self, qs, value):
            if self.is_noop(qs, value):
                raise ValueError("Filtering on every choice is a no-op.")
            return qs
    """
)


def test_a_last_return_of_false_is_no_part_of_what_is_read_through(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django_filters/filters.py": NOOP}, repo="carltongibson/django-filter")
    condition = _condition(cards, "Filtering on every choice is a no-op.")
    assert condition["read_through"]["code"] == (
        "not self.always_filter and (self.extra.get('required') and len(value) == len(self.field.choices))"
    )
    assert "False" not in condition["read_through"]["sentence"]
