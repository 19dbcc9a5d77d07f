"""Cards of Django's staticfiles errors, harvested from the installed Django's files with excerpts of Django
5.2.19's own tests and docs (issue 29, review round 1): a condition on `self.location` is said through the
constructor argument and the setting it falls back to, which gives the solution; the test is shown with the
settings it changes around its call; a documentation line that is only a directive is left out."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent
TREES = Path(__file__).parent / "trees"
FILES = {
    "django/contrib/staticfiles/storage.py": DJANGO / "contrib/staticfiles/storage.py",
    "django/contrib/staticfiles/utils.py": DJANGO / "contrib/staticfiles/utils.py",
    "tests/staticfiles_tests/test_management.py": TREES / "django_staticfiles_test_management.py.txt",
    "tests/staticfiles_tests/test_utils.py": TREES / "django_staticfiles_test_utils.py.txt",
    "docs/ref/settings.txt": TREES / "django_settings_static.txt",
    "docs/ref/exceptions.txt": TREES / "django_exceptions_improperly_configured.txt",
}
STATIC_ROOT = "You're using the staticfiles app without having set the STATIC_ROOT setting to a filesystem path."
MEDIA_URL = "runserver can't serve media if MEDIA_URL is within STATIC_URL."


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    """The files harvested and published as django/django: each entry's generated sections, by message."""
    for name, source in FILES.items():
        git_repo.write(name, source.read_text())
    git_repo.commit("django")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry.generated for entry in ErrorEntry.objects.all()}


def test_a_condition_on_self_location_is_said_through_its_argument_and_the_setting_it_falls_back_to(cards):
    assert cards[STATIC_ROOT]["meaning"].startswith(
        "`StaticFilesStorage.path()` raises this when the `location` argument of `StaticFilesStorage()` "
        "(by default the `STATIC_ROOT` setting) is empty."
    )


def test_the_setting_an_argument_falls_back_to_gives_the_solution(cards):
    assert cards[STATIC_ROOT]["solutions"] == [
        "Set the `STATIC_ROOT` setting, or pass a non-empty `location` to `StaticFilesStorage()`."
    ]


def test_the_test_is_shown_with_the_settings_it_overrides_around_its_call(cards):
    shown = cards[STATIC_ROOT]["how_to_trigger"]
    assert "with override_settings(STATIC_ROOT=root):" in shown
    assert '"collectstatic", interactive=False' in shown


def test_the_decorator_that_sets_the_settings_comes_with_the_test(cards):
    shown = cards[MEDIA_URL]["how_to_trigger"]
    assert '@override_settings(DEBUG=True, MEDIA_URL="static/media/", STATIC_URL="static/")' in shown
    assert "check_settings()" in shown


def test_a_documentation_line_that_is_only_a_directive_is_left_out(cards):
    for generated in cards.values():
        assert ".. setting::" not in generated.get("documentation", "")


def test_a_paragraph_that_only_defines_the_exception_s_class_is_not_quoted_as_the_meaning(cards):
    # docs/ref/exceptions.txt: "The ImproperlyConfigured exception is raised when Django is somehow improperly
    # configured": the same on every card of that class.
    assert "somehow improperly configured" not in cards[STATIC_ROOT]["meaning"]
    assert "somehow improperly configured" in cards[STATIC_ROOT]["documentation"]
