"""What a raise says beyond its test (issue 29, round 6): a method left for subclasses to define is said as such,
with the library's subclasses that define it and the user's fix; the author's comment beside a check is quoted."""

from pathlib import Path

import django
import rest_framework

from kb.models import ErrorEntry
from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent


def drf_files(*names: str) -> dict[str, str]:
    return {f"rest_framework/{name}": (DRF / name).read_text() for name in names}


def meaning_of(git_repo, source: str, message: str) -> str:
    """The meaning of one message's card, harvested from a one-module package."""
    cards = harvest(git_repo, {"pkg/__init__.py": source}, "example/pkg")
    return str(cards[message].generated.get("meaning", ""))


def test_a_router_method_left_to_subclasses_says_who_defines_it(db, git_repo):
    cards = harvest(git_repo, drf_files("routers.py"), "encode/django-rest-framework")
    entry: ErrorEntry = cards["get_default_basename must be overridden"]
    meaning = entry.generated["meaning"]
    assert "`BaseRouter.get_default_basename()` is left for subclasses of `BaseRouter` to define" in meaning
    assert "`SimpleRouter` defines it" in meaning
    assert "whenever that line runs" not in entry.generated["trigger"]
    assert "`BaseRouter.register()` calls it" in entry.generated["trigger"]
    assert entry.generated["solutions"][0] == (
        "If the object's class is your own subclass of `BaseRouter`, define `get_default_basename()` in it."
    )


def test_a_serializer_s_create_left_open_names_the_fix(db, git_repo):
    cards = harvest(git_repo, drf_files("serializers.py", "fields.py"), "encode/django-rest-framework")
    entry = cards["`create()` must be implemented."]
    assert "define `create()` in it." in entry.generated["solutions"][0]
    assert (
        "`ModelSerializer` defines it" in entry.generated["meaning"] or "ModelSerializer" in entry.generated["meaning"]
    )


def test_a_method_that_does_more_than_raise_is_not_said_left_open(db, git_repo):
    source = (
        "class Base:\n"
        "    def run(self, x):\n"
        "        if x:\n"
        "            return x\n"
        "        raise NotImplementedError('run needs x')\n"
    )
    assert "left for subclasses" not in meaning_of(git_repo, source, "run needs x")


def test_the_author_s_comment_beside_a_check_is_quoted(db, git_repo):
    files = {"django/utils/deconstruct.py": (DJANGO / "utils/deconstruct.py").read_text()}
    cards = harvest(git_repo, files)
    meaning = next(e for m, e in cards.items() if m.startswith("Could not find object")).generated["meaning"]
    assert "A comment beside it in the code says: “Make sure it's actually there and not an inner class”" in meaning


def test_commented_out_code_and_pragmas_are_not_quoted(db, git_repo):
    source = (
        "def check(value):\n"
        "    # value = value.strip()\n"
        "    if not value:\n"
        "        # noqa: E501 keep this line long\n"
        "        raise ValueError('value is required here')\n"
        "\n"
        "def other(value):\n"
        "    # if value is None: return\n"
        "    if value is None:\n"
        "        raise ValueError('other value is required')\n"
    )
    cards = harvest(git_repo, {"pkg/__init__.py": source}, "example/pkg")
    for entry in cards.values():
        assert "A comment beside it" not in entry.generated.get("meaning", "")


def test_a_serializer_s_meta_options_are_said_as_the_user_declares_them(db, git_repo):
    cards = harvest(git_repo, drf_files("serializers.py", "fields.py"), "encode/django-rest-framework")
    entry = next(e for m, e in cards.items() if m.startswith("Cannot set both 'fields' and 'exclude'"))
    assert (
        "the `Meta.fields` option of your `ModelSerializer` is set and the `Meta.exclude` option of your "
        "`ModelSerializer` is set"
    ) in entry.generated["meaning"]


def test_either_of_two_arguments_is_advised_on_both(db, git_repo):
    files = {"django/db/models/expressions.py": (DJANGO / "db/models/expressions.py").read_text()}
    cards = harvest(git_repo, files)
    entry = cards["nulls_first and nulls_last values must be True or None."]
    assert (
        "Pass a value other than `False` as `nulls_first` and a value other than `False` as `nulls_last` to "
        "`OrderBy()`."
    ) in entry.generated["solutions"]


def test_two_meta_options_set_together_are_advised_as_one_or_the_other(db, git_repo):
    cards = harvest(git_repo, drf_files("serializers.py", "fields.py"), "encode/django-rest-framework")
    entry = next(e for m, e in cards.items() if m.startswith("Cannot set both 'fields' and 'exclude'"))
    assert entry.generated["solutions"] == [
        "Set at most one of the `Meta.fields` and `Meta.exclude` options of your `ModelSerializer`."
    ]


def test_a_property_that_only_raises_says_each_read_raises_it(db, git_repo):
    files = {"django/http/response.py": (DJANGO / "http/response.py").read_text()}
    cards = harvest(git_repo, files)
    entry = cards["This {class_name} instance has no `text` attribute."]
    assert entry.generated["meaning"].startswith("Reading `StreamingHttpResponse.text` raises this, every time.")
    assert "every time it is read." in entry.generated["trigger"]


def test_subclasses_that_share_a_short_name_are_named_in_full(db, git_repo):
    base = "class BaseCommand:\n    def handle(self):\n        raise NotImplementedError('subclasses must handle')\n"
    command = (
        "from pkg.base import BaseCommand\n\nclass Command(BaseCommand):\n    def handle(self):\n        return 1\n"
    )
    files = {"pkg/__init__.py": "", "pkg/base.py": base, "pkg/one.py": command, "pkg/two.py": command}
    meaning = harvest(git_repo, files, "example/pkg")["subclasses must handle"].generated["meaning"]
    assert "Of the library's own subclasses, `pkg.one.Command` and `pkg.two.Command` define it." in meaning


def test_an_error_its_own_function_catches_is_not_said_to_be_raised_by_it(db, git_repo):
    files = {f"django/forms/{name}": (DJANGO / "forms" / name).read_text() for name in ("formsets.py", "forms.py")}
    cards = harvest(git_repo, files)
    meaning = cards["Please submit at least {num} form."].generated["meaning"]
    assert meaning.startswith(
        "`BaseFormSet.full_clean()` raises this and catches it itself (line 457): the error does not leave "
        "`BaseFormSet.full_clean()` as an exception."
    )
    assert "`BaseFormSet.full_clean()` raises this." not in meaning


def test_an_error_caught_and_raised_again_is_still_raised(db, git_repo):
    source = (
        "def parse(text):\n"
        "    try:\n"
        "        if not text:\n"
        "            raise ValueError('text is empty here')\n"
        "    except ValueError:\n"
        "        raise\n"
    )
    assert "catches it itself" not in meaning_of(git_repo, source, "text is empty here")
