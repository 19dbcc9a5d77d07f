"""Readings shared by the sites that ask the same: what a class's `self.x` is set from is read once per class and
attribute, and each site still gets rows of its own."""

import ast
import textwrap

from kb.harvest.reading.attributes import attributes
from kb.harvest.reading.classes import ClassIndex, read_classes
from kb.harvest.reading.imports import Resolver, read_module

# Django's `Paginator` (django/core/paginator.py:37-54, 5.2.19), its constructor.
PAGINATOR = """
class Paginator:
    def __init__(
        self,
        object_list,
        per_page,
        orphans=0,
        allow_empty_first_page=True,
        error_messages=None,
    ):
        self.object_list = object_list
        self.per_page = int(per_page)
        self.orphans = int(orphans)
        self.allow_empty_first_page = allow_empty_first_page
"""


def index_of(source: str) -> ClassIndex:
    tree = ast.parse(textwrap.dedent(source))
    info = read_module(tree, name="pkg.mod", is_package=False)
    return ClassIndex(read_classes(tree, info), Resolver({info.name: info}))


def test_an_attribute_asked_again_gives_the_same_row_and_a_row_of_its_own():
    index = index_of(PAGINATOR)
    first = attributes(index, "pkg.mod.Paginator", ("allow_empty_first_page", "orphans"))
    again = attributes(index, "pkg.mod.Paginator", ("allow_empty_first_page",))
    assert [row["parameter"] for row in first] == ["allow_empty_first_page", "orphans"]
    assert again == first[:1]
    assert again[0] is not first[0]  # each site's evidence owns its rows
    again[0]["parameter"] = "changed"
    assert attributes(index, "pkg.mod.Paginator", ("allow_empty_first_page",))[0]["parameter"] == (
        "allow_empty_first_page"
    )
