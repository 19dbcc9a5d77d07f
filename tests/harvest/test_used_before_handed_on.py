"""A caller that uses a value as an object (reads or sets an attribute of it, subscripts it, calls a method on it)
before it hands it on never hands on None under that name: round 34's card 13 said Django's "Fallback to
request.user when user is None" warning is reached from `ClientMixin.force_login()`, which sets `user.backend`
before `self._login(user, backend)` hands `user` to `login()`: `force_login(None)` fails on that line first."""

import pytest

from tests.harvest.test_evidence import site_of
from tests.harvest.test_messages import harvest_source

# Reduced from django/contrib/auth/__init__.py:153-169 and django/test/client.py:829-886 (Django 5.2.19); `login`
# calls `self._login(user)` only `if user:` (client.py:839-840).
SOURCE = """
import warnings


class RemovedInDjango61Warning(PendingDeprecationWarning):
    pass


def login(request, user, backend=None):
    session_auth_hash = ""
    # RemovedInDjango61Warning.
    if user is None:
        user = request.user
        warnings.warn(
            "Fallback to request.user when user is None will be removed.",
            RemovedInDjango61Warning,
            stacklevel=2,
        )
    request.session[SESSION_KEY] = user._meta.pk.value_to_string(user)


class ClientMixin:
    def login(self, **credentials):
        user = authenticate(**credentials)
        if user:
            self._login(user)
            return True
        return False

    def force_login(self, user, backend=None):
        if backend is None:
            backend = self._get_backend()
        user.backend = backend
        self._login(user, backend)

    def _login(self, user, backend=None):
        # Create a fake request to store login details.
        request = HttpRequest()
        login(request, user, backend)
        # Save the session values.
        request.session.save()

"""

WORDS = "Fallback to request.user when user is None"


def _ways_in(tmp_path, source: str = SOURCE) -> set[str]:
    evidence = site_of(harvest_source(tmp_path, source).sites, WORDS).evidence
    return {row["function"] for row in (*evidence["entry_points"], *evidence.get("callers", []))}


def test_a_caller_that_sets_an_attribute_first_hands_on_no_none(tmp_path) -> None:
    found = _ways_in(tmp_path)
    assert "ClientMixin.force_login" not in found
    assert "login" in found


# Ours, in place of `force_login`'s use of `user`: a use that a test may skip, one under `getattr` or `hasattr`,
# one inside a `try`, one past an `and`, one that binds the name anew before it hands it on, a dunder every None has.
LOOSE = [
    "        if backend:\n            user.backend = backend\n",
    "        getattr(user, 'backend', None)\n        hasattr(user, 'pk')\n",
    "        try:\n            user.backend = backend\n        except AttributeError:\n            pass\n",
    "        backend and user.backend\n",
    "        user.backend = backend\n        user = self.fallback(user)\n",
    "        user.__class__\n",
]


@pytest.mark.parametrize("use", LOOSE)
def test_a_use_a_test_may_skip_or_that_none_survives_proves_nothing(tmp_path, use: str) -> None:
    source = SOURCE.replace("        user.backend = backend\n        self._login", use + "        self._login")
    assert "ClientMixin.force_login" in _ways_in(tmp_path, source)


def test_a_subscript_or_a_method_call_first_hands_on_no_none_either(tmp_path) -> None:
    source = SOURCE.replace(
        "        user.backend = backend\n        self._login", "        user['backend']\n        self._login"
    )
    assert "ClientMixin.force_login" not in _ways_in(tmp_path, source)
    source = SOURCE.replace(
        "        user.backend = backend\n        self._login", "        user.save()\n        self._login"
    )
    assert "ClientMixin.force_login" not in _ways_in(tmp_path, source)
