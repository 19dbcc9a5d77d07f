"""A call of the repository's own function that raises, above a raise, may end the call first as a `return` does
(round 18's cards 13 and 15: "`QuerySet.extra()` raises this when the query is sliced", where
`self._not_support_combined_queries("extra")` raises NotSupportedError first for a combined query). Reduced from
Django 5.2.19's `QuerySet` (django/db/models/query.py:1648-1674, 1743-1758, 2004-2032)."""

from tests.harvest.published import harvest_published

QUERY = """
class NotSupportedError(Exception):
    pass


class QuerySet:
    def annotate(self, *args, **kwargs):
        self._not_support_combined_queries("annotate")
        return self._annotate(args, kwargs, select=True)

    def alias(self, *args, **kwargs):
        self._not_support_combined_queries("alias")
        return self._annotate(args, kwargs, select=False)

    def _annotate(self, args, kwargs, select=True):
        self._validate_values_are_expressions(args + tuple(kwargs.values()), method_name="annotate")
        annotations = {}
        for arg in args:
            if arg.default_alias in kwargs:
                raise ValueError(
                    "The named annotation '%s' conflicts with the "
                    "default name for another annotation." % arg.default_alias
                )
            annotations[arg.default_alias] = arg
        return annotations

    def extra(self, select=None, where=None):
        self._not_support_combined_queries("extra")
        if self.query.is_sliced:
            raise TypeError("Cannot change a query once a slice has been taken.")
        clone = self._chain()
        return clone

    def reverse(self):
        if self.query.is_sliced:
            raise TypeError("Cannot reverse a query once a slice has been taken.")
        clone = self._chain()
        return clone

    def _chain(self):
        return self

    @staticmethod
    def _validate_values_are_expressions(values, method_name):
        invalid_args = sorted(str(arg) for arg in values if not hasattr(arg, "resolve_expression"))
        if invalid_args:
            raise TypeError("QuerySet.%s() received non-expression(s): %s." % (method_name, ", ".join(invalid_args)))

    def _not_support_combined_queries(self, operation_name):
        if self.query.combinator:
            raise NotSupportedError(
                "Calling QuerySet.%s() after %s() is not supported." % (operation_name, self.query.combinator)
            )
"""


def test_a_call_of_a_raising_check_above_the_raise_is_an_earlier_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"orm/query.py": QUERY}, repo="example/orm")
    extra = cards["Cannot change a query once a slice has been taken."].generated
    assert "unless an earlier check in `QuerySet.extra` exits first" in extra["meaning"]
    assert "- and no earlier check in `QuerySet.extra` exits first (line 27)" in extra["trigger"]
    annotate = cards[
        "The named annotation '{default_alias}' conflicts with the default name for another annotation."
    ].generated
    # `annotate()` and `alias()` check first too, before they call `_annotate()`.
    assert (
        "`QuerySet.annotate()` (or `QuerySet.alias()`) raises this (from `QuerySet._annotate`)" in annotate["meaning"]
    )
    hedge = "unless an earlier check in `QuerySet.annotate` or `QuerySet.alias` or `QuerySet._annotate` exits first"
    assert hedge in annotate["meaning"]
    # A call of a function that raises nothing (`self._chain()`) is no exit: `reverse()` says no such check.
    reverse = cards["Cannot reverse a query once a slice has been taken."].generated
    assert "exits first" not in reverse["meaning"] + reverse["trigger"]
