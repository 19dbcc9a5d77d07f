"""A card whose library has no test that raises it gets a call written from the code, where each step is certain
(round 31's T: `resolve_relation('self')`): every statement from the function's start to the raise is a test on
its parameters, module constants and literals, evaluated on the values written; else no call is written."""

from tests.harvest.published import harvest_published

WRITTEN = "A call that raises it, written from the code (not taken from a test):"

# Reduced from django/db/models/fields/related.py:42 and django/db/migrations/utils.py:27-49 (Django 5.2.19).
RELATED = 'RECURSIVE_RELATIONSHIP_CONSTANT = "self"\n'
UTILS = '''
from django.db.models.fields.related import RECURSIVE_RELATIONSHIP_CONSTANT


def resolve_relation(model, app_label=None, model_name=None):
    """
    Turn a model class or model reference string and return a model tuple.
    """
    if isinstance(model, str):
        if model == RECURSIVE_RELATIONSHIP_CONSTANT:
            if app_label is None or model_name is None:
                raise TypeError(
                    "app_label and model_name must be provided to resolve "
                    "recursive relationships."
                )
            return app_label, model_name
        if "." in model:
            app_label, model_name = model.split(".", 1)
            return app_label, model_name.lower()
        if app_label is None:
            raise TypeError(
                "app_label must be provided to resolve unscoped model relationships."
            )
        return app_label, model.lower()
    return model._meta.app_label, model._meta.model_name
'''
# Reduced from django/core/validators.py:339-358 (Django 5.2.19); and the raise that django/utils/html.py:136-137
# says `format_html` will make when its deprecation ends.
VALIDATORS = """
ip_address_validator_map = {"both": 1, "ipv4": 2, "ipv6": 3}


def ip_address_validators(protocol, unpack_ipv4):
    if protocol != "both" and unpack_ipv4:
        raise ValueError(
            "You can only use `unpack_ipv4` if `protocol` is set to 'both'"
        )
    try:
        return ip_address_validator_map[protocol.lower()]
    except KeyError:
        raise ValueError(
            "The protocol '%s' is unknown. Supported: %s"
            % (protocol, list(ip_address_validator_map))
        )


def format_html(format_string, *args, **kwargs):
    if not (args or kwargs):
        raise TypeError("args or kwargs must be provided.")
"""
# Reduced from django/utils/deprecation.py:86-93 and django/contrib/auth/middleware.py:114-117 (Django 5.2.19).
DEPRECATION = """
class MiddlewareMixin:
    sync_capable = True

    def __init__(self, get_response):
        if get_response is None:
            raise ValueError("get_response must be provided.")
        self.get_response = get_response
"""
MIDDLEWARE = """
from django.utils.deprecation import MiddlewareMixin


class RemoteUserMiddleware(MiddlewareMixin):
    def __init__(self, get_response):
        if get_response is None:
            raise ValueError("get_response must be provided by a remote user.")
        self.get_response = get_response
"""
PACKAGES = ("django", "django/db", "django/db/models", "django/db/models/fields", "django/db/migrations")
FILES = {
    "django/db/models/fields/related.py": RELATED,
    "django/db/migrations/utils.py": UTILS,
    "django/core/validators.py": VALIDATORS,
    "django/utils/deprecation.py": DEPRECATION,
    "django/contrib/auth/middleware.py": MIDDLEWARE,
    **{
        f"{package}/__init__.py": ""
        for package in (*PACKAGES, "django/core", "django/utils", "django/contrib", "django/contrib/auth")
    },
}


def _how(cards: dict, message: str) -> str:
    return cards[message].generated.get("how_to_trigger", "")


