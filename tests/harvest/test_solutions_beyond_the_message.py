"""Solutions the code says where the message only restates the rule (round 29's S, cards 13 and 15): every type an
`if`/`elif` chain of `isinstance` tests accepts on one argument before its `else` raises, any builtin type named
(`slice`), and a setting that must not hold a value said as "remove it from the setting", not "check the setting"
with the test's own code."""

from tests.harvest.published import harvest_published, solutions

# Django 5.2.19 django/db/models/expressions.py:998-1021 (Sliced.__init__), reduced to its type checks.
SLICED = """
class Sliced:
    def __init__(self, obj, subscript):
        self.obj = obj
        if isinstance(subscript, int):
            if subscript < 0:
                raise ValueError("Negative indexing is not supported.")
            self.start = subscript + 1
        elif isinstance(subscript, slice):
            if subscript.step is not None:
                raise ValueError("Step argument is not supported.")
            self.start = 1 if subscript.start is None else subscript.start + 1
        else:
            raise TypeError("Argument to slice must be either int or slice instance.")


class Window:
    def __init__(self, expression, frame=None):
        if isinstance(frame, str):
            self.frame = frame
        elif frame is not None:
            raise ValueError("Window.frame must be a string.")
"""

# Django 5.2.19 django/core/management/commands/loaddata.py:360-380 (Command.fixture_dirs), reduced to its checks.
LOADDATA = """
import os

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.functional import cached_property


class Command:
    @cached_property
    def fixture_dirs(self):
        dirs = []
        fixture_dirs = settings.FIXTURE_DIRS
        if len(fixture_dirs) != len(set(fixture_dirs)):
            raise ImproperlyConfigured("settings.FIXTURE_DIRS contains duplicates.")
        for app_config in apps.get_app_configs():
            app_label = app_config.label
            app_dir = os.path.join(app_config.path, "fixtures")
            if app_dir in [str(d) for d in fixture_dirs]:
                raise ImproperlyConfigured(
                    "'%s' is a default fixture directory for the '%s' app "
                    "and cannot be listed in settings.FIXTURE_DIRS." % (app_dir, app_label)
                )
            dirs.append(app_dir)
        return dirs


def check_serializer(name):
    if "django.contrib.sessions" not in settings.INSTALLED_APPS:
        raise ImproperlyConfigured("The sessions framework is needed by %s." % name)
"""


