"""A way in whose calls of the raising function hand on only values the raise's conditions rule out (issue 29, round
18's false claim 4): the sentence naming it as a route is dropped and counted with why; true routes are kept."""

import json
from typing import Any

from kb.analysis import handed, routes
from kb.analysis.verify import CONTRADICTS, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import python_calls, stall_guard

# Django 5.2.19, reduced: django/db/models/sql/query.py:23-34, 1465-1530, 1653-1654, 1656-1700, 2078-2145.
QUERY = '''
from django.db.models.expressions import (
    BaseExpression,
    Col,
    ColPairs,
    Exists,
    F,
    OuterRef,
    RawSQL,
    Ref,
    ResolvedOuterRef,
    Value,
)


class Query(BaseExpression):
    def build_filter(self, filter_expr, branch_negated=False, current_negated=False, can_reuse=None,
                     allow_joins=True, split_subq=True, check_filterable=True, summarize=False,
                     update_join_types=True):
        """Build a WhereNode for a single filter clause but don't add it to this Query."""
        if isinstance(filter_expr, dict):
            raise FieldError("Cannot parse keyword query as dict")
        if isinstance(filter_expr, Q):
            return self._add_q(filter_expr, branch_negated=branch_negated, current_negated=current_negated)
        if hasattr(filter_expr, "resolve_expression"):
            if not getattr(filter_expr, "conditional", False):
                raise TypeError("Cannot filter against a non-conditional expression.")
            condition = filter_expr.resolve_expression(
                self, allow_joins=allow_joins, reuse=can_reuse, summarize=summarize
            )
            if not isinstance(condition, Lookup):
                condition = self.build_lookup(["exact"], condition, True)
            return WhereNode([condition], connector=AND), []
        arg, value = filter_expr
        if not arg:
            raise FieldError("Cannot parse keyword query %r" % arg)

    def build_where(self, filter_expr):
        return self.build_filter(filter_expr, allow_joins=False)[0]

    def _add_q(self, q_object, used_aliases, branch_negated=False, current_negated=False, allow_joins=True,
               split_subq=True, check_filterable=True, summarize=False, update_join_types=True):
        """Add a Q-object to the current filter."""
        connector = q_object.connector
        target_clause = WhereNode(connector=connector, negated=q_object.negated)
        for child in q_object.children:
            child_clause, needed_inner = self.build_filter(
                child,
                can_reuse=used_aliases,
                branch_negated=branch_negated,
                current_negated=current_negated,
                allow_joins=allow_joins,
            )
            if child_clause:
                target_clause.add(child_clause, connector)
        return target_clause, needed_inner

    def split_exclude(self, filter_expr, can_reuse, names_with_path):
        # Generate the inner query.
        query = self.__class__(self.model)
        filter_lhs, filter_rhs = filter_expr
        query.add_filter(filter_lhs, filter_rhs)
        trimmed_prefix, contains_louter = query.trim_start(names_with_path)

        condition, needed_inner = self.build_filter(Exists(query))

        if contains_louter:
            or_null_condition, _ = self.build_filter(
                ("%s__isnull" % trimmed_prefix, True),
                current_negated=True,
                branch_negated=True,
                can_reuse=can_reuse,
            )
            condition.add(or_null_condition, OR)
        return condition, needed_inner
'''
# django/db/models/expressions.py:38-41, 174-196, 316-330, 1740-1756, 1793-1800 (5.2.19).
EXPRESSIONS = '''
from django.db.models import fields


class Combinable:
    """
    Provide the ability to combine one or two objects with
    some connector. For example F('foo') + F('bar').
    """


class BaseExpression:
    """Base class for all query expressions."""

    empty_result_set_value = NotImplemented
    # aggregate specific fields
    is_summary = False
    # Can the expression be used in a WHERE clause?
    filterable = True

    def __init__(self, output_field=None):
        if output_field is not None:
            self.output_field = output_field

    @property
    def conditional(self):
        return isinstance(self.output_field, fields.BooleanField)

    @cached_property
    def output_field(self):
        """Return the output type of this expressions."""
        output_field = self._resolve_output_field()
        return output_field


class Subquery(BaseExpression, Combinable):
    template = "(%(subquery)s)"
    contains_aggregate = False
    empty_result_set_value = None
    subquery = True

    def __init__(self, queryset, output_field=None, **extra):
        # Allow the usage of both QuerySet and sql.Query objects.
        self.query = getattr(queryset, "query", queryset).clone()
        self.query.subquery = True
        self.extra = extra
        super().__init__(output_field)


class Exists(Subquery):
    template = "EXISTS(%(subquery)s)"
    output_field = fields.BooleanField()
    empty_result_set_value = False

    def __init__(self, queryset, **kwargs):
        super().__init__(queryset, **kwargs)
        self.query = self.query.exists()
'''
QUERY_PY, EXPRESSIONS_PY = "django/db/models/sql/query.py", "django/db/models/expressions.py"
# What the harvest records for the raise (django/db/models/sql/query.py:1518), as round 18's request had it.
NON_CONDITIONAL = {
    "conditions": [
        {"kind": "if", "code": "not getattr(filter_expr, 'conditional', False)", "line": 1517},
        {"kind": "if", "code": "hasattr(filter_expr, 'resolve_expression')", "line": 1516},
        {"kind": "guard", "code": "not isinstance(filter_expr, Q)", "line": 1504},
        {"kind": "guard", "code": "not isinstance(filter_expr, dict)", "line": 1502},
    ],
    "parameters": ["filter_expr"],
    "callers": [
        {"function": "Query.build_where", "path": QUERY_PY, "line": 1654, "level": 1},
        {"function": "Query.split_exclude", "path": QUERY_PY, "line": 2130, "level": 1},
        {"function": "Query.add_q", "path": QUERY_PY, "line": 1648, "level": 2, "via": "Query._add_q"},
        {"function": "Query._add_q", "path": QUERY_PY, "line": 1680, "level": 1},
    ],
    "entry_points": [
        {"function": "Query.build_filter", "path": QUERY_PY, "via": []},
        {"function": "Query.build_where", "path": QUERY_PY, "via": []},
        {"function": "Query.split_exclude", "path": QUERY_PY, "via": []},
    ],
}
LEAD = "A real sentence about `build_filter`."


