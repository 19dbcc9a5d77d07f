"""A metaclass's raise is reached by defining a class, not by a call: round 35's card 04 said only "`ModelBase()`
raises this." of Django's proxy-model check. Where the entry point is the `__new__` or `__init__` of a class the
harvest reads as a metaclass (`type` among its bases or an ancestor's), the card names the class statement and the
classes of the library that declare `metaclass=` it; a class whose bases the harvest cannot read stays a call."""

from kb.harvest.reading.classes import ClassIndex, read_classes
from kb.harvest.reading.imports import Resolver, read_module
from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/db/models/base.py (`ModelBase.__new__`, lines 94-104 and 205-215, the
# rest of the class's making cut; `class Model`, line 461).
BASE = '''
class AltersData:
    pass


class ModelBase(type):
    """Metaclass for all models."""

    def __new__(cls, name, bases, attrs, **kwargs):
        super_new = super().__new__
        parents = [b for b in bases if isinstance(b, ModelBase)]
        if not parents:
            return super_new(cls, name, bases, attrs)
        new_class = super_new(cls, name, bases, attrs, **kwargs)
        is_proxy = new_class._meta.proxy
        if is_proxy:
            for parent in [kls for kls in parents if hasattr(kls, "_meta")]:
                if parent._meta.abstract:
                    if parent._meta.fields:
                        raise TypeError(
                            "Abstract base class containing model fields not "
                            "permitted for proxy model '%s'." % name
                        )
        return new_class


class Model(AltersData, metaclass=ModelBase):
    pass
'''

# Reduced from Django 5.2.19's django/forms/widgets.py (`MediaDefiningClass`, 267-279; `Widget`, 281),
# django/forms/forms.py (`DeclarativeFieldsMetaclass`, 21-24) and django/forms/models.py (`ModelFormMetaclass`,
# 272-296; `ModelForm`, 565): a metaclass by its ancestors, which the harvest reads.
WIDGETS = '''
class MediaDefiningClass(type):
    """
    Metaclass for classes that can have media definitions.
    """

    def __new__(mcs, name, bases, attrs):
        new_class = super().__new__(mcs, name, bases, attrs)
        return new_class


class Widget(metaclass=MediaDefiningClass):
    pass
'''

FORMS = '''
from forms.widgets import MediaDefiningClass


class DeclarativeFieldsMetaclass(MediaDefiningClass):
    """Collect Fields declared on the base classes."""

    def __new__(mcs, name, bases, attrs):
        return super().__new__(mcs, name, bases, attrs)


class ModelFormMetaclass(DeclarativeFieldsMetaclass):
    def __new__(mcs, name, bases, attrs):
        new_class = super().__new__(mcs, name, bases, attrs)
        opts = new_class._meta = ModelFormOptions(getattr(new_class, "Meta", None))
        for opt in ["fields", "exclude", "localized_fields"]:
            value = getattr(opts, opt)
            if isinstance(value, str) and value != ALL_FIELDS:
                msg = (
                    "%(model)s.Meta.%(opt)s cannot be a string. "
                    "Did you mean to type: ('%(value)s',)?"
                    % {
                        "model": new_class.__name__,
                        "opt": opt,
                        "value": value,
                    }
                )
                raise TypeError(msg)
        return new_class


class ModelForm(metaclass=ModelFormMetaclass):
    pass
'''

# Reduced from DRF 3.18.3's rest_framework/serializers.py (`SerializerMetaclass`, 276-311, its
# `_get_declared_fields` cut; `class Serializer(BaseSerializer, metaclass=SerializerMetaclass)`, 462), with a class
# whose metaclass keyword names what the harvest cannot read, and a class whose base it cannot read.
SERIALIZERS = """
import abc

from other import Outside


class BaseSerializer:
    pass


class SerializerMetaclass(type):
    def __new__(cls, name, bases, attrs):
        attrs['_declared_fields'] = cls._get_declared_fields(bases, attrs)
        return super().__new__(cls, name, bases, attrs)


class Serializer(BaseSerializer, metaclass=SerializerMetaclass):
    pass


class ModelSerializer(Serializer):
    pass


class Abstract(metaclass=abc.ABCMeta):
    pass


class Unknown(Outside):
    def __new__(cls, name, bases, attrs):
        return super().__new__(cls, name, bases, attrs)
"""


def _row(card, function: str) -> dict:
    [row] = [r for site in card.sites.all() for r in site.evidence["entry_points"] if r["function"] == function]
    return row


def test_a_model_s_metaclass_is_reached_by_defining_a_model(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"models/__init__.py": "", "models/base.py": BASE}, repo="django/django")
    card = cards["Abstract base class containing model fields not permitted for proxy model '{name}'."]
    row = _row(card, "ModelBase")
    assert (row["kind"], row["declared_by"]) == ("metaclass", ["Model"])
    said = card.generated["meaning"] + card.generated.get("situations", "")
    assert "Defining a subclass of `Model` (a class whose metaclass is `ModelBase`) raises this." in said
    assert "In the message, `{name}` is the name of the class being defined." in card.generated["trigger"]
    assert "ModelBase()" not in str(card.generated)


def test_a_metaclass_by_its_ancestors_names_the_classes_that_declare_it(db, git_repo) -> None:
    files = {"forms/__init__.py": "", "forms/widgets.py": WIDGETS, "forms/models.py": FORMS}
    cards = harvest_published(git_repo, files, repo="django/django")
    card = next(entry for message, entry in cards.items() if "cannot be a string" in message)
    assert _row(card, "ModelFormMetaclass")["declared_by"] == ["ModelForm"]
    said = card.generated["meaning"] + card.generated.get("situations", "")
    assert "subclass of `ModelForm` (a class whose metaclass is `ModelFormMetaclass`)" in said
    assert "ModelFormMetaclass()" not in str(card.generated)


def _index(source: str) -> ClassIndex:
    import ast

    info = read_module(ast.parse(source), name="rest_framework.serializers", is_package=False)
    info.path = "rest_framework/serializers.py"
    return ClassIndex(read_classes(ast.parse(source), info), Resolver({info.name: info}))


def test_drf_s_serializer_metaclass_and_what_the_harvest_cannot_read() -> None:
    index = _index(SERIALIZERS)
    name = "rest_framework.serializers."
    assert index.is_metaclass(name + "SerializerMetaclass")
    assert [c.qualname for c in index.declaring(name + "SerializerMetaclass")] == [name + "Serializer"]
    assert not index.is_metaclass(name + "ModelSerializer")  # it has one, it is not one
    assert not index.is_metaclass(name + "Unknown")  # `Outside` is not read: nothing is said
    assert index.declaring("abc.ABCMeta") == [index.get(name + "Abstract")]  # resolved outside, never a way in
