"""A hostile hierarchy of bases (40 diamonds: a walk once per path takes 2**40 steps) is read once per level, and
the test of an inherited method still finds the raise it meets."""

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence


def diamonds(levels: int) -> str:
    """Classes `Top<levels>` over `levels` diamonds: each level's class has two bases that share one base."""
    code = "class CheckError(Exception):\n    pass\n\n\nclass Top0:\n    def check(self, value):\n        if value:\n"
    code += "            raise CheckError('A value the check refuses here.')\n        return value\n"
    for level in range(1, levels + 1):
        code += f"\n\nclass Left{level}(Top{level - 1}):\n    pass\n"
        code += f"\n\nclass Right{level}(Top{level - 1}):\n    pass\n"
        code += f"\n\nclass Top{level}(Left{level}, Right{level}):\n    pass\n"
    return code


TESTS = """
import pytest

from hostile.core import CheckError, Top40


def test_deep():
    with pytest.raises(CheckError):
        Top40().check(1)
"""


def test_forty_diamonds_end_and_the_inherited_method_is_found(git_repo) -> None:
    evidence = package_evidence(git_repo, "hostile", diamonds(40), TESTS)
    assert [test["name"] for test in triggering(evidence, "A value the check refuses here.")] == ["test_deep"]
