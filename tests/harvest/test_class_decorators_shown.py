"""A test shown as the way to trigger an error comes with its class's decorators (round 18's card 12): Django's
`NoRootUrlConfTests.test_no_handler_exception` calls `self.client.get("/test/me/")`, which raises only under the
class's `@override_settings(ROOT_URLCONF=None)`. Reduced from Django 5.2.19's tests/urlpatterns_reverse/tests.py
(lines 417-432 and 1581-1593 of the sdist); the code is the installed Django's django/urls/resolvers.py."""

from kb.harvest.evidence.heads import class_head, set_up_changes
from tests.harvest.published import django_files, harvest_published

TESTS = '''
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.test import SimpleTestCase, override_settings
from django.urls.resolvers import RegexPattern, URLResolver


@override_settings(ROOT_URLCONF="urlpatterns_reverse.no_urls")
class NoURLPatternsTests(SimpleTestCase):
    def test_no_urls_exception(self):
        """
        URLResolver should raise an exception when no urlpatterns exist.
        """
        resolver = URLResolver(RegexPattern(r"^$"), settings.ROOT_URLCONF)

        with self.assertRaisesMessage(
            ImproperlyConfigured,
            "The included URLconf 'urlpatterns_reverse.no_urls' does not "
            "appear to have any patterns in it. If you see the 'urlpatterns' "
            "variable with valid patterns in the file then the issue is "
            "probably caused by a circular import.",
        ):
            getattr(resolver, "url_patterns")


@override_settings(ROOT_URLCONF=None)
class NoRootUrlConfTests(SimpleTestCase):
    """Tests for handler404 and handler500 if ROOT_URLCONF is None"""

    def test_no_handler_exception(self):
        msg = (
            "The included URLconf 'None' does not appear to have any patterns "
            "in it. If you see the 'urlpatterns' variable with valid patterns "
            "in the file then the issue is probably caused by a circular "
            "import."
        )
        with self.assertRaisesMessage(ImproperlyConfigured, msg):
            self.client.get("/test/me/")
'''

NO_PATTERNS = (
    "The included URLconf '{name}' does not appear to have any patterns in it. If you see the 'urlpatterns' variable "
    "with valid patterns in the file then the issue is probably caused by a circular import."
)


def test_a_test_is_shown_under_its_class_decorators(db, git_repo) -> None:
    files = {**django_files("urls/resolvers.py"), "tests/urlpatterns_reverse/tests.py": TESTS}
    shown = harvest_published(git_repo, files)[NO_PATTERNS].generated["how_to_trigger"]
    assert (
        "tests/urlpatterns_reverse/tests.py` line 25]" in shown
        and "@override_settings(ROOT_URLCONF=None)\nclass NoRootUrlConfTests(SimpleTestCase):\n    # …\n"
        "    def test_no_handler_exception(self):\n"
        in shown
    )
    assert '    def test_no_handler_exception(self):\n        self.client.get("/test/me/")' in shown
    # The test that reads the setting itself comes with the class's decorator too, with nothing between them.
    assert (
        '@override_settings(ROOT_URLCONF="urlpatterns_reverse.no_urls")\nclass NoURLPatternsTests(SimpleTestCase):\n'
        "    def test_no_urls_exception(self):\n" in shown
    )
    # The bare call is never shown on its own.
    assert '```python\nself.client.get("/test/me/")\n```' not in shown


# Django 5.2.19's tests/gis_tests/test_geoip2.py:22-27 (sdist): the skip decides only whether the tests run.
GEOIP_HEAD = """

@skipUnless(HAS_GEOIP2, "GeoIP2 is required.")
@override_settings(
    GEOIP_CITY="GeoLite2-City-Test.mmdb",
    GEOIP_COUNTRY="GeoLite2-Country-Test.mmdb",
)
class GeoLite2Test(SimpleTestCase):
    fqdn = "sky.uk"
"""


def test_a_decorator_that_only_skips_is_left_out_of_the_head() -> None:
    lines = GEOIP_HEAD.split("\n")
    head, start, end = class_head(lines, 8, 3)
    assert head == (
        "@override_settings(\n"
        '    GEOIP_CITY="GeoLite2-City-Test.mmdb",\n'
        '    GEOIP_COUNTRY="GeoLite2-Country-Test.mmdb",\n'
        ")\n"
        "class GeoLite2Test(SimpleTestCase):"
    )
    assert (start, end) == (4, 8)
    assert class_head(lines[:2] + lines[2:3] + ["class T:"], 4, 3) == ("", 0, 0)


