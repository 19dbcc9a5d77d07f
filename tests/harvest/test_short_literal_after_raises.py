"""A test that catches the type and then checks one short word of the message (`assert "missing" in
str(info.value)`) triggers the one message that holds the word (issue 29, "how to trigger it"; round 7's reader
found itsdangerous's timestamp tests unmatched). When several messages the test's call reaches hold it, the test
attaches to none."""

import pytest

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import names, package_evidence

SIGNER = """
class BadSignature(Exception):
    pass


class Signer:
    def unsign(self, value):
        if "." not in value:
            raise BadSignature("timestamp missing")
        if not value.split(".")[1].isdigit():
            raise BadSignature("Malformed timestamp")
        if value.endswith(".0"):
            raise BadSignature("Malformed signature")
        return value
"""

SIGNER_TESTS = """
import pytest

from signer.core import BadSignature, Signer


def test_timestamp_missing():
    with pytest.raises(BadSignature) as info:
        Signer().unsign("value")
    assert "missing" in str(info.value)


def test_malformed():
    with pytest.raises(BadSignature) as info:
        Signer().unsign("value.x")
    assert "Malformed" in str(info.value)
"""


@pytest.fixture
def signer(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "signer", SIGNER, SIGNER_TESTS)


def test_a_short_word_checked_after_the_raise_triggers_the_message_that_holds_it(signer) -> None:
    assert "test_timestamp_missing" in names(triggering(signer, "timestamp missing"))


def test_a_word_two_reached_messages_hold_triggers_neither(signer) -> None:
    for message in ("Malformed timestamp", "Malformed signature"):
        assert "test_malformed" not in names(triggering(signer, message))
