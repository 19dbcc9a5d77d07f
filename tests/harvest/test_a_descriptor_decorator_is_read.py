"""A method a decorator of the repository makes a descriptor of (a class that defines `__get__` and no `__call__`)
is read, not called (round 31's card 23: "`curry.__signature__()` raises this" of an attribute its class's
property-like decorator makes): "Reading `BaseFormSet.cleaned_data` raises this". A decorator class that defines
`__call__` too may be called: its method stays one."""

from tests.harvest.published import harvest_published

# setuptools 65.5's setuptools/command/test.py:66-73 (`NonDataProperty`), decorating Django 5.2.19's
# `BaseFormSet.cleaned_data` (django/forms/formsets.py:272-281, reduced) and a getter that always raises (the message
# of django/http/request.py:615); `Wrapper` defines `__call__` too.
SOURCE = """
class NonDataProperty:
    def __init__(self, fget):
        self.fget = fget

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return self.fget(obj)


class Wrapper(NonDataProperty):
    def __call__(self, *args):
        return self.fget(*args)


class BaseFormSet:
    @NonDataProperty
    def cleaned_data(self):
        if not self.is_valid():
            raise AttributeError("'%s' object has no attribute 'cleaned_data'" % self.__class__.__name__)
        return [form.cleaned_data for form in self.forms]

    @NonDataProperty
    def media(self):
        raise AttributeError("This QueryDict instance is immutable")

    @Wrapper
    def full_clean(self):
        if not self.is_valid():
            raise AttributeError("'%s' object cannot be cleaned" % self.__class__.__name__)
"""


def test_a_descriptor_s_method_is_read_and_a_callable_one_s_is_not(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"lib/__init__.py": "", "lib/command.py": SOURCE}, repo="example/lib")
    meanings = {message: card.generated.get("meaning") for message, card in cards.items()}
    said = meanings["'{class_name}' object has no attribute 'cleaned_data'"]
    assert said.startswith("Reading `BaseFormSet.cleaned_data` raises this")
    assert meanings["'{class_name}' object cannot be cleaned"].startswith("`BaseFormSet.full_clean()` raises this")


def test_a_descriptor_s_getter_that_always_raises_does_so_every_time_it_is_read(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"lib/__init__.py": "", "lib/command.py": SOURCE}, repo="example/lib")
    card = cards["This QueryDict instance is immutable"]
    assert card.generated["meaning"] == "Reading `BaseFormSet.media` raises this every time."
    assert "every time it is read." in card.generated["trigger"]


# Django 5.2.19: django/utils/decorators.py:8-14 (`classonlymethod`, whose `__get__` hands on to classmethod's and
# gives back a method) and django/views/generic/base.py:81-89 (`View.as_view`), reduced.
DECORATORS = """
class classonlymethod(classmethod):
    def __get__(self, instance, cls=None):
        if instance is not None:
            raise AttributeError(
                "This method is available only on the class, not on instances."
            )
        return super().__get__(instance, cls)
"""
VIEWS = """
from django.utils.decorators import classonlymethod


class View:
    http_method_names = ["get", "post"]

    @classonlymethod
    def as_view(cls, **initkwargs):
        for key in initkwargs:
            if key in cls.http_method_names:
                raise TypeError(
                    "The method name %s is not accepted as a keyword argument "
                    "to %s()." % (key, cls.__name__)
                )
"""


def test_a_descriptor_that_gives_back_a_method_leaves_it_called(db, git_repo) -> None:
    files = {"django/__init__.py": "", "django/utils/__init__.py": "", "django/utils/decorators.py": DECORATORS}
    files |= {"django/views/__init__.py": "", "django/views/generic/__init__.py": ""}
    cards = harvest_published(git_repo, files | {"django/views/generic/base.py": VIEWS})
    card = next(card for message, card in cards.items() if message.startswith("The method name"))
    assert card.generated["meaning"].startswith("`View.as_view()` raises this")
