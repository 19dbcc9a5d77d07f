"""Round 28's "when it happens" readings (issue 29, W and E), reduced from Django 5.2.19 and DRF 3.18.3:
- the call whose caught error leads to the raise is no "earlier check that exits first" (cards 04 and 15);
- a `continue` ends a pass of the loop, not the call: it is said as such (card 09);
- the checks a card cannot say are not "on values it works out itself": they are said by the arguments they read,
  or only counted (cards 03 and 09);
- "among other conditions" is not said where the test said makes the one around it true (card 17)."""

import pytest

from kb.cards.truth_table import implies
from tests.harvest.published import harvest_published

# django/core/management/commands/squashmigrations.py:255-262, the class around it reduced.
FIND_MIGRATION = """
from django.core.management.base import BaseCommand, CommandError
from django.db.migrations.exceptions import AmbiguityError


class Command(BaseCommand):
    def find_migration(self, loader, app_label, name):
        try:
            return loader.get_migration_by_prefix(app_label, name)
        except AmbiguityError:
            raise CommandError(
                "More than one migration matches '%s' in app '%s'. Please be "
                "more specific." % (name, app_label)
            )
"""

# django/middleware/csrf.py:349-356, `_get_secret` reduced to its raise (csrf.py:228-247).
CHECK_TOKEN = """
class InvalidTokenFormat(Exception):
    def __init__(self, reason):
        self.reason = reason


class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _get_secret(self, request):
        csrf_secret = request.COOKIES.get("csrftoken")
        if csrf_secret is not None and len(csrf_secret) != 32:
            raise InvalidTokenFormat("has incorrect length")
        return csrf_secret

    def _check_token(self, request):
        try:
            csrf_secret = self._get_secret(request)
        except InvalidTokenFormat as exc:
            raise RejectRequest(f"CSRF cookie {exc.reason}.")
        return csrf_secret
"""

# django/contrib/gis/geos/prototypes/io.py:264-326, the reading of each geometry reduced to its type code.
WKB_LIMIT = """
class _WKBReader:
    def limit(self, wkb, max_geom_collections):
        if max_geom_collections is None:
            return

        depth_stack = [[1, 0]]
        offset = 0
        while depth_stack:
            frame = depth_stack[-1]
            if frame[0] == 0:
                depth_stack.pop()
                continue

            frame[0] -= 1
            collection_depth = frame[1]
            if offset >= len(wkb):
                raise ValueError("Invalid WKB input.")
            geometry_type = wkb[offset] % 1000
            offset += 1

            if geometry_type == 7:
                collection_depth += 1
                if collection_depth > max_geom_collections:
                    msg = "WKB contains too many possible GeometryCollections."
                    raise ValueError(msg)
                depth_stack.append([wkb[offset], collection_depth])
                offset += 1
"""

# django/contrib/gis/gdal/error.py:49-61, the tables reduced.
CHECK_ERR = '''
class GDALException(Exception):
    pass


ERR_NONE = 0
CPLERR_DICT = {1: (GDALException, "AppDefined")}
OGRERR_DICT = {1: (GDALException, "Not enough data.")}


def check_err(code, cpl=False):
    """
    Check the given CPL/OGRERR and raise an exception where appropriate.
    """
    err_dict = CPLERR_DICT if cpl else OGRERR_DICT

    if code == ERR_NONE:
        return
    elif code in err_dict:
        e, msg = err_dict[code]
        raise e(msg)
    else:
        raise GDALException('Unknown error code: "%s"' % code)
'''

# rest_framework/authentication.py:59-74 (DRF 3.18.3), the header read reduced.
BASIC = """
from rest_framework import exceptions


def get_authorization_header(request):
    return request.META.get("HTTP_AUTHORIZATION", b"")


class BasicAuthentication:
    def authenticate(self, request):
        auth = get_authorization_header(request).split()

        if not auth or auth[0].lower() != b"basic":
            return None

        if len(auth) == 1:
            msg = "Invalid basic header. No credentials provided."
            raise exceptions.AuthenticationFailed(msg)
        elif len(auth) > 2:
            msg = "Invalid basic header. Credentials string should not contain spaces."
            raise exceptions.AuthenticationFailed(msg)
        return auth
"""

