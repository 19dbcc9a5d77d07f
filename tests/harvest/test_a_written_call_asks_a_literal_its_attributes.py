"""A written call evaluates `hasattr(request, "session")` and `context.__class__.__name__` on the builtin value it
chose (`None`, `1`): a literal's attributes are Python's own, so the test and the message are certain there."""

from tests.harvest.published import harvest_published

# Reduced from django/contrib/messages/storage/base.py:49-60 and session.py:1-22 (Django 5.2.19).
BASE = '''
class BaseStorage:
    """
    This is the base backend for temporary message storage.
    """

    def __init__(self, request, *args, **kwargs):
        self.request = request
'''
SESSION = '''
from django.contrib.messages.storage.base import BaseStorage
from django.core.exceptions import ImproperlyConfigured


class SessionStorage(BaseStorage):
    """
    Store messages in the session (that is, django.contrib.sessions).
    """

    session_key = "_messages"

    def __init__(self, request, *args, **kwargs):
        if not hasattr(request, "session"):
            raise ImproperlyConfigured(
                "The session-based temporary message storage requires session "
                "middleware to be installed, and come before the message "
                "middleware in the MIDDLEWARE list."
            )
        super().__init__(request, *args, **kwargs)
'''
# Reduced from django/template/context.py:286-300 (Django 5.2.19).
CONTEXT = '''
def make_context(context, request=None, **kwargs):
    """
    Create a suitable Context from a plain dict and optionally an HttpRequest.
    """
    if context is not None and not isinstance(context, dict):
        raise TypeError(
            "context must be a dict rather than %s." % context.__class__.__name__
        )
    return context
'''
FILES = {
    "django/__init__.py": "",
    "django/core/__init__.py": "",
    "django/core/exceptions.py": "class ImproperlyConfigured(Exception):\n    pass\n",
    "django/contrib/__init__.py": "",
    "django/contrib/messages/__init__.py": "",
    "django/contrib/messages/storage/__init__.py": "",
    "django/contrib/messages/storage/base.py": BASE,
    "django/contrib/messages/storage/session.py": SESSION,
    "django/template/__init__.py": "",
    "django/template/context.py": CONTEXT,
}


def _how(cards: dict, words: str) -> str:
    return next(entry for message, entry in cards.items() if words in message).generated.get("how_to_trigger", "")


def test_hasattr_of_a_literal_is_evaluated(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    how = _how(cards, "requires session middleware to be installed")
    assert "from django.contrib.messages.storage.session import SessionStorage\n\nSessionStorage(None)" in how


def test_the_class_name_of_a_literal_is_its_type_s(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert "from django.template.context import make_context\n\nmake_context(1)" in _how(
        cards, "context must be a dict rather than"
    )
