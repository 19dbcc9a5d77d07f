"""A loop that returns on the first item meeting a test, then a raise: the raise is reached only when no item met
it, and the card says so ("`constant_time_compare(...)` is false for every `key` in `[self.key,
*self.fallback_keys]`") in place of "no earlier check ... exits first (line 236)", which named the loop's `return`
(round 27's card 03). A loop of another shape keeps the early exit."""

import pytest

from tests.harvest.published import harvest_published

# django/core/signing.py:230-237 (Django 5.2.19), reduced.
SIGNER = """
class Signer:
    def unsign(self, signed_value):
        if self.sep not in signed_value:
            raise BadSignature('No "%s" found in value' % self.sep)
        value, sig = signed_value.rsplit(self.sep, 1)
        for key in [self.key, *self.fallback_keys]:
            if constant_time_compare(sig, self.signature(value, key)):
                return value
        raise BadSignature('Signature "%s" does not match' % sig)
"""

# rest_framework/versioning.py:120-130 (DRF 3.18.3), reduced.
VERSIONING = """
class NamespaceVersioning(BaseVersioning):
    def determine_version(self, request, *args, **kwargs):
        resolver_match = getattr(request, 'resolver_match', None)
        if resolver_match is None or not resolver_match.namespace:
            return self.default_version

        possible_versions = resolver_match.namespace.split(':')
        for version in possible_versions:
            if self.is_allowed_version(version):
                return version
        raise exceptions.NotFound('Invalid version in URL path.')
"""

# The same, with a second statement in the loop: which items reach the `return` is not the test alone.
COUNTED = """
class NamespaceVersioning(BaseVersioning):
    def determine_version(self, request, *args, **kwargs):
        possible_versions = request.resolver_match.namespace.split(':')
        for version in possible_versions:
            self.tried.append(version)
            if self.is_allowed_version(version):
                return version
        raise exceptions.NotFound('Invalid version in URL path.')
"""


@pytest.mark.django_db
def test_a_raise_after_a_loop_that_returns_on_a_match_says_no_item_matched(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/core/signing.py": SIGNER})
    trigger = cards['Signature "{sig}" does not match'].generated["trigger"]
    assert (
        "- `constant_time_compare(sig, self.signature(value, key))` is false for every `key` in "
        "`[self.key, *self.fallback_keys]` (line 7)"
    ) in trigger
    assert "exits first" not in trigger


@pytest.mark.django_db
def test_the_loop_s_test_is_said_alongside_the_guards_above_it(git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/versioning.py": VERSIONING}, "encode/django-rest-framework")
    trigger = cards["Invalid version in URL path."].generated["trigger"]
    said = "- `self.is_allowed_version(version)` is false for every `version` in `possible_versions` (line 9)"
    assert said in trigger


# django/db/migrations/state.py:987-991 (Django 5.2.19): the loop is all the raise is under.
INDEX = """
class ModelState:
    def get_index_by_name(self, name):
        for index in self.options["indexes"]:
            if index.name == name:
                return index
        raise ValueError("No index named %s on model %s" % (name, self.name))
"""


@pytest.mark.django_db
def test_a_raise_under_the_loop_alone_means_no_item_matched(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/migrations/state.py": INDEX})
    generated = cards["No index named {name} on model {name_2}"].generated
    assert generated["meaning"].startswith(
        "`ModelState.get_index_by_name()` raises this when `index.name == name` is false for every `index` in "
        "`self.options['indexes']`."
    )
    assert "whenever" not in generated["meaning"] + generated["trigger"]


@pytest.mark.django_db
def test_a_loop_that_does_more_than_test_keeps_the_early_exit(git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/versioning.py": COUNTED}, "encode/django-rest-framework")
    trigger = cards["Invalid version in URL path."].generated.get("trigger", "")
    assert "for every" not in trigger


# django/utils/translation/trans_real.py:502-524 (Django 5.2.19), reduced: a second loop, under `if not strict:`,
# returns a variant after the first found none; the first loop's test is not all the raise needs.
LANGUAGE = """
def get_supported_language_variant(lang_code, strict=False):
    possible_lang_codes = [lang_code]
    generic_lang_code = possible_lang_codes[-1]
    supported_lang_codes = get_languages()

    for code in possible_lang_codes:
        if code.lower() in supported_lang_codes and check_for_language(code):
            return code
    if not strict:
        # if fr-fr is not supported, try fr-ca.
        for supported_code in supported_lang_codes:
            if supported_code.startswith(generic_lang_code + "-"):
                return supported_code
    raise LookupError(lang_code)
"""


@pytest.mark.django_db
def test_another_exit_after_the_loop_makes_its_test_one_condition_of_several(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/utils/translation/trans_real.py": LANGUAGE})
    generated = cards[""].generated
    assert generated["meaning"].startswith(
        "Calling `get_supported_language_variant()` raises this when `code.lower() in supported_lang_codes and "
        "check_for_language(code)` is false for every `code` in `possible_lang_codes`, among other conditions."
    )
    assert "no earlier check in `get_supported_language_variant` exits first (line 13)" in generated["trigger"]
