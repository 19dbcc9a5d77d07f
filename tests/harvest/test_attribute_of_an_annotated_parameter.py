"""`self.env = env` in an `__init__` whose `env: Environment` names a class of the repository (issue 30): calls
on `self.env` run that class's methods, so a message handed to `self.env.error(...)`, a method that raises the
exception it is given, is an entry, at the call and again at the helper's `raise exc`, which is then counted as read
at each call rather than skipped as held in a variable. Reduced from python-liquid 2.3.6."""

import pytest

from tests.harvest.test_helper_raises import sites
from tests.harvest.test_messages import harvest_source

# liquid/exceptions.py:11 and :123 (python-liquid 2.3.6), reduced.
EXCEPTIONS = """
class LiquidError(Exception):
    def __init__(self, *args, token):
        super().__init__(*args)
        self.token = token

class LiquidSyntaxError(LiquidError):
    pass

class LiquidInterrupt(Exception):
    pass
"""

# liquid/environment.py:44 and :478-495, reduced: `error` raises the exception its caller hands it.
ENVIRONMENT = """
from typing import Type, Union

from .exceptions import LiquidError

class Environment:
    def __init__(self, mode):
        self.mode = mode

    def error(self, exc: Union[Type[LiquidError], LiquidError], msg=None, token=None):
        if not isinstance(exc, LiquidError):
            exc = exc(msg, token=token)
        elif not exc.token:
            exc.token = token
        if self.mode == 1:
            raise exc
"""

# liquid/template.py:34-36, :51, :76-86 and :131-178, reduced: `env` annotated with a class imported for type
# checking alone, under `from __future__ import annotations`.
TEMPLATE = """
from __future__ import annotations
from typing import TYPE_CHECKING
from typing import Optional

from .exceptions import LiquidInterrupt, LiquidSyntaxError

if TYPE_CHECKING:
    from .environment import Environment

class BoundTemplate:
    def __init__(self, {env}, nodes):
        self.env = env
        self.nodes = nodes

    def render_with_context(self, context, buffer, partial=False):
        for node in self.nodes:
            try:
                node.render(context, buffer)
            except LiquidInterrupt as err:
                if not partial:
                    self.env.error(
                        LiquidSyntaxError(f"unexpected '{{err}}'", token=node.token)
                    )
                else:
                    raise
"""


def harvest(tmp_path, annotation: str, environment: str = ENVIRONMENT):
    extra = {"exceptions.py": EXCEPTIONS, "environment.py": environment}
    return harvest_source(tmp_path, TEMPLATE.format(env=f"env: {annotation}" if annotation else "env"), extra=extra)


def test_a_message_handed_to_a_method_of_an_annotated_parameter_s_class_is_an_entry(tmp_path):
    assert sites(harvest(tmp_path, "Environment"), "unexpected '{err}'") == [
        ("pkg.exceptions.LiquidSyntaxError", "BoundTemplate.render_with_context", "pkg/mod.py"),
        ("pkg.exceptions.LiquidSyntaxError", "Environment.error", "pkg/environment.py"),
    ]


@pytest.mark.parametrize("annotation", ['"Environment"', "Optional[Environment]", "Environment | None"])
def test_an_optional_or_quoted_annotation_names_the_class_too(tmp_path, annotation):
    assert sites(harvest(tmp_path, annotation), "unexpected '{err}'")


@pytest.mark.parametrize("annotation", ["", "object", "Environment | LiquidSyntaxError", "Optional"])
def test_an_unannotated_or_ambiguous_parameter_names_no_class(tmp_path, annotation):
    assert not sites(harvest(tmp_path, annotation), "unexpected '{err}'")


def test_an_exception_replaced_before_the_helper_s_raise_is_not_the_callers(tmp_path):
    replaced = ENVIRONMENT.replace(
        "        if self.mode == 1:", "        exc = RuntimeError(str(exc))\n        if self.mode == 1:"
    )
    assert "exc = RuntimeError" in replaced
    assert not sites(harvest(tmp_path, "Environment", replaced), "unexpected '{err}'")


HELD = "raises an exception object held in a variable"
HANDED = "raises what its callers make and hand it: a site at each call"


def test_the_helper_s_raise_of_what_callers_make_is_read_at_each_call_not_held_in_a_variable(tmp_path):
    found = harvest(tmp_path, "Environment")
    assert found.skipped[HANDED] == 1
    assert HELD not in found.skipped


def test_the_helper_s_raise_stays_held_when_no_call_is_known_to_run_it(tmp_path):
    found = harvest(tmp_path, "")
    assert found.skipped[HELD] == 1
    assert HANDED not in found.skipped


def test_the_helper_s_raise_stays_held_when_its_parameter_names_no_class(tmp_path):
    unannotated = ENVIRONMENT.replace("exc: Union[Type[LiquidError], LiquidError]", "exc")
    found = harvest(tmp_path, "Environment", unannotated)
    assert found.skipped[HELD] == 1


def test_the_helper_s_raise_stays_held_when_a_caller_hands_it_a_class(tmp_path):
    handed_a_class = TEMPLATE.replace(
        "                else:\n                    raise",
        '                else:\n                    self.env.error(LiquidSyntaxError, "interrupted", node.token)',
    )
    assert "self.env.error(LiquidSyntaxError," in handed_a_class
    extra = {"exceptions.py": EXCEPTIONS, "environment.py": ENVIRONMENT}
    found = harvest_source(tmp_path, handed_a_class.format(env="env: Environment"), extra=extra)
    assert found.skipped[HELD] == 1