# Reduced from Django 5.2.19's tests/sessions_tests/tests.py:867-907 (sdist): `setUp` sets SESSION_FILE_PATH for
# each test, which the trimmed call alone would not.
SESSION_TESTS = """
import shutil
import tempfile

from django.conf import settings
from django.contrib.sessions.backends.file import SessionStore as FileSession
from django.contrib.sessions.exceptions import InvalidSessionKey
from django.test import SimpleTestCase


class FileSessionTests(SimpleTestCase):
    backend = FileSession

    def setUp(self):
        # Do file session tests in an isolated directory, and kill it after we're done.
        self.original_session_file_path = settings.SESSION_FILE_PATH
        self.temp_session_store = settings.SESSION_FILE_PATH = self.mkdtemp()
        self.addCleanup(shutil.rmtree, self.temp_session_store)
        super().setUp()

    def mkdtemp(self):
        return tempfile.mkdtemp()

    def test_invalid_key_backslash(self):
        with self.assertRaises(InvalidSessionKey):
            self.backend()._key_to_file("a\\\\b\\\\c")
"""


def test_a_test_whose_set_up_changes_settings_is_not_shown_without_it(db, git_repo) -> None:
    files = {
        **django_files("contrib/sessions/backends/file.py", "contrib/sessions/exceptions.py"),
        "tests/sessions_tests/tests.py": SESSION_TESTS,
    }
    entry = harvest_published(git_repo, files)["Invalid characters in session key"]
    assert [test["name"] for test in entry.evidence["tests"]] == ["FileSessionTests.test_invalid_key_backslash"]
    assert "_key_to_file" not in entry.generated.get("how_to_trigger", "")


# Reduced from DRF 3.18.3's rest_framework/throttling.py:1-80 and tests/test_throttling.py:456-482 (sdist): `setUp`
# sets the class's `scope`, without which `SimpleRateThrottle()` raises ImproperlyConfigured first (round 26's
# cards 17, generated and AI-assisted, showed the call alone).
THROTTLING = """
from django.core.exceptions import ImproperlyConfigured


class SimpleRateThrottle:
    scope = None

    def __init__(self):
        if not getattr(self, 'rate', None):
            self.rate = self.get_rate()

    def get_cache_key(self, request, view):
        \"\"\"
        Should return a unique cache-key which can be used for throttling.
        Must be overridden.
        \"\"\"
        raise NotImplementedError('.get_cache_key() must be overridden')

    def get_rate(self):
        if not getattr(self, 'scope', None):
            msg = ("You must set either `.scope` or `.rate` for '%s' throttle" % self.__class__.__name__)
            raise ImproperlyConfigured(msg)
        return '1/min'
"""
THROTTLING_TESTS = """
import pytest
from django.test import TestCase

from rest_framework.throttling import SimpleRateThrottle


class SimpleRateThrottleTests(TestCase):

    def setUp(self):
        SimpleRateThrottle.scope = 'anon'

    def test_get_cache_key_raises_not_implemented_error(self):
        with pytest.raises(NotImplementedError):
            SimpleRateThrottle().get_cache_key({}, {})
"""


def test_a_test_whose_set_up_sets_a_class_attribute_is_not_shown_without_it(db, git_repo) -> None:
    files = {"rest_framework/throttling.py": THROTTLING, "tests/test_throttling.py": THROTTLING_TESTS}
    entry = harvest_published(git_repo, files, repo="encode/django-rest-framework")[
        ".get_cache_key() must be overridden"
    ]
    assert [test["name"] for test in entry.evidence["tests"]] == [
        "SimpleRateThrottleTests.test_get_cache_key_raises_not_implemented_error"
    ]
    assert "get_cache_key({}, {})" not in entry.generated.get("how_to_trigger", "")


def test_a_set_up_that_compares_or_calls_a_class_changes_nothing_of_it() -> None:
    lines = [
        "class T:",
        "    def setUp(self):",
        "        self.user = User.objects.create(name='x')",
        "        assert A.b == 1",
    ]
    assert not set_up_changes(lines, 1, len(lines))
    assert set_up_changes([*lines, "        Throttle.scope = 'anon'"], 1, len(lines) + 1)


def test_a_test_under_changed_settings_is_named_without_its_bare_call(db, git_repo) -> None:
    # Round 36's card 20 (DRF's `@patch` on a test class): "the repository's test ... raises it: `call`" read as if
    # the call alone raised; under a decorator that changes settings or patches code, the test is named alone.
    files = {**django_files("urls/resolvers.py"), "tests/urlpatterns_reverse/tests.py": TESTS}
    situations = harvest_published(git_repo, files)[NO_PATTERNS].generated["situations"]
    line = next(line for line in situations.splitlines() if "NoRootUrlConfTests.test_no_handler_exception" in line)
    assert line.endswith("tests.py#L36))") and "self.client.get" not in line