def django(query: str = QUERY, expressions: str = EXPRESSIONS, *, with_code: bool = True) -> Vocabulary:
    known = Vocabulary()
    known.read_code(query + expressions + "add_q")
    if with_code:
        for code, path in ((query, QUERY_PY), (expressions, EXPRESSIONS_PY)):
            known.functions.read(code, path)
            known.declarations.index(path, code)
    known.reach = routes.Reach(exception="TypeError")
    known.reach.add_site("Query.build_filter", NON_CONDITIONAL, QUERY_PY)
    return known


def check(vocabulary: Vocabulary, text: str, section: str = "trigger"):
    sections: dict[str, Any] = {section: f"{LEAD} {text}"}
    return check_answer(json.loads(card(**sections)), vocabulary)


def test_a_way_in_that_hands_on_only_values_the_raise_rules_out_is_dropped_with_why() -> None:
    # Round 18's card 10, "trigger", as the model wrote it.
    text = (
        "The clause comes from the query's filters via `Query.add_q()`/`Query._add_q()`, `Query.build_where()` or "
        "`Query.split_exclude()`."
    )
    why = (
        "`Query.split_exclude` hands `Query.build_filter` only `Exists(query)`, for which `not getattr(filter_expr, "
        "'conditional', False)` is false and `('%s__isnull' % trimmed_prefix, True)`, for which "
        "`hasattr(filter_expr, 'resolve_expression')` is false"
    )
    result = check(django(), text)
    assert result.sections["trigger"] == LEAD
    assert result.dropped == 1 and result.unknown == [f"{CONTRADICTS} {why}"]
    assert result.unchecked == [(text, [f"{CONTRADICTS} {why}"])]  # sent back once in the repair request
    result = check(django(), "`Query.split_exclude()` calls `Query.build_filter()`, which raises it.", "situations")
    assert result.dropped == 1
    # Round 18's card 16 (query.py:1503, "Cannot parse keyword query as dict"): an `Exists` is no `dict` either.
    known = django()
    known.reach = routes.Reach(exception="FieldError")
    as_dict = {**NON_CONDITIONAL, "conditions": [{"kind": "if", "code": "isinstance(filter_expr, dict)"}]}
    known.reach.add_site("Query.build_filter", as_dict, QUERY_PY)
    text = "Filter clauses reach it from `Query.build_where()`, and from `Query.split_exclude()`."
    assert check(known, text).unknown == [
        f"{CONTRADICTS} `Query.split_exclude` hands `Query.build_filter` only `Exists(query)`, for which "
        "`isinstance(filter_expr, dict)` is false and `('%s__isnull' % trimmed_prefix, True)`, for which "
        "`isinstance(filter_expr, dict)` is false"
    ]
    assert check(known, "Filter clauses reach it from `Query.build_where()`.").dropped == 0