def test_a_call_is_written_from_the_tests_on_the_parameters(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    recursive = _how(cards, "app_label and model_name must be provided to resolve recursive relationships.")
    assert WRITTEN in recursive
    assert "from django.db.migrations.utils import resolve_relation\n\nresolve_relation('self')" in recursive
    # Past `if "." in model:` with its body not run: a string without a dot, and no app label.
    assert "resolve_relation('')" in _how(cards, "app_label must be provided to resolve unscoped model relationships.")
    assert "ip_address_validators(None, 1)" in _how(
        cards, "You can only use `unpack_ipv4` if `protocol` is set to 'both'"
    )


def test_a_class_is_called_when_its_own_init_raises(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert "from django.utils.deprecation import MiddlewareMixin\n\nMiddlewareMixin(None)" in _how(
        cards, "get_response must be provided."
    )
    # Its base, read in another module of the harvest, has no `__new__` or metaclass that acts first.
    assert "RemoteUserMiddleware(None)" in _how(cards, "get_response must be provided by a remote user.")


def test_no_call_is_written_where_a_step_is_not_certain(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    # Under a `try`: what `protocol.lower()` does with a value is not read.
    assert WRITTEN not in _how(cards, "The protocol '{protocol}' is unknown. Supported: {ip_address_validator_map}")
    # `format_string` is required and no test says what it takes.
    assert WRITTEN not in _how(cards, "args or kwargs must be provided.")


def test_no_call_is_written_for_a_class_whose_base_makes_its_objects(db, git_repo) -> None:
    new = "    def __new__(cls, *args, **kwargs):\n        return cls.many_init(*args, **kwargs)\n"
    cards = harvest_published(git_repo, {**FILES, "django/utils/deprecation.py": DEPRECATION + new})
    assert WRITTEN not in _how(cards, "get_response must be provided by a remote user.")


# Reduced from rest_framework/fields.py:300-301, 615-623 and rest_framework/relations.py:86-126, 439-450 (DRF 3.18.3).
FIELDS = '''
class Field:
    _creation_counter = 0

    def __new__(cls, *args, **kwargs):
        """
        When a field is instantiated, we store the arguments that were used,
        so that we can present a helpful representation of the object.
        """
        instance = super().__new__(cls)
        instance._args = args
        instance._kwargs = kwargs
        return instance
'''
RELATIONS = """
from rest_framework.fields import Field


class RelatedField(Field):
    queryset = None

    def __new__(cls, *args, **kwargs):
        # We override this method in order to automagically create
        # `ManyRelatedField` classes instead when `many=True` is set.
        if kwargs.pop('many', False):
            return cls.many_init(*args, **kwargs)
        return super().__new__(cls, *args, **kwargs)


class SlugRelatedField(RelatedField):
    def __init__(self, slug_field=None, **kwargs):
        assert slug_field is not None, 'The `slug_field` argument is required.'
        self.slug_field = slug_field
        super().__init__(**kwargs)


class Passing:
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, name):
        if name is None:
            raise ValueError("A name is required.")
"""
DRF = {
    "rest_framework/__init__.py": "",
    "rest_framework/fields.py": FIELDS,
    "rest_framework/relations.py": RELATIONS,
}


def test_a_class_is_called_through_a_new_that_makes_its_object(db, git_repo) -> None:
    cards = harvest_published(git_repo, DRF, repo="encode/django-rest-framework")
    # `many` is not given: `RelatedField.__new__` hands on to `Field.__new__`, which makes the object.
    assert "from rest_framework.relations import SlugRelatedField\n\nSlugRelatedField()" in _how(
        cards, "The `slug_field` argument is required."
    )
    # `object.__new__` refuses the value a `__new__` hands on to it: no call is written.
    assert WRITTEN not in _how(cards, "A name is required.")


def test_no_call_is_written_where_a_star_import_may_rebind_the_name(db, git_repo) -> None:
    # `from ... import *` below the class binds whatever the other module exports: `MiddlewareMixin` too, here.
    star = "\nfrom django.utils.functional import *  # noqa\n"
    functional = "MiddlewareMixin = object\n"
    files = {**FILES, "django/utils/deprecation.py": DEPRECATION + star, "django/utils/functional.py": functional}
    cards = harvest_published(git_repo, files)
    assert WRITTEN not in _how(cards, "get_response must be provided.")


# The `global` of psycopg/types/numeric.py:294 and 516-518 (psycopg 3), the list gunicorn/config.py:27 and 292-299
# fills as each setting class is made (gunicorn 23), each read by a check; a constant another module builds from
# its own.
CONSTANTS = {
    "mylib/__init__.py": "",
    "mylib/numeric.py": """
MAX_NUMERIC_INT = None


def dump_int_to_numeric_binary(obj):
    global MAX_NUMERIC_INT
    MAX_NUMERIC_INT = pow(10_000, 32767)


def numeric_limit():
    if MAX_NUMERIC_INT is None:
        raise RuntimeError("no numeric limit yet")
""",
    "mylib/config.py": """
KNOWN_SETTINGS = []


class SettingMeta(type):
    def __new__(cls, name, bases, attrs):
        new_class = super().__new__(cls, name, bases, attrs)
        KNOWN_SETTINGS.append(new_class)
        return new_class


class Setting(metaclass=SettingMeta):
    name = None


def known_settings():
    if not KNOWN_SETTINGS:
        raise LookupError("no setting known")
""",
    "mylib/names.py": 'BASE = "a"\nFULL = BASE\n',
    "mylib/checks.py": """
from mylib.names import FULL

BASE = "b"


def check(name):
    if name == FULL:
        raise ValueError("the full name")
""",
}


def test_no_call_is_written_where_a_constant_read_may_hold_another_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, CONSTANTS, repo="someone/mylib")
    # A function binds it again (`global`): `numeric_limit()` may find the limit set.
    assert WRITTEN not in _how(cards, "no numeric limit yet")
    # A list: the module (or any other) may fill it, as the metaclass does here when `Setting` is made.
    assert WRITTEN not in _how(cards, "no setting known")
    # `FULL` is "a", read in its own module: not this module's `BASE` ("b"), which `check('b')` would not meet.
    assert "check('b')" not in _how(cards, "the full name")


# Reduced from CPython 3.8's Lib/collections/__init__.py:1014-1018 (`self` is in `args` when the class is called),
# jinja2/nodes.py:1205 (a class's `__new__` replaced in its module), typing_extensions.py:1768 (`__init__ = ...`
# in the class body), a base whose `__init_subclass__` replaces its subclasses' `__init__`, and a class defined
# again under an `if`.
MAKING = {
    "mylib/__init__.py": "",
    "mylib/userdict.py": """
class UserDict:
    def __init__(*args, **kwargs):
        if not args:
            raise TypeError("descriptor '__init__' of 'UserDict' object needs an argument")
""",
    "mylib/nodes.py": """
class Node:
    def __init__(self, fields):
        if fields is None:
            raise TypeError("a node needs its fields")


def _failing_new(*args, **kwargs):
    return None


Node.__new__ = staticmethod(_failing_new)
""",
    "mylib/defaults.py": """
def _set_default(self, name):
    self.name = name


class TypeVarLike:
    def __init__(self, name):
        if name is None:
            raise TypeError("a type variable needs a name")

    __init__ = _set_default
""",
    "mylib/versions.py": """
import sys


class Widget:
    def __init__(self, name):
        if name is None:
            raise ValueError("a widget needs a name")


if sys.version_info >= (3, 8):

    class Widget:
        def __init__(self, name):
            self.name = name
""",
    "mylib/hooks.py": """
class Base:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.__init__ = lambda self, *args, **kwargs: None


class Child(Base):
    def __init__(self, name):
        if name is None:
            raise ValueError("a child needs a name")
""",
}


def test_no_call_is_written_where_calling_the_class_may_not_run_its_init(db, git_repo) -> None:
    cards = harvest_published(git_repo, MAKING, repo="someone/mylib")
    assert WRITTEN not in _how(cards, "descriptor '__init__' of 'UserDict' object needs an argument")
    assert WRITTEN not in _how(cards, "a node needs its fields")
    assert WRITTEN not in _how(cards, "a type variable needs a name")
    assert WRITTEN not in _how(cards, "a child needs a name")
    # Defined again under an `if`, as typing_extensions.py does by Python version: the call may make the other.
    assert WRITTEN not in _how(cards, "a widget needs a name")


def test_no_call_is_written_for_a_package_function_named_as_a_submodule(db, git_repo) -> None:
    # `from .helpers import thing` makes the package's `helpers` the submodule: `helpers(None)` calls a module.
    init = 'def helpers(x):\n    if x is None:\n        raise ValueError("no helper")\n\n\nfrom .helpers import thing\n'
    cards = harvest_published(git_repo, {"mylib/__init__.py": init, "mylib/helpers.py": "thing = 1\n"}, "someone/mylib")
    assert WRITTEN not in _how(cards, "no helper")
