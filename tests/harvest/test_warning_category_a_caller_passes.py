"""A helper that warns with the message and the category its caller passes, `warnings.warn(message, category)`: each
call that words a message (through a helper of its own, `util.warn("...")`) is a warning of the class passed, at the
call and again at the helper's `warnings.warn`, and that `warnings.warn` is no longer skipped as held in a variable.
A call passing no class says nothing."""

from tests.harvest.test_messages import harvest_source

HELD = "raises an exception object held in a variable"

# SQLAlchemy 2.1.9, sqlalchemy/util/langhelpers.py:2017-2026 (warn) and 2055-2107 (_warnings_warn, its frame walk
# reduced); sqlalchemy/exc.py:44-53 and 936-939 (SAWarning); sqlalchemy/sql/functions.py:96-116 (a caller).
LANGHELPERS = """
import sys
import warnings


class HasDescriptionCode:
    code = None

    def __init__(self, *arg, **kw):
        code = kw.pop("code", None)
        if code is not None:
            self.code = code
        super().__init__(*arg, **kw)


class SAWarning(HasDescriptionCode, RuntimeWarning):
    \"\"\"Issued at runtime.\"\"\"


def warn(msg, code=None):
    if code:
        _warnings_warn(SAWarning(msg, code=code))
    else:
        _warnings_warn(msg, SAWarning)


def _warnings_warn(message, category=None, stacklevel=2):
    if category is None and isinstance(message, Warning):
        category = type(message)

    frame = sys._getframe(stacklevel)
    while frame is not None:
        if frame.f_code in _warning_tags:
            _suffix, _category = _warning_tags[frame.f_code]
            category = category or _category
            message = f"{message} ({_suffix})"
        frame = frame.f_back

    if category is not None:
        warnings.warn(message, category, stacklevel=stacklevel + 1)
    else:
        warnings.warn(message, stacklevel=stacklevel + 1)


def register_function(identifier, fn, package="_default"):
    reg = _registry[package]
    identifier = str(identifier).lower()
    if identifier in reg:
        warn(
            "The GenericFunction '{}' is already registered and "
            "is going to be overridden.".format(identifier)
        )
    reg[identifier] = fn


def quiet(message):
    _warnings_warn(message)
"""


def test_each_worded_call_is_a_warning_of_the_class_passed_at_the_call_and_the_helper(tmp_path):
    found = harvest_source(tmp_path, LANGHELPERS)
    warned = [s for s in found.sites if s.exception_type == "pkg.mod.SAWarning"]
    assert sorted((s.kind, s.function, s.line) for s in warned) == [
        ("warning", "_warnings_warn", 40),
        ("warning", "register_function", 49),
    ]
    assert {s.message for s in warned} == {
        "The GenericFunction '{identifier}' is already registered and is going to be overridden."
    }
    assert HELD not in found.skipped


def test_a_call_passing_no_class_is_no_warning_of_a_class(tmp_path):
    found = harvest_source(tmp_path, LANGHELPERS)
    assert not [s for s in found.sites if s.function == "quiet"]
