"""A raise that tests one public class attribute of the object says, first, what the reader's class did (issue 29,
round 23's cards 04 and 08): it left the attribute at the class's literal, or set it to a value the test meets. Said
only of a literal no class or method of the library sets again; never of an attribute a constructor argument sets."""

import pytest

from tests.harvest.published import harvest_published

# django/test/testcases.py:1097, 1436-1468 (Django 5.2.19), reduced.
TESTCASES = """
class TransactionTestCase:
    reset_sequences = False


class TestCase(TransactionTestCase):
    @classmethod
    def _databases_support_transactions(cls):
        return True

    @classmethod
    def _fixture_setup(cls):
        if not cls._databases_support_transactions():
            return None
        if cls.reset_sequences:
            raise TypeError("reset_sequences cannot be used on TestCase instances")
        return None
"""
# docs/topics/testing/advanced.txt:354-357 (Django 5.2.19).
ADVANCED_TXT = """
.. attribute:: TransactionTestCase.reset_sequences

    Setting ``reset_sequences = True`` on a ``TransactionTestCase`` will make
    sure sequences are always reset before the test run.
"""
# django/contrib/auth/mixins.py:75-92 (Django 5.2.19), reduced.
MIXINS = '''
class ImproperlyConfigured(Exception):
    pass


class PermissionRequiredMixin:
    """Verify that the current user has all specified permissions."""

    permission_required = None

    def get_permission_required(self):
        """
        Override this method to override the permission_required attribute.
        Must return an iterable.
        """
        if self.permission_required is None:
            raise ImproperlyConfigured(
                f"{self.__class__.__name__} is missing the "
                f"permission_required attribute. Define "
                f"{self.__class__.__name__}.permission_required, or override "
                f"{self.__class__.__name__}.get_permission_required()."
            )
        return self.permission_required
'''
# django/contrib/postgres/indexes.py:40-52 (Django 5.2.19), reduced: an attribute the constructor sets from its
# argument is the argument, and stays said as such.
INDEXES = """
class BloomIndex:
    suffix = "bloom"

    def __init__(self, *expressions, length=None, columns=()):
        if not isinstance(columns, (list, tuple)):
            raise ValueError("BloomIndex.columns must be a list or tuple.")
        self.columns = columns
"""
RESET = "reset_sequences cannot be used on TestCase instances"
MISSING = (
    "{class_name} is missing the permission_required attribute. Define {class_name}.permission_required, or override "
    "{class_name}.get_permission_required()."
)


@pytest.mark.django_db
def test_what_the_class_in_use_did_leads_the_meaning(git_repo) -> None:
    entries = harvest_published(
        git_repo,
        {
            "django/test/testcases.py": TESTCASES,
            "docs/topics/testing/advanced.txt": ADVANCED_TXT,
            "django/contrib/auth/mixins.py": MIXINS,
            "django/contrib/postgres/indexes.py": INDEXES,
        },
    )
    reset = entries[RESET].generated.get("meaning", "")
    # A classmethod's `cls.reset_sequences` is the class attribute: set to a true value by the reader's class.
    assert reset.startswith(
        "The class in use (`TestCase` or a subclass of it) sets `reset_sequences` to a true value, where "
        "`TransactionTestCase` declares it `False`: `TypeError` is raised in `TestCase._fixture_setup`"
    )
    assert "`TransactionTestCase.reset_sequences` is documented (" in reset  # the docs on that very name
    assert "(by default `False`) is true" in entries[RESET].generated.get("trigger", "")
    missing = entries[MISSING].generated.get("meaning", "")
    assert missing.startswith(
        "The class in use (`PermissionRequiredMixin` or a subclass of it) leaves `permission_required` at "
        "`PermissionRequiredMixin`'s default, `None`: `PermissionRequiredMixin.get_permission_required()` raises this."
    )
    assert "is `None`" not in missing  # the trigger section's condition is not said again
    # A constructor's own argument is no class attribute the reader's class sets.
    columns = entries["BloomIndex.columns must be a list or tuple."].generated.get("meaning", "")
    assert columns == "`BloomIndex()` was called with a `columns` that is not an instance of `list` or `tuple`."
