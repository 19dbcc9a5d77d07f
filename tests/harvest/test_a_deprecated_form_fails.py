"""A raise its way reaches only past a deprecation warning is the deprecated form's own failure: its solution is
what the warning asks, never a value that passes the raise's test and keeps the deprecated form (round 36's card
08: "Pass `False` as `find_all` to `find()`" kept the deprecated `all=`)."""

import ast

from kb.harvest.reading.deprecated_path import deprecated_before
from tests.harvest.published import harvest_published

# django/contrib/staticfiles/finders.py:19-35 and 330-341, Django 5.2.19 (reduced).
FINDERS = """
import warnings

from django.utils.deprecation import RemovedInDjango61Warning


def _check_deprecated_find_param(class_name="", find_all=False, stacklevel=3, **kwargs):
    method_name = "find" if not class_name else f"{class_name}.find"
    if "all" in kwargs:
        legacy_all = kwargs.pop("all")
        msg = (
            "Passing the `all` argument to find() is deprecated. Use `find_all` "
            "instead."
        )
        warnings.warn(msg, RemovedInDjango61Warning, stacklevel=stacklevel)

        # If both `find_all` and `all` were given, raise TypeError.
        if find_all is not False:
            raise TypeError(f"{method_name}() got multiple values for argument 'find_all'")

        find_all = legacy_all
    return find_all


def find(path, find_all=False, **kwargs):
    find_all = _check_deprecated_find_param(find_all=find_all, **kwargs)
    return [path] if find_all else path
"""
MESSAGE = "{method_name}() got multiple values for argument 'find_all'"


def test_the_solution_is_what_the_deprecation_warning_asks(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/staticfiles/finders.py": FINDERS})
    card = cards[MESSAGE].generated
    assert card["solutions"] == [
        "Do what the deprecation warning on the way asks (line 14): “Passing the \\`all\\` argument to find\\(\\) is "
        "deprecated\\. Use \\`find\\_all\\` instead\\.”"
    ]
    assert "example_fix" not in card


def test_a_warning_in_another_branch_or_of_another_kind_is_not_on_the_way() -> None:
    def found(source: str) -> dict | None:
        tree = ast.parse(source.lstrip("\n"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        [raised] = [n for n in ast.walk(tree) if isinstance(n, ast.Raise)]
        return deprecated_before(raised, parents)

    assert found(FINDERS)["line"] == 14
    assert found(FINDERS.replace("RemovedInDjango61Warning, stacklevel", "UserWarning, stacklevel")) is None
    elsewhere = FINDERS.replace(
        "        warnings.warn(msg, RemovedInDjango61Warning, stacklevel=stacklevel)\n",
        "        if stacklevel:\n            warnings.warn(msg, RemovedInDjango61Warning)\n",
    )
    assert found(elsewhere) is None
