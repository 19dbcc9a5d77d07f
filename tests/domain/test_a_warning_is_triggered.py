"""A warning is emitted, never raised: round 34's cards 07 and 13 said the repository's test "raises" a warning. The
situation and the written call say a test or a call triggers it; an error is still raised."""

from kb.cards.explain import generate_sections
from kb.models import ErrorEntry
from tests.domain.test_explain import entry_with, site_with

# Django 5.2.19's `GeoIP2.open()` (django/contrib/gis/geoip2.py:243-250) warns on every call; its test
# `GeoLite2Test.test_open_deprecation_warning` (tests/gis_tests/test_geoip2.py:213-217) triggers it.
TESTS = {
    "tests": [
        {
            "path": "tests/gis_tests/test_geoip2.py",
            "line": 215,
            "name": "GeoLite2Test.test_open_deprecation_warning",
            "assertion": "assertWarnsMessage",
            "how": "message",
            "start": 213,
            "call": "g = GeoIP2.open(settings.GEOIP_PATH, GeoIP2.MODE_AUTO)",
            "code": "    def test_open_deprecation_warning(self):\n"
            '        msg = "GeoIP2.open() is deprecated. Use GeoIP2() instead."\n'
            "        with self.assertWarnsMessage(RemovedInDjango60Warning, msg):\n"
            "            g = GeoIP2.open(settings.GEOIP_PATH, GeoIP2.MODE_AUTO)\n",
        }
    ]
}
EVIDENCE = {"conditions": [], "under_condition": False, "parameters": ["full_path", "cache"]}
SITE = {"path": "django/contrib/gis/geoip2.py", "line": 245, "function": "GeoIP2.open"}
MESSAGE = "GeoIP2.open() is deprecated. Use GeoIP2() instead."


def _sections(kind: str, tests: dict | None = TESTS, evidence: dict = EVIDENCE) -> dict:
    entry = entry_with(tests, message=MESSAGE, kind=kind)
    return generate_sections(entry=entry, sites=[site_with(entry, evidence, **SITE)])


def test_a_test_triggers_a_warning() -> None:
    situations = _sections(ErrorEntry.Kind.WARNING)["situations"]
    assert "- the repository's test `GeoLite2Test.test_open_deprecation_warning` triggers it (" in situations
    assert "raises it" not in situations


def test_a_test_still_raises_an_error() -> None:
    situations = _sections(ErrorEntry.Kind.ERROR)["situations"]
    assert "`GeoLite2Test.test_open_deprecation_warning` raises it (" in situations


def test_a_call_written_from_the_code_triggers_a_warning() -> None:
    written = {**EVIDENCE, "written_call": "GeoIP2.open('path', None)"}
    how = _sections(ErrorEntry.Kind.WARNING, None, written)["how_to_trigger"]
    assert how.startswith("A call that triggers it, written from the code (not taken from a test):")
