"""A raise in the `else` of an `elif` chain whose arms test `is None` on the same parameters needs what every way
past the arms implies (round 25's card 02), and a caller handing on a function's `__name__` never hands on None."""

from tests.harvest.published import harvest_published

# Django 5.2.19's django/template/library.py (sdist): lines 1-4 (the imports the methods use), 17-28 (the class and
# its `__init__`) and 56-101 (`Library.filter` and `Library.filter_function`), the docstrings cut.
LIBRARY = """
from inspect import unwrap


class Library:
    def __init__(self):
        self.filters = {}
        self.tags = {}

    def filter(self, name=None, filter_func=None, **flags):
        if name is None and filter_func is None:
            # @register.filter()
            def dec(func):
                return self.filter_function(func, **flags)

            return dec
        elif name is not None and filter_func is None:
            if callable(name):
                # @register.filter
                return self.filter_function(name, **flags)
            else:
                # @register.filter('somename') or @register.filter(name='somename')
                def dec(func):
                    return self.filter(name, func, **flags)

                return dec
        elif name is not None and filter_func is not None:
            # register.filter('somename', somefunc)
            self.filters[name] = filter_func
            for attr in ("expects_localtime", "is_safe", "needs_autoescape"):
                if attr in flags:
                    value = flags[attr]
                    # set the flag on the filter for FilterExpression.resolve
                    setattr(filter_func, attr, value)
                    # set the flag on the innermost decorated function
                    # for decorators that need it, e.g. stringfilter
                    setattr(unwrap(filter_func), attr, value)
            filter_func._filter_name = name
            return filter_func
        else:
            raise ValueError(
                "Unsupported arguments to Library.filter: (%r, %r)"
                % (name, filter_func),
            )

    def filter_function(self, func, **flags):
        return self.filter(func.__name__, func, **flags)
"""

# Django 5.2.19's tests/template_tests/test_library.py (sdist): lines 1-12 (the imports the class uses, cut to
# them) and 49-52 (`test_filter_invalid`).
LIBRARY_TESTS = """
from django.template import Library
from django.test import SimpleTestCase


class FilterRegistrationTests(SimpleTestCase):
    def setUp(self):
        self.library = Library()

    def test_filter_invalid(self):
        msg = "Unsupported arguments to Library.filter: (None, '')"
        with self.assertRaisesMessage(ValueError, msg):
            self.library.filter(None, "")
"""


def test_a_function_s_name_handed_to_the_else_of_a_none_chain_is_no_way_in(db, git_repo) -> None:
    # The raise (library.py:94-97) is the `else` of arms at lines 65, 71 and 81: past them, `name is None` (and
    # `filter_func is not None`). `filter_function(func)` hands on `func.__name__`, a `str`, so it never gets there.
    files = {"django/template/library.py": LIBRARY, "tests/template_tests/test_library.py": LIBRARY_TESTS}
    card = harvest_published(git_repo, files)["Unsupported arguments to Library.filter: ({name}, {filter_func})"]
    [site] = card.sites.all()
    reached = [row["function"] for row in site.evidence["entry_points"]]
    callers = [row["function"] for row in site.evidence.get("callers", [])]
    assert "Library.filter" in reached
    assert not [name for name in reached + callers if name.startswith("Library.filter_function")]
    assert "filter_function" not in card.generated.get("situations", "")
    assert "FilterRegistrationTests.test_filter_invalid" in [test["name"] for test in card.evidence["tests"]]


def test_a_closure_defined_where_its_outer_parameter_is_not_none_hands_on_no_none(db, git_repo) -> None:
    # The second `dec` (library.py:76-78) is defined in the arm of `elif name is not None and filter_func is None:`
    # and calls `self.filter(name, func)`: `filter` never binds `name` anew, so the closure hands on that value.
    files = {"django/template/library.py": LIBRARY}
    card = harvest_published(git_repo, files)["Unsupported arguments to Library.filter: ({name}, {filter_func})"]
    [site] = card.sites.all()
    named = [row["function"] for row in [*site.evidence["entry_points"], *site.evidence.get("callers", [])]]
    assert named == ["Library.filter"]
