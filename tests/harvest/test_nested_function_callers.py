"""A function nested in another is called by name only from the function around it: a bare-name call anywhere
else, or of a name the calling function imports, never reaches it (issue 29, round 23: Django 5.2.19's
`mark_expected_failures_and_skips` listed as the caller of `_WKBReader.limit`'s nested `skip`)."""

from tests.harvest.test_evidence import evidence_of

# Reduced from django/contrib/gis/geos/prototypes/io.py:255-300 (5.2.19): `skip` nested in `_WKBReader.limit`.
IO = """
class GEOSException(Exception):
    pass


class _WKBReader:
    def limit(self, wkb, max_geom_collections):
        offset = 0

        def skip(length):
            nonlocal offset
            if length > len(wkb) - offset:
                raise GEOSException("Invalid WKB input.")
            offset += length

        while offset < len(wkb):
            skip(4)
"""

# Reduced from django/db/backends/base/creation.py:331-356 (5.2.19): `skip` is unittest's, imported in the method.
CREATION = """
class BaseDatabaseCreation:
    def mark_expected_failures_and_skips(self):
        from unittest import expectedFailure, skip

        for reason, tests in self.connection.features.django_test_skips.items():
            for test_name in tests:
                test_case, test_method = test_name, getattr(test_name, "method")
                setattr(test_case, "method", skip(reason)(test_method))
"""


def test_a_nested_function_s_callers_are_in_the_function_around_it(tmp_path) -> None:
    evidence = evidence_of(tmp_path, IO, "Invalid WKB input", extra={"creation.py": CREATION})
    assert [(c["function"], c["guess"]) for c in evidence["callers"]] == [("_WKBReader.limit", False)]
    entry_points = [e["function"] for e in evidence["entry_points"]]
    assert "BaseDatabaseCreation.mark_expected_failures_and_skips" not in entry_points


def test_a_name_the_calling_function_imports_from_outside_is_no_function_of_the_package(tmp_path) -> None:
    source = """
    def skip(reason):
        raise ValueError("Skipped for a reason")
    """
    evidence = evidence_of(tmp_path, source, "Skipped for a reason", extra={"creation.py": CREATION})
    assert [c["function"] for c in evidence["callers"]] == []


def test_a_nested_function_bound_to_a_nonlocal_name_is_not_surely_what_a_call_of_it_runs(tmp_path) -> None:
    # Reduced from django/test/testcases.py:1553-1601 (5.2.19): `condition` is `_deferredSkip`'s parameter, which
    # `decorator` rebinds to its nested `def condition()` only when it decorates a class.
    source = """
    import unittest


    def _deferredSkip(condition, reason, name):
        def decorator(test_func):
            nonlocal condition
            if not isinstance(test_func, type):

                def skip_wrapper(*args, **kwargs):
                    if condition():
                        raise unittest.SkipTest(reason)
                    return test_func(*args, **kwargs)

                test_item = skip_wrapper
            else:
                test_item = test_func

                def condition():
                    raise ValueError("%s cannot be used on %s" % (name, test_item))

            return test_item

        return decorator
    """
    assert evidence_of(tmp_path, source, "cannot be used on")["callers"] == []
