"""A test that keeps a part of the caught error in a local and then compares the local (DRF's
`msg = excinfo.value.detail[0]` then `assert msg == "Invalid hyperlink - Object does not exist."`, tests/
test_relations.py) asserts that message (round 14's card 19)."""

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

LINKS = """
class ValidationError(Exception):
    def __init__(self, detail):
        self.detail = [detail]


class HyperlinkField:
    def to_internal_value(self, url):
        if not url.startswith("http"):
            raise ValidationError("Invalid hyperlink - No URL match.")
        raise ValidationError("Invalid hyperlink - Object does not exist.")
"""

LINKS_TESTS = """
import pytest

from links.core import HyperlinkField, ValidationError


class TestHyperlinkField:
    def test_lookup_does_not_exist(self):
        with pytest.raises(ValidationError) as excinfo:
            HyperlinkField().to_internal_value("http://example.org/example/doesnotexist/")
        msg = excinfo.value.detail[0]
        assert msg == "Invalid hyperlink - Object does not exist."
"""


def test_a_message_compared_through_a_local_triggers_its_entry(git_repo) -> None:
    evidence = package_evidence(git_repo, "links", LINKS, LINKS_TESTS)
    [test] = triggering(evidence, "Invalid hyperlink - Object does not exist.")
    assert test["call"].startswith("HyperlinkField().to_internal_value(")
    assert triggering(evidence, "Invalid hyperlink - No URL match.") == []
