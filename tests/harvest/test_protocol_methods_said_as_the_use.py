"""A method Python runs for a statement or a builtin (`async for`, `with`, `del obj.name`, pickling, a descriptor's
attribute) is said as that use (round 29's card 01: "`StreamingHttpResponse.__aiter__()` issues this" named no line
of the reader's code); its docstring keeps the method's own name."""

from kb.cards.operators import operator_of, operator_shown
from tests.harvest.published import harvest_published

# django/http/response.py lines 531-545 (Django 5.2.19), trimmed.
RESPONSE = """
import warnings

from asgiref.sync import sync_to_async


class StreamingHttpResponse:
    def __init__(self, streaming_content=()):
        self.streaming_content = streaming_content

    async def __aiter__(self):
        try:
            async for part in self.streaming_content:
                yield part
        except TypeError:
            warnings.warn(
                "StreamingHttpResponse must consume synchronous iterators in order to "
                "serve them asynchronously. Use an asynchronous iterator instead.",
                Warning,
                stacklevel=2,
            )
            for part in await sync_to_async(list)(self.streaming_content):
                yield part
"""

# django/utils/functional.py lines 298-303, django/utils/decorators.py lines 8-14, django/urls/resolvers.py lines
# 104-105 and django/template/response.py lines 53-67 (Django 5.2.19), trimmed.
PROTOCOLS = """
from pickle import PicklingError


class LazyObject:
    _wrapped = None

    def __delattr__(self, name):
        if name == "_wrapped":
            raise TypeError("can't delete _wrapped.")
        delattr(self._wrapped, name)


class classonlymethod(classmethod):
    def __get__(self, instance, cls=None):
        if instance is not None:
            raise AttributeError(
                "This method is available only on the class, not on instances."
            )
        return super().__get__(instance, cls)


class ResolverMatch:
    def __reduce_ex__(self, protocol):
        raise PicklingError(f"Cannot pickle {self.__class__.__qualname__}.")


class ContentNotRenderedError(Exception):
    pass


class SimpleTemplateResponse:
    _is_rendered = False

    def __getstate__(self):
        \"\"\"
        Raise an exception if trying to pickle an unrendered response. Pickle
        only rendered data, not the data used to construct the response.
        \"\"\"
        obj_dict = self.__dict__.copy()
        if not self._is_rendered:
            raise ContentNotRenderedError(
                "The response content must be rendered before it can be pickled."
            )
        return obj_dict
"""


def _meanings(git_repo) -> dict[str, str]:
    files = {"django/http/response.py": RESPONSE, "django/utils/protocols.py": PROTOCOLS}
    return {message: entry.generated["meaning"] for message, entry in harvest_published(git_repo, files).items()}


def test_an_async_iterator_s_method_is_said_as_the_async_for_the_reader_writes(db, git_repo) -> None:
    meaning = _meanings(git_repo)[
        "StreamingHttpResponse must consume synchronous iterators in order to serve them asynchronously. "
        "Use an asynchronous iterator instead."
    ]
    assert meaning.startswith("Iterating over a `StreamingHttpResponse` with `async for` issues this")
    assert "__aiter__" not in meaning


def test_deleting_an_attribute_is_said_with_the_attribute_s_name_as_its_operand(db, git_repo) -> None:
    meaning = _meanings(git_repo)["can't delete _wrapped."]
    assert meaning.startswith(
        "Deleting an attribute of a `LazyObject` (`del obj.name`) raises this when the attribute's name equals "
        "`'_wrapped'`"
    )


def test_a_descriptor_s_get_is_said_as_reading_the_attribute_it_manages(db, git_repo) -> None:
    meaning = _meanings(git_repo)["This method is available only on the class, not on instances."]
    assert meaning.startswith("Reading an attribute managed by a `classonlymethod` (`obj.name`) raises this when")


def test_a_pickling_method_is_said_as_pickling_and_its_docstring_by_its_own_name(db, git_repo) -> None:
    meanings = _meanings(git_repo)
    assert meanings["Cannot pickle {class_name}."].startswith("Pickling a `ResolverMatch` raises this every time.")
    rendered = meanings["The response content must be rendered before it can be pickled."]
    assert rendered.startswith("Pickling a `SimpleTemplateResponse` raises this")
    assert "`SimpleTemplateResponse.__getstate__()` is documented as: “Raise an exception if trying" in rendered


# django/db/models/manager.py lines 180-193 (Django 5.2.19), trimmed.
MANAGER = """
class ManagerDescriptor:
    def __init__(self, manager):
        self.manager = manager

    def __get__(self, instance, cls=None):
        if instance is not None:
            raise AttributeError(
                "Manager isn't accessible via %s instances" % cls.__name__
            )

        if cls._meta.abstract:
            raise AttributeError(
                "Manager isn't available; %s is abstract" % (cls._meta.object_name,)
            )
        return cls._meta.managers_map[self.manager.name]
"""


def test_a_descriptor_s_instance_tested_against_none_is_said_as_where_the_attribute_is_read(db, git_repo) -> None:
    # Python passes `None` as `instance` for `Book.objects`, the object for `book.objects`.
    cards = harvest_published(git_repo, {"django/db/models/manager.py": MANAGER})
    meaning = cards["Manager isn't accessible via {class_name} instances"].generated["meaning"]
    assert meaning == (
        "Reading an attribute managed by a `ManagerDescriptor` (`obj.name`) raises this when the attribute is read "
        "on an object, not on its class."
    )
    assert "`instance`" not in cards["Manager isn't accessible via {class_name} instances"].generated["trigger"]


def test_a_method_of_several_parameters_names_none_as_the_operand() -> None:
    # `__get__(self, instance, cls)`: "the right-hand operand" style words would stand for both.
    assert operator_of("classonlymethod.__get__") is None
    assert operator_of("LazySettings.__getattr__") == ("", "left", "the attribute's name")


def test_a_name_said_with_a_you_sound_takes_a() -> None:
    assert operator_shown("URLValidator.__call__") == "calling a `URLValidator` instance"
    assert operator_shown("UserSettingsHolder.__enter__") == "entering a `with` block on a `UserSettingsHolder`"
    assert operator_shown("Undefined.__str__") == "`str()` of an `Undefined`"
    assert operator_shown("Atomic.__enter__") == "entering a `with` block on an `Atomic`"
    # rest_framework/validators.py:69 and :99, `class UniqueValidator:` / `def __call__(self, value, serializer_field)`.
    assert operator_shown("UniqueValidator.__call__") == "calling a `UniqueValidator` instance"
    assert operator_shown("UniqueTogetherValidator.__call__") == "calling a `UniqueTogetherValidator` instance"
    assert operator_shown("Uninitialized.__get__") == "reading an attribute managed by an `Uninitialized` (`obj.name`)"


def test_a_name_in_capitals_is_said_letter_by_letter() -> None:
    # django/db/models/expressions.py:894, `F.__contains__` (round 30's card 05 said "on a `F`").
    assert operator_shown("F.__contains__").endswith("an `F`")
    assert operator_shown("Q.__contains__").endswith("a `Q`")
    assert operator_shown("HTML.__str__") == "`str()` of an `HTML`"
    assert operator_shown("URL.__str__") == "`str()` of a `URL`"
