"""A written call reads `self.name` at the start of `__init__` as the literal its class binds in its body
(`storage = None`), when every class of its chain is plain and nothing else binds the name: the call is then
written (`BaseStorageFinder()`); where another binding may be the one read, no call is written."""

from tests.harvest.published import harvest_published

WRITTEN = "A call that raises it, written from the code (not taken from a test):"

# Reduced from django/contrib/staticfiles/finders.py:46-55, 268-284 (Django 5.2.19).
FINDERS = '''
from django.core.exceptions import ImproperlyConfigured


class BaseFinder:
    """
    A base file finder to be used for custom staticfiles finder classes.
    """

    def check(self, **kwargs):
        raise NotImplementedError(
            "subclasses may provide a check() method to verify the finder is "
            "configured correctly."
        )


class BaseStorageFinder(BaseFinder):
    """
    A base static files finder to be used to extended
    with an own storage class.
    """

    storage = None

    def __init__(self, storage=None, *args, **kwargs):
        if storage is not None:
            self.storage = storage
        if self.storage is None:
            raise ImproperlyConfigured(
                "The staticfiles storage finder %r "
                "doesn't have a storage class "
                "assigned." % self.__class__
            )
'''
# The same class, its attribute bound again under an `if` in its body: which binding is read is not certain.
BRANCHED = (
    FINDERS.replace("    storage = None\n", "    storage = None\n    if ImproperlyConfigured:\n        storage = 1\n")
    .replace("class BaseStorageFinder", "class BranchedFinder")
    .replace("finder %r", "finder %r (branched)")
)
# The value bound by the base, under a class that lists the name in `__slots__`: its empty slot is read first,
# and `SlottedFinder()` raises AttributeError, not the card's error.
SLOTTED = (
    FINDERS.replace("    storage = None\n", "")
    .replace("class BaseFinder:", "class BaseFinder:\n    storage = None\n")
    .replace(
        "class BaseStorageFinder(BaseFinder):",
        'class Slots(BaseFinder):\n    __slots__ = ("storage",)\n\n\nclass SlottedFinder(Slots):',
    )
    .replace("assigned.", "assigned (slotted).")
)
# The finder's attribute private (`__storage`), bound by its base: `self.__storage` in the finder is
# `self._PrivateFinder__storage`, which no class binds: AttributeError again.
PRIVATE = (
    FINDERS.replace("    storage = None\n", "")
    .replace("class BaseFinder:", "class BaseFinder:\n    __storage = None\n")
    .replace("class BaseStorageFinder", "class PrivateFinder")
    .replace("self.storage", "self.__storage")
    .replace("assigned.", "assigned (private).")
)
FILES = {
    "django/__init__.py": "",
    "django/core/__init__.py": "",
    "django/core/exceptions.py": "class ImproperlyConfigured(Exception):\n    pass\n",
    "django/contrib/__init__.py": "",
    "django/contrib/staticfiles/__init__.py": "",
    "django/contrib/staticfiles/finders.py": FINDERS,
    "django/contrib/staticfiles/branched.py": BRANCHED,
    "django/contrib/staticfiles/slotted.py": SLOTTED,
    "django/contrib/staticfiles/private.py": PRIVATE,
}


def _how(cards: dict, words: str) -> str:
    return next(entry for message, entry in cards.items() if words in message).generated.get("how_to_trigger", "")


def test_a_class_attribute_read_through_self_is_its_literal(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    how = _how(cards, "doesn't have a storage class assigned.")
    assert "from django.contrib.staticfiles.finders import BaseStorageFinder\n\nBaseStorageFinder()" in how


def test_no_call_is_written_where_the_class_binds_the_attribute_twice(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert WRITTEN not in _how(cards, "(branched)")


def test_no_call_is_written_where_a_slot_of_the_name_comes_before_the_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert WRITTEN not in _how(cards, "(slotted)")


def test_no_call_is_written_for_a_private_name_a_base_binds(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert WRITTEN not in _how(cards, "(private)")