def test_true_routes_and_values_that_can_be_told_are_kept() -> None:
    kept = [
        "The clause comes from the query's filters via `Query.add_q()`/`Query._add_q()` or `Query.build_where()`.",
        "`Query.build_where()` calls `Query.build_filter()` with the expression it is given.",
        # Negated or hedged: what stops the value is said.
        "`Query.split_exclude()` never reaches it: it passes only an `Exists` and a tuple.",
        # Names it without saying it is a route.
        "`Query.split_exclude()` builds a subquery for an exclude.",
    ]
    for text in kept:
        result = check(django(), text)
        assert result.dropped == 0 and text in result.sections["trigger"], text
    text = "The clause comes from `Query.split_exclude()`."
    # An `Exists` handed an `output_field` may have one set on the instance: its truth is not told.
    handed_on = QUERY.replace("self.build_filter(Exists(query))", "self.build_filter(Exists(query, output_field=f))")
    assert check(django(handed_on), text).dropped == 0
    # A value of the caller's own, or a class the tree does not define: not told.
    assert check(django(QUERY.replace("Exists(query)", "query.exists_expr")), text).dropped == 0
    assert check(django(QUERY.replace("Exists(query)", "Unknown(query)")), text).dropped == 0
    # A raising function that gives the parameter another value, a caller that hands the function on uncalled.
    rebound = QUERY.replace(
        "        if isinstance(filter_expr, dict):\n",
        "        filter_expr = resolved(filter_expr)\n        if isinstance(filter_expr, dict):\n",
        1,
    )
    assert rebound != QUERY and check(django(rebound), text).dropped == 0
    handed_on = QUERY.replace(
        "        return condition, needed_inner\n",
        "        later(self.build_filter)\n        return condition, needed_inner\n",
    )
    assert handed_on != QUERY and check(django(handed_on), text).dropped == 0
    # A class that sets the attribute on the instance, or reads names it may not have: not told either.
    opened = EXPRESSIONS.replace("self.query = self.query.exists()", "self.output_field = CharField()")
    assert check(django(expressions=opened), text).dropped == 0
    # Without the code, nothing says otherwise; in a solution the claim is about the state after a fix.
    assert check(django(with_code=False), text).dropped == 0
    assert check(django(), text, "example_fix").dropped == 0


def test_the_value_reader_runs_in_linear_time_on_a_hostile_answer_and_bounded_on_hostile_code() -> None:
    units = [
        "via `Query.split_exclude()` and `Query.build_where()`, ",
        "`Query.split_exclude() -> Query.build_filter` from `a.b` `c` ; ",
        "from `` ` `split_exclude` comes ",
    ]
    known = django()
    for unit in units:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        calls = [
            python_calls(handed.contradiction, text, known.reach, known.functions, known.declarations)
            for text in (small, large)
        ]
        assert calls[1] <= 10 * calls[0], unit
        with stall_guard():
            check_answer(json.loads(card(trigger=large, situations=large)), known)
    # Diamonds of bases, many classes, a long nest of properties: read in bounded time, and not told.
    classes = "".join(
        f"class C{n}(C{n - 1}, D{n - 1}):\n    pass\nclass D{n}(C{n - 1}):\n    pass\n" for n in range(1, 400)
    )
    hostile = EXPRESSIONS.replace(
        "class Exists(Subquery):",
        f"class C0(Subquery):\n    pass\nclass D0(C0):\n    pass\n{classes}class Exists(C399, D399):",
    )
    with stall_guard():
        assert check(django(expressions=hostile), "The clause comes from `Query.split_exclude()`.").dropped == 0