# django/contrib/staticfiles/utils.py:43-63 (Django 5.2.19): `base_url` is `settings.STATIC_URL` when not given.
CHECK_SETTINGS = """
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def check_settings(base_url=None):
    if base_url is None:
        base_url = settings.STATIC_URL
    if not base_url:
        raise ImproperlyConfigured("You're using the staticfiles app without having set the STATIC_URL setting.")
    if settings.MEDIA_URL == base_url:
        raise ImproperlyConfigured("The MEDIA_URL and STATIC_URL settings must have different values")
    if settings.DEBUG and settings.MEDIA_URL and settings.MEDIA_URL.startswith(settings.STATIC_URL):
        raise ImproperlyConfigured("runserver can't serve media if MEDIA_URL is within STATIC_URL.")
"""


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    files = {
        "django/core/management/commands/squashmigrations.py": FIND_MIGRATION,
        "django/middleware/csrf.py": CHECK_TOKEN,
        "django/contrib/gis/geos/prototypes/io.py": WKB_LIMIT,
        "django/contrib/gis/gdal/error.py": CHECK_ERR,
        "django/contrib/auth/basic.py": BASIC,
        "django/contrib/staticfiles/utils.py": CHECK_SETTINGS,
    }
    return {message: entry.generated for message, entry in harvest_published(git_repo, files).items()}


def test_the_call_whose_error_is_caught_is_no_earlier_check(cards) -> None:
    ambiguous = cards["More than one migration matches '{name}' in app '{app_label}'. Please be more specific."]
    rejected = cards["CSRF cookie {reason}."]
    for card in (ambiguous, rejected):
        assert "exits first" not in card["trigger"]
    assert "`loader.get_migration_by_prefix(app_label, name)` raised `AmbiguityError`" in ambiguous["trigger"]


def test_a_continue_is_said_to_end_a_pass_not_the_call(cards) -> None:
    trigger = cards["WKB contains too many possible GeometryCollections."]["trigger"]
    assert "- and no earlier check in the loop skips on to its next pass first (line 12)" in trigger
    assert "- and `_WKBReader.limit` raises no other error first (line 17)" in trigger
    assert "exits first" not in trigger


def test_checks_left_unsaid_are_said_by_the_argument_they_read(cards) -> None:
    trigger = cards['Unknown error code: "{code}"']["trigger"]
    assert "- `code` is not `ERR_NONE` (line 16)" in trigger  # shown as written beside the test said in words
    assert "more check" not in trigger
    limit = cards["WKB contains too many possible GeometryCollections."]["trigger"]
    # `collection_depth` is a local the harvest keeps no definition of: never named bare, so not said as written.
    assert "some on its `max_geom_collections` argument" in limit
    assert not any("works out itself" in card.get("trigger", "") for card in cards.values())


def test_a_check_on_an_argument_the_function_may_replace_is_not_said_to_be_on_the_argument(cards) -> None:
    trigger = cards["runserver can't serve media if MEDIA_URL is within STATIC_URL."]["trigger"]
    # `settings.MEDIA_URL == base_url` (line 10) reads `settings.STATIC_URL` when no `base_url` is given.
    assert "one more check in `check_settings` (line 10)" in trigger
    assert "`base_url` argument" not in trigger


def test_no_other_conditions_where_the_test_said_makes_the_outer_one_true(cards) -> None:
    meaning = cards["Invalid basic header. Credentials string should not contain spaces."]["meaning"]
    assert "`auth` has more than 2 items" in meaning
    assert "among other conditions" not in meaning


def test_a_comparison_with_a_number_makes_another_true_only_on_every_value() -> None:
    assert implies("len(auth) > 2", "len(auth) != 1")
    assert not implies("len(auth) != 1", "len(auth) > 2")
    assert not implies("x > 1", "x >= 2")  # 1.5 meets the first and not the second
    assert not implies("len(a) > 2", "len(b) != 1")
