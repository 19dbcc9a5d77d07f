"""A test helper's statement that spreads `*args` or `**kwargs` is not bound to a test's call: what the call hands to
them would not show. Django's `assertFormErrors(self, expected, the_callable, *args, **kwargs)` runs
`the_callable(*args, **kwargs)`; bound for `self.assertFormErrors([...], f.clean, "1234")` it read
`f.clean(*args, **kwargs)`, a call no reader can make, where `f.clean("1234")` is what raises (round 34's review of
e8b76ab/2f6c0ec, which quote the bound call in "When it happens" and as a helper's triggering call)."""

import ast

from kb.harvest.evidence.bound import bind, raising_statement

# Django 5.2.19's tests/forms_tests/tests/test_error_messages.py:33-37 and 49.
HELPER = """
class AssertFormErrorsMixin:
    def assertFormErrors(self, expected, the_callable, *args, **kwargs):
        with self.assertRaises(ValidationError) as cm:
            the_callable(*args, **kwargs)
        self.assertEqual(cm.exception.messages, expected)
"""
CALL = 'self.assertFormErrors(["LENGTH 4, MIN LENGTH 5"], f.clean, "1234")'


def _bound(helper: str, call: str, params: tuple[str, ...]) -> str:
    owner = ast.parse(helper).body[0]
    assert isinstance(owner, ast.ClassDef)
    function = owner.body[0]
    assert isinstance(function, ast.FunctionDef) and isinstance(function.body[0], ast.With)
    statement = raising_statement(function, function.body[0])
    assert statement is not None
    expression = ast.parse(call).body[0]
    assert isinstance(expression, ast.Expr)
    made = expression.value
    assert isinstance(made, ast.Call)
    return bind(statement, params, True, made, [call], 0)


def test_a_statement_spreading_the_helper_s_rest_is_not_bound() -> None:
    assert _bound(HELPER, CALL, ("expected", "the_callable")) == ""


def test_a_statement_of_named_parameters_is_still_bound() -> None:
    # Django 5.2.19's tests/validation/test_error_messages.py:8-11.
    helper = HELPER.replace("the_callable, *args, **kwargs", "field, value").replace(
        "the_callable(*args, **kwargs)", "field.clean(value, None)"
    )
    bound = _bound(helper, 'self.assertFormErrors(["x"], f, "fõo")', ("expected", "field", "value"))
    assert bound == 'f.clean("fõo", None)'
