"""A tuple assignment read item by item for what the constructor stores: `self.blank, self.null = blank, null`
stores both arguments, and a swap in another method sets both attributes anew."""

import ast

from kb.harvest.reading.attributes import attributes
from kb.harvest.reading.classes import ClassIndex, read_classes
from kb.harvest.reading.imports import Resolver, read_module

# Django 5.2.19 django/db/models/fields/__init__.py:186-218 (Field.__init__), reduced to four of its arguments.
FIELD = """
class Field:
    def __init__(self, name=None, max_length=None, unique=False, blank=False, null=False):
        self.name = name
        self.max_length, self._unique = max_length, unique
        self.blank, self.null = blank, null
"""


def index_of(source: str) -> ClassIndex:
    tree = ast.parse(source)
    info = read_module(tree, name="pkg.mod", is_package=False)
    return ClassIndex(read_classes(tree, info), Resolver({info.name: info}))


def test_each_attribute_of_a_tuple_assignment_is_its_own_argument() -> None:
    rows = attributes(index_of(FIELD), "pkg.mod.Field", ("blank", "null"))
    assert [(row["name"], row["parameter"], row["default"]) for row in rows] == [
        ("self.blank", "blank", "False"),
        ("self.null", "null", "False"),
    ]


# Django 5.2.19 django/db/migrations/operations/models.py:462-470 and 537-551 (RenameModel), reduced to its names.
RENAME = """
class RenameModel:
    def __init__(self, old_name, new_name):
        self.old_name = old_name
        self.new_name = new_name

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        self.new_name, self.old_name = self.old_name, self.new_name
        self.database_forwards(app_label, schema_editor, from_state, to_state)
        self.new_name, self.old_name = self.old_name, self.new_name
"""


def test_an_attribute_a_tuple_assignment_swaps_in_another_method_is_no_argument() -> None:
    index = index_of(RENAME)
    # `database_backwards()` swaps them: neither is the argument the constructor stored when it has run.
    assert attributes(index, "pkg.mod.RenameModel", ("old_name", "new_name")) == []
