"""A caller whose every call of a method sits behind a guard on an attribute of `self` that the method's raise
needs false is no way in to that raise: round 29's AI-assisted card said DRF's `ScopedRateThrottle` reaches
"You must set either `.scope` or `.rate`" when its scope is empty, but `allow_request` returns before it calls
`get_rate()` then. Only guards on the same object's attribute that nothing rebinds before the call count."""

from tests.harvest.test_evidence import evidence_of

# Reduced from rest_framework/throttling.py:57-95, 197-229 (DRF 3.18.3). `Reset.allow_request` and
# `Unsure.allow_request` are ours: a call that may empty the scope between the guard and the call, and a guard
# that the scope is not None where the raise is for any false scope.
THROTTLING = """
class SimpleRateThrottle:
    scope = None
    THROTTLE_RATES = {}

    def __init__(self):
        if not getattr(self, "rate", None):
            self.rate = self.get_rate()

    def get_rate(self):
        \"\"\"Determine the string representation of the allowed request rate.\"\"\"
        if not getattr(self, "scope", None):
            msg = "You must set either `.scope` or `.rate` for '%s' throttle" % self.__class__.__name__
            raise ImproperlyConfigured(msg)
        return self.THROTTLE_RATES[self.scope]


class ScopedRateThrottle(SimpleRateThrottle):
    scope_attr = "throttle_scope"

    def __init__(self):
        pass

    def allow_request(self, request, view):
        \"\"\"Throttle by the view's scope.\"\"\"
        self.scope = getattr(view, self.scope_attr, None)

        # If a view does not have a `throttle_scope` always allow the request
        if not self.scope:
            return True

        self.rate = self.get_rate()
        return True


class Reset(SimpleRateThrottle):
    def allow_request(self, request, view):
        \"\"\"Throttle after a reset.\"\"\"
        if not self.scope:
            return True
        self.reset(view)
        self.rate = self.get_rate()
        return True


class Unsure(SimpleRateThrottle):
    def allow_request(self, request, view):
        \"\"\"Throttle when a scope is set.\"\"\"
        if self.scope is not None:
            self.rate = self.get_rate()
        return True
"""

WORDS = "You must set either"


def _ways_in(tmp_path, source: str) -> set[str]:
    evidence = evidence_of(tmp_path, source, WORDS)
    return {row["function"] for row in (*evidence["entry_points"], *evidence["callers"])}


def test_a_caller_that_returns_when_the_scope_is_empty_is_no_way_in(tmp_path) -> None:
    assert "ScopedRateThrottle.allow_request" not in _ways_in(tmp_path, THROTTLING)


def test_the_method_itself_and_the_unguarded_constructor_still_lead_there(tmp_path) -> None:
    assert {"SimpleRateThrottle.get_rate", "SimpleRateThrottle"} <= _ways_in(tmp_path, THROTTLING)


def test_a_call_that_may_change_the_attribute_after_the_guard_keeps_the_way_in(tmp_path) -> None:
    assert "Reset.allow_request" in _ways_in(tmp_path, THROTTLING)


def test_a_guard_that_the_attribute_is_not_none_keeps_a_raise_for_any_false_value(tmp_path) -> None:
    assert "Unsure.allow_request" in _ways_in(tmp_path, THROTTLING)


def test_a_call_inside_an_if_on_the_attribute_is_no_way_in(tmp_path) -> None:
    source = THROTTLING.replace(
        """        if not self.scope:
            return True

        self.rate = self.get_rate()""",
        """        if self.scope:
            self.rate = self.get_rate()""",
    )
    assert "ScopedRateThrottle.allow_request" not in _ways_in(tmp_path, source)


def test_a_guard_on_another_object_keeps_the_way_in(tmp_path) -> None:
    source = THROTTLING.replace(
        "        if not self.scope:\n            return True\n\n", "        if not view:\n            return True\n\n"
    )
    assert "ScopedRateThrottle.allow_request" in _ways_in(tmp_path, source)


def test_a_guard_rebound_before_the_call_keeps_the_way_in(tmp_path) -> None:
    source = THROTTLING.replace(
        "            return True\n\n        self.rate = self.get_rate()",
        "            return True\n\n        self.scope = None\n        self.rate = self.get_rate()",
    )
    assert "ScopedRateThrottle.allow_request" in _ways_in(tmp_path, source)


def test_a_raise_that_needs_more_than_the_attributes_truth_keeps_the_guarded_way_in(tmp_path) -> None:
    source = THROTTLING.replace(
        'if not getattr(self, "scope", None):', 'if not getattr(self, "scope", None) or self.strict:'
    )
    assert "ScopedRateThrottle.allow_request" in _ways_in(tmp_path, source)


def test_a_guard_on_a_property_keeps_the_way_in(tmp_path) -> None:
    # A property runs code of its own on each read: true at the guard, it may be false at the raise.
    source = THROTTLING.replace(
        '    scope_attr = "throttle_scope"\n',
        '    scope_attr = "throttle_scope"\n\n    @property\n    def scope(self):\n        return self.pick()\n',
    ).replace("        self.scope = getattr(view, self.scope_attr, None)\n", "")
    assert "ScopedRateThrottle.allow_request" in _ways_in(tmp_path, source)


def test_a_call_in_a_finally_past_the_guard_keeps_the_way_in(tmp_path) -> None:
    # A `finally` runs after the guard's `return` too.
    source = THROTTLING.replace(
        """        if not self.scope:
            return True

        self.rate = self.get_rate()""",
        """        try:
            if not self.scope:
                return True
        finally:
            self.rate = self.get_rate()""",
    )
    assert "ScopedRateThrottle.allow_request" in _ways_in(tmp_path, source)
