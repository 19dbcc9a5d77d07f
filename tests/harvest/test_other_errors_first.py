"""An early exit above a raise that is itself a raise of another error is said as that: "unless
`CompositePrimaryKey.__init__` raises another error first", not "unless an earlier check ... exits first" (round 27's
cards 04, 14 and 20: the reader could not act on the check's words). A `return` above, a raise a `try` may catch, or
a raise of the same error keeps the old words: there the call may end without another error."""

import pytest

from tests.harvest.published import harvest_published
from tests.harvest.test_none_matched import SIGNER  # django/core/signing.py:230-237, reduced: a `return` on a match

# django/db/models/fields/composite.py:53-65 (Django 5.2.19), reduced.
COMPOSITE = """
class CompositePrimaryKey(Field):
    def __init__(self, *args, **kwargs):
        if (
            not args
            or not all(isinstance(field, str) for field in args)
            or len(set(args)) != len(args)
        ):
            raise ValueError("CompositePrimaryKey args must be unique strings.")
        if len(args) == 1:
            raise ValueError("CompositePrimaryKey must include at least two fields.")
        if kwargs.get("default", NOT_PROVIDED) is not NOT_PROVIDED:
            raise ValueError("CompositePrimaryKey cannot have a default.")
        if kwargs.get("db_default", NOT_PROVIDED) is not NOT_PROVIDED:
            raise ValueError("CompositePrimaryKey cannot have a database default.")
"""

# rest_framework/authentication.py:88-104 (DRF 3.18.3), reduced.
BASIC = """
class BasicAuthentication(BaseAuthentication):
    def authenticate_credentials(self, userid, password, request=None):
        credentials = {
            get_user_model().USERNAME_FIELD: userid,
            'password': password
        }
        user = authenticate(request=request, **credentials)

        if user is None:
            raise exceptions.AuthenticationFailed(_('Invalid username/password.'))

        if not user.is_active:
            raise exceptions.AuthenticationFailed(_('User inactive or deleted.'))

        return (user, None)
"""


# django/forms/utils.py:215-235 (Django 5.2.19), reduced to a raise in a `try` whose handler returns.
CAUGHT = """
def to_aware(value, tz):
    if value is None:
        return value
    try:
        if is_ambiguous(value, tz):
            raise ValueError("Ambiguous or non-existent time.")
    except Exception:
        return None
    if tz is None:
        raise ValidationError("No time zone")
"""


@pytest.mark.django_db
def test_raises_above_are_said_as_another_error_raised_first(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/fields/composite.py": COMPOSITE})
    generated = cards["CompositePrimaryKey cannot have a database default."].generated
    assert generated["meaning"].endswith(", unless `CompositePrimaryKey.__init__` raises another error first.")
    assert "- and `CompositePrimaryKey.__init__` raises no other error first (lines 8, 10)" in generated["trigger"]
    assert "exits first" not in generated["meaning"] + generated["trigger"]


@pytest.mark.django_db
def test_a_guard_raising_another_error_above_is_another_error(git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/authentication.py": BASIC}, "encode/django-rest-framework")
    trigger = cards["User inactive or deleted."].generated["trigger"]
    assert "- and `BasicAuthentication.authenticate_credentials` raises no other error first (line 10)" in trigger


@pytest.mark.django_db
def test_a_return_above_keeps_the_early_exit(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/signing.py": SIGNER})
    trigger = cards['Signature "{sig}" does not match'].generated["trigger"]
    assert "raises no other error" not in trigger


@pytest.mark.django_db
def test_a_raise_a_try_may_catch_is_no_other_error(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/forms/utils.py": CAUGHT})
    generated = cards["No time zone"].generated
    assert "another error" not in generated.get("meaning", "")
    assert "other error" not in generated.get("trigger", "")


# django/core/management/commands/makemigrations.py:113-164 (Django 5.2.19), reduced: a warning below a raise.
MAKEMIGRATIONS = """
class Command(BaseCommand):
    def handle(self, *app_labels, **options):
        self.migration_name = options["name"]
        if self.migration_name and not self.migration_name.isidentifier():
            raise CommandError("The migration name must be a valid Python identifier.")
        loader = MigrationLoader(None, ignore_no_migrations=True)
        for alias in sorted(connections):
            connection = connections[alias]
            try:
                loader.check_consistent_history(connection)
            except OperationalError as error:
                warnings.warn(
                    "Got an error checking a consistent migration history "
                    "performed for database connection '%s': %s" % (alias, error),
                    RuntimeWarning,
                )
"""


@pytest.mark.django_db
def test_the_raises_above_a_warning_are_errors_not_other_warnings(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/management/commands/makemigrations.py": MAKEMIGRATIONS})
    entry = next(entry for message, entry in cards.items() if message.startswith("Got an error checking"))
    trigger = entry.generated["trigger"]
    assert "- and `Command.handle` raises no error first (line 5)" in trigger
    assert "other error" not in trigger + entry.generated.get("meaning", "")
