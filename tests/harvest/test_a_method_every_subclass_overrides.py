"""A raise in a method that every subclass the library ships overrides is met on an object whose class inherits the
method unchanged, never on the library's own subclasses: the card names them (round 30's card 10)."""

from kb.models import ErrorEntry
from tests.harvest.published import harvest_published as harvest

# django/contrib/auth/views.py:35-62, 66-98, 125-156 (Django 5.2.19), reduced: both of the mixin's subclasses define
# their own `get_default_redirect_url`, which never calls the mixin's.
AUTH_VIEWS = '''
class ImproperlyConfigured(Exception):
    pass


def resolve_url(to):
    return to


class RedirectURLMixin:
    next_page = None

    def get_success_url(self):
        return self.get_redirect_url() or self.get_default_redirect_url()

    def get_redirect_url(self):
        return ""

    def get_default_redirect_url(self):
        """Return the default redirect URL."""
        if self.next_page:
            return resolve_url(self.next_page)
        raise ImproperlyConfigured("No URL to redirect to. Provide a next_page.")


class LoginView(RedirectURLMixin):
    def get_default_redirect_url(self):
        """Return the default redirect URL."""
        if self.next_page:
            return resolve_url(self.next_page)
        else:
            return resolve_url("/accounts/profile/")


class LogoutView(RedirectURLMixin):
    def get_default_redirect_url(self):
        """Return the default redirect URL."""
        if self.next_page:
            return resolve_url(self.next_page)
        return "/"
'''

# The same, with one subclass that inherits the mixin's method, and one whose override calls it through `super()`.
INHERITED = (
    AUTH_VIEWS
    + """

class PasswordView(RedirectURLMixin):
    pass
"""
)
SUPER = AUTH_VIEWS.replace('        return "/"\n', "        return super().get_default_redirect_url()\n")


def _trigger(git_repo, source: str) -> str:
    cards = harvest(git_repo, {"pkg/views.py": source}, "example/pkg")
    entry: ErrorEntry = next(e for message, e in cards.items() if "Provide a next_page" in message)
    return str(entry.generated.get("trigger") or "")


def test_a_method_every_shipped_subclass_overrides_names_them(db, git_repo):
    trigger = _trigger(git_repo, AUTH_VIEWS)
    assert (
        "The library's own subclasses of `RedirectURLMixin` all override `get_default_redirect_url()` (`LoginView`"
        " and `LogoutView` define their own): this one runs on an object of `RedirectURLMixin` itself, or of a"
        " subclass from outside the library (such as yours) that does not define `get_default_redirect_url()`."
    ) in trigger


def test_a_subclass_that_inherits_it_says_nothing(db, git_repo):
    assert "all override" not in _trigger(git_repo, INHERITED)


def test_an_override_that_calls_the_base_s_says_nothing(db, git_repo):
    assert "all override" not in _trigger(git_repo, SUPER)


# The same, with one subclass's method bound under the name from another of its methods, which calls the mixin's
# through `super()`.
ALIASED = AUTH_VIEWS.replace(
    """class LogoutView(RedirectURLMixin):
    def get_default_redirect_url(self):""",
    """class LogoutView(RedirectURLMixin):
    def _default_url(self):
        return super().get_default_redirect_url()

    get_default_redirect_url = _default_url

    def _unused(self):""",
)


def test_a_method_bound_from_one_that_calls_the_base_s_says_nothing(db, git_repo):
    assert "all override" not in _trigger(git_repo, ALIASED)
