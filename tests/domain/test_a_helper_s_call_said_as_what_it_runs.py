"""A test that calls its own helper (`get_error(".#foo")`, whose `try` runs `parse(css)`) is quoted, where the card
lists who raises the error, by the call that raises: the helper's statement with the test's arguments in place
(`bound`), not the helper's call, which the reader's code has no way to make."""

from kb.cards.explain import generate_sections
from tests.domain.test_explain import entry_with, func_evidence, site_with

# cssselect 1.6.0's tests/test_cssselect.py:514-519 and 539, as the harvest keeps it (evidence.caught).
CSSSELECT_TEST = {
    "path": "tests/test_cssselect.py",
    "line": 539,
    "name": "TestCssselect.test_parse_errors",
    "assertion": "caught:get_error",
    "how": "message",
    "start": 539,
    "code": '        assert get_error(".#foo") == ("Expected ident, got <HASH \'foo\' at 1>")\n',
    "call": 'get_error(".#foo")',
    "pinned": 539,
    "bound": 'parse(".#foo")',
}


def test_the_situation_quotes_what_the_helper_runs_not_the_helper_s_call():
    entry = entry_with({"tests": [CSSSELECT_TEST]})
    situations = generate_sections(entry=entry, sites=[site_with(entry, func_evidence())])["situations"]
    assert "raises it ([`tests/test_cssselect.py` line 539]" in situations
    assert situations.rstrip().endswith(': `parse(".#foo")`')
    assert "get_error" not in situations
