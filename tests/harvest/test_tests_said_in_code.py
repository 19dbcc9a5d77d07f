"""A raise whose tests the reader's words can say none of shows them as the code writes them, rather than no
condition at all (round 34's card 17: "`AcceptHeaderVersioning.determine_version()` raises this.", nothing more,
though the harvest read the test); beside tests said in words, one they cannot say is shown as written too rather
than folded into "one more check" (round 35's cards 02 and 04); never in place of a place said otherwise."""

import pytest

from tests.harvest.published import harvest_published

# Reduced from DRF 3.18.3's rest_framework/versioning.py:13-47: `version` is bound twice, the second time from
# itself, so no reader's name says it.
VERSIONING = """
from rest_framework import exceptions
from rest_framework.compat import unicode_http_header
from rest_framework.utils.mediatypes import _MediaType


class BaseVersioning:
    default_version = None
    allowed_versions = None
    version_param = 'version'

    def is_allowed_version(self, version):
        if not self.allowed_versions:
            return True
        return ((version is not None and version == self.default_version) or
                (version in self.allowed_versions))


class AcceptHeaderVersioning(BaseVersioning):
    invalid_version_message = 'Invalid version in "Accept" header.'

    def determine_version(self, request, *args, **kwargs):
        media_type = _MediaType(request.accepted_media_type)
        version = media_type.params.get(self.version_param, self.default_version)
        version = unicode_http_header(version)
        if not self.is_allowed_version(version):
            raise exceptions.NotAcceptable(self.invalid_version_message)
        return version
"""

# Reduced from DRF 3.18.3's rest_framework/settings.py:205-242: the private method's test is "one more check" beside
# what its only caller tests, said in words; it stays so.
SAID = """
REMOVED_SETTINGS = ('PAGINATE_BY', 'PAGINATE_BY_PARAM')


class APISettings:
    def __init__(self, user_settings=None, defaults=None):
        if user_settings:
            self._user_settings = self.__check_user_settings(user_settings)
        self.defaults = defaults or {}

    def __check_user_settings(self, user_settings):
        SETTINGS_DOC = "https://www.django-rest-framework.org/api-guide/settings/"
        for setting in REMOVED_SETTINGS:
            if setting in user_settings:
                raise RuntimeError(
                    "The '%s' setting has been removed. Please refer to '%s' for available settings."
                    % (setting, SETTINGS_DOC)
                )
        return user_settings
"""


@pytest.mark.django_db
def test_a_test_no_name_of_can_be_said_is_shown_as_written(git_repo):
    cards = harvest_published(
        git_repo, {"rest_framework/versioning.py": VERSIONING}, repo="encode/django-rest-framework"
    )
    generated = cards['Invalid version in "Accept" header.'].generated
    assert "- `self.is_allowed_version(version)` is false (line 25)" in generated["trigger"]
    assert " when " not in generated["meaning"]  # the meaning says no more than before


@pytest.mark.django_db
def test_a_test_is_shown_as_written_beside_one_said_in_words(git_repo):
    cards = harvest_published(git_repo, {"rest_framework/settings.py": SAID}, repo="encode/django-rest-framework")
    trigger = next(entry for message, entry in cards.items() if "has been removed" in message).generated["trigger"]
    assert "calls it only when the `user_settings` argument is given and not empty (line 6)" in trigger
    assert "- `user_settings` contains `setting` (line 13)" in trigger  # round 35: not folded into "one more check"