def test_every_type_an_isinstance_chain_takes_before_its_else_is_advised(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/expressions.py": SLICED})
    assert solutions(cards, "Argument to slice") == ["Pass an `int` or a `slice` as `subscript` to `Sliced()`."]


def test_a_chain_that_mixes_a_type_and_a_value_advises_both(db, git_repo) -> None:
    # `if isinstance(frame, str): ... elif frame is not None: raise`: a `str` takes the first branch, `None` the
    # last test's other way; neither alone is the whole advice.
    cards = harvest_published(git_repo, {"django/db/models/expressions.py": SLICED})
    assert solutions(cards, "Window.frame must be") == ["Pass a `str` or `None` as `frame` to `Window()`."]


def test_a_setting_that_must_not_list_a_value_is_advised_to_drop_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/management/commands/loaddata.py": LOADDATA})
    assert solutions(cards, "is a default fixture directory") == [
        "Remove the value the message shows as `{app_dir}` from the `FIXTURE_DIRS` setting."
    ]


def test_a_setting_that_must_list_a_value_is_advised_to_add_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/management/commands/loaddata.py": LOADDATA})
    assert solutions(cards, "The sessions framework is needed") == [
        "Add `'django.contrib.sessions'` to the `INSTALLED_APPS` setting."
    ]


# Django 5.2.19 django/db/migrations/operations/special.py:63-113 (RunSQL) and django/core/management/base.py:46-78
# (CommandParser), reduced to the attributes their raises read.
OPERATIONS = """
class RunSQL:
    def __init__(self, sql, reverse_sql=None, state_operations=None, hints=None, elidable=False):
        self.sql = sql
        self.reverse_sql = reverse_sql
        self.elidable = elidable

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if self.reverse_sql is None:
            raise NotImplementedError("You cannot reverse this operation")
        schema_editor.execute(self.reverse_sql)


class CommandError(Exception):
    pass


class CommandParser:
    def __init__(self, *, missing_args_message=None, called_from_command_line=None, **kwargs):
        self.missing_args_message = missing_args_message
        self.called_from_command_line = called_from_command_line

    def error(self, message):
        if self.called_from_command_line:
            print(message)
        else:
            raise CommandError("Error: %s" % message)
"""

# djangorestframework 3.18.3 rest_framework/fields.py:295-330 and 485-515 (Field), reduced to `allow_null`.
FIELD = """
class Field:
    def __init__(self, *, read_only=False, required=None, allow_null=False):
        self.read_only = read_only
        self.allow_null = allow_null

    def validate_empty_values(self, data):
        if data is None:
            if not self.allow_null:
                raise ValueError("This field may not be null.")
            return (True, None)
        return (False, data)
"""


def test_an_attribute_the_constructor_stores_is_advised_as_its_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/migrations/operations/special.py": OPERATIONS})
    assert solutions(cards, "You cannot reverse this operation") == [
        "Pass a value other than `None` as `reverse_sql` to `RunSQL()`."
    ]


def test_a_flag_false_by_default_is_advised_as_true(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/fields.py": FIELD}, repo="encode/django-rest-framework")
    assert solutions(cards, "may not be null") == ["Pass `True` as `allow_null` to `Field()`."]


def test_an_else_that_reports_the_fault_otherwise_advises_no_argument(db, git_repo) -> None:
    # Where `called_from_command_line` is true the parser exits instead: the fault stays, said another way.
    cards = harvest_published(git_repo, {"django/db/migrations/operations/special.py": OPERATIONS})
    assert not any("called_from_command_line" in said for said in solutions(cards, "Error: "))


# djangorestframework 3.18.3 rest_framework/throttling.py:56-95 and 171-230 (SimpleRateThrottle and its subclasses),
# reduced to `scope`.
THROTTLING = """
from django.core.exceptions import ImproperlyConfigured


class SimpleRateThrottle:
    scope = None

    def __init__(self):
        if not getattr(self, 'rate', None):
            self.rate = self.get_rate()

    def get_rate(self):
        if not getattr(self, 'scope', None):
            msg = ("You must set either `.scope` or `.rate` for '%s' throttle" %
                   self.__class__.__name__)
            raise ImproperlyConfigured(msg)
        return self.scope


class AnonRateThrottle(SimpleRateThrottle):
    scope = 'anon'


class ScopedRateThrottle(SimpleRateThrottle):
    scope_attr = 'throttle_scope'

    def __init__(self):
        pass

    def allow_request(self, request, view):
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        return True
"""


def test_an_attribute_read_through_getattr_is_set_on_the_users_subclass(db, git_repo) -> None:
    cards = harvest_published(
        git_repo, {"rest_framework/throttling.py": THROTTLING}, repo="encode/django-rest-framework"
    )
    # After the message's own "set either `.scope` or `.rate`", which names `.rate` too.
    assert solutions(cards, "You must set either")[-1] == "Set `scope` on your subclass of `SimpleRateThrottle`."


# Django 5.2.19 django/db/models/indexes.py:1-64 (Index.__init__), reduced to its `include` check.
INDEXES = """
from types import NoneType


class Index:
    def __init__(self, *expressions, fields=(), name=None, include=None):
        if not isinstance(include, (NoneType, list, tuple)):
            raise ValueError("Index.include must be a list or tuple.")
        self.include = tuple(include) if include else ()
"""


def test_nonetype_among_the_types_is_said_as_none(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/indexes.py": INDEXES})
    assert solutions(cards, "Index.include must be") == [
        "Pass `None`, a `list` or a `tuple` as `include` to `Index()`."
    ]


# djangorestframework 3.18.3 rest_framework/fields.py:818-844 and 853-880 (UUIDField, IPAddressField), each
# `self.fail('invalid', value=data)` said as the raise of its message.
UUID_FIELD = """
import uuid

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.ipv6 import clean_ipv6_address


class ValidationError(Exception):
    pass


class UUIDField:
    def to_internal_value(self, data):
        if not isinstance(data, uuid.UUID):
            try:
                if isinstance(data, int):
                    return uuid.UUID(int=data)
                elif isinstance(data, str):
                    return uuid.UUID(hex=data)
                else:
                    raise ValidationError("Must be a valid UUID.")
            except (ValueError):
                raise ValidationError("Must be a valid UUID.")
        return data


class IPAddressField:
    def __init__(self, protocol="both"):
        self.protocol = protocol.lower()
        self.unpack_ipv4 = self.protocol == "both"

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise ValidationError("Enter a valid IPv4 or IPv6 address.")

        if ":" in data:
            try:
                if self.protocol in ("both", "ipv6"):
                    return clean_ipv6_address(data, self.unpack_ipv4)
            except DjangoValidationError:
                raise ValidationError("Enter a valid IPv4 or IPv6 address.")

        return data
"""


def test_a_type_whose_value_runs_on_into_the_same_message_is_not_advised(db, git_repo) -> None:
    # A `str` that is no UUID fails in `uuid.UUID(hex=data)`, and the `except` below says the same message:
    # "Pass an `int` or a `str`" would send the reader who passed '825d7aeb-05a9' back to what they did.
    files = {"rest_framework/fields.py": UUID_FIELD}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    assert not any("`str`" in said for said in solutions(cards, "Must be a valid UUID.")), cards
    assert not any("`str`" in said for said in solutions(cards, "Enter a valid IPv4 or IPv6 address.")), cards


def test_a_type_check_whose_message_no_later_except_repeats_is_still_advised(db, git_repo) -> None:
    source = UUID_FIELD.replace(
        """            except (ValueError):
                raise ValidationError("Must be a valid UUID.")""",
        """            except (ValueError):
                raise ValidationError("Must be a valid hexadecimal UUID.")""",
    )
    cards = harvest_published(git_repo, {"rest_framework/fields.py": source}, repo="encode/django-rest-framework")
    assert solutions(cards, "Must be a valid UUID.") == [
        "Pass an `int` or a `str` as `data` to `UUIDField.to_internal_value()`."
    ]


# Django 5.2.19 django/contrib/staticfiles/utils.py:42-63 (check_settings).
STATICFILES = """
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def check_settings(base_url=None):
    \"\"\"Check if the staticfiles settings have sane values.\"\"\"
    if base_url is None:
        base_url = settings.STATIC_URL
    if not base_url:
        raise ImproperlyConfigured(
            "You're using the staticfiles app without having set the required STATIC_URL setting."
        )
    if settings.MEDIA_URL == base_url:
        raise ImproperlyConfigured("The MEDIA_URL and STATIC_URL settings must have different values")
    if (
        settings.DEBUG
        and settings.MEDIA_URL
        and settings.STATIC_URL
        and settings.MEDIA_URL.startswith(settings.STATIC_URL)
    ):
        raise ImproperlyConfigured("runserver can't serve media if MEDIA_URL is within STATIC_URL.")
"""


def test_a_setting_whose_truth_guards_another_part_is_not_advised_empty(db, git_repo) -> None:
    # Round 38's wrong solution: an empty `STATIC_URL` raises the first error; the fix is `MEDIA_URL` out from under it.
    cards = harvest_published(git_repo, {"django/contrib/staticfiles/utils.py": STATICFILES})
    said = solutions(cards, "runserver can't serve media")
    assert not any("raised only while it is true" in one for one in said), said
