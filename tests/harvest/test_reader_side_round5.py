"""Cards of the fifth reader's review (issue 29): what a card must not say. A class attribute's literal is no
default when instances get their own value (`op.id = key`); `Calling X()` is not said when `X.__new__` may
return something else; a reporting switch (`DEBUG`) is never a fix; a condition is never said by one of its
parts as if it were the whole."""

from pathlib import Path

import django
import pytest
import rest_framework

from kb.models import ErrorEntry
from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent
DRF_REPO = "encode/django-rest-framework"


def django_files(*names: str) -> dict[str, str]:
    return {f"django/{name}": (DJANGO / name).read_text() for name in names}


def card_text(entry: ErrorEntry) -> str:
    generated = entry.generated
    return "\n".join([generated.get("meaning", ""), generated.get("trigger", ""), *generated.get("solutions", [])])


@pytest.fixture
def if_tag_cards(db, git_repo) -> dict[str, ErrorEntry]:
    return harvest(git_repo, django_files("template/smartif.py"))


def test_an_if_tag_operator_s_keyword_is_not_said_to_be_none(if_tag_cards):
    entry = if_tag_cards["Not expecting '{id}' in this position in if tag."]
    assert "by default" not in card_text(entry)
    assert "`TokenBase.id`" not in card_text(entry)  # the class's own `None`
    assert "In the message, `{id}` is the `TokenBase`'s `id`." in entry.generated["trigger"]


def test_a_class_literal_no_one_reassigns_is_still_said_as_its_default(db, git_repo):
    cards = harvest(git_repo, django_files("http/response.py"))
    meaning = cards["Unsafe redirect to URL with protocol '{scheme}'"].generated["meaning"]
    assert "`HttpResponseRedirectBase.allowed_schemes` (by default `['http', 'https', 'ftp']`)" in meaning


def test_a_subclass_s_own_value_keeps_the_base_literal_unsaid(db, git_repo):
    source = (
        "class Token:\n"
        "    kind = 'base'\n"
        "    def check(self, value):\n"
        "        if value:\n"
        "            raise ValueError(f'Token {self.kind} takes no value')\n"
        "\n"
        "class Name(Token):\n"
        "    kind = 'name'\n"
    )
    cards = harvest(git_repo, {"tokens/__init__.py": source}, "example/tokens")
    assert "by default" not in card_text(cards["Token {kind} takes no value"])


LAZY_FIELDS = """
class Unbound:
    def __init__(self, field_class, *args, **kwargs):
        self.field_class, self.args, self.kwargs = field_class, args, kwargs


class Field:
    def __new__(cls, *args, **kwargs):
        if "_form" in kwargs:
            return super().__new__(cls)
        return Unbound(cls, *args, **kwargs)


class SubForm(Field):
    def __init__(self, form_class, validators=None, _form=None):
        if validators:
            raise TypeError("SubForm does not accept any validators.")
        self.form_class = form_class


class Recorded:
    def __new__(cls, *args, **kwargs):
        made = super().__new__(cls)
        made._args = args
        return made


class Limit(Recorded):
    def __init__(self, limit):
        if limit < 0:
            raise ValueError("Limit must not be negative.")
        self.limit = limit
"""


@pytest.fixture
def lazy_cards(db, git_repo) -> dict[str, ErrorEntry]:
    return harvest(git_repo, {"lazy/fields.py": LAZY_FIELDS}, "example/lazy")


def test_a_class_whose_new_may_return_another_object_is_not_said_to_raise_when_called(lazy_cards):
    meaning = lazy_cards["SubForm does not accept any validators."].generated["meaning"]
    assert "Calling" not in meaning and "`SubForm()`" not in meaning
    assert meaning.startswith("`SubForm.__init__` raises this")


def test_a_new_that_returns_the_instance_it_made_keeps_calling_the_class(lazy_cards):
    meaning = lazy_cards["Limit must not be negative."].generated["meaning"]
    assert meaning.startswith("`Limit()` was called with a `limit` that")


def test_django_s_argument_recording_new_keeps_calling_the_operation(db, git_repo):
    cards = harvest(git_repo, django_files("db/migrations/operations/base.py", "db/migrations/operations/models.py"))
    meanings = [entry.generated.get("meaning", "") for entry in cards.values()]
    assert any(meaning.startswith("Calling `") and "()` raises this" in meaning for meaning in meanings)
    assert not any(".__init__` raises this" in meaning for meaning in meanings)


def test_turning_debug_off_is_never_advised_for_a_warning_debug_only_reports(db, git_repo):
    cards = harvest(git_repo, django_files("template/defaulttags.py"))
    entry = next(entry for message, entry in cards.items() if message.startswith("A {% csrf_token %} was used"))
    assert not any("DEBUG" in solution for solution in entry.generated.get("solutions", []))


def test_both_halves_of_loaders_and_app_dirs_are_said(db, git_repo):
    cards = harvest(git_repo, django_files("template/engine.py"))
    meaning = cards["app_dirs must not be set when loaders is defined."].generated["meaning"]
    assert "with a `loaders` that is not `None`, and with an `app_dirs` that is true" in meaning


def test_each_rejected_type_of_an_elif_chain_is_said(db, git_repo):
    cards = harvest(git_repo, django_files("contrib/gis/gdal/geomtype.py"))
    meaning = cards["Invalid OGR input type given."].generated["meaning"]
    for kind in ("OGRGeomType", "str", "int"):
        assert f"is not an instance of `{kind}`" in meaning


def test_an_enclosing_test_left_unsaid_keeps_the_condition_from_reading_as_the_whole(db, git_repo):
    cards = harvest(git_repo, django_files("template/defaulttags.py"))
    entry = next(entry for message, entry in cards.items() if message.startswith("A {% csrf_token %} was used"))
    assert "the setting `DEBUG` is true, among other conditions." in entry.generated["meaning"]


def test_a_serializer_whose_new_swaps_in_a_list_only_for_many_keeps_calling_the_class(db, git_repo):
    cards = harvest(git_repo, {"rest_framework/serializers.py": (DRF / "serializers.py").read_text()}, DRF_REPO)
    assert cards["`child` is a required argument."].generated["meaning"].startswith("Calling `ListSerializer()`")


SWITCHES = """
class Address:
    def __init__(self, ipv4=True, ipv6=False, message=None):
        if not ipv4 and not ipv6:
            raise ValueError("Address must accept at least one of ipv4 or ipv6.")
        self.ipv4, self.ipv6 = ipv4, ipv6


class Picker:
    def __init__(self, choices, validators=None):
        if validators:
            raise TypeError("Picker does not accept any validators.")
        self.choices = choices
"""


@pytest.fixture
def switch_cards(db, git_repo) -> dict[str, ErrorEntry]:
    return harvest(git_repo, {"switches/core.py": SWITCHES}, "example/switches")


def test_a_flag_that_defaults_to_true_is_said_false_not_left_out(switch_cards):
    meaning = switch_cards["Address must accept at least one of ipv4 or ipv6."].generated["meaning"]
    # `ipv6` defaults to false: leaving it out meets the test, said so.
    assert "with an `ipv4` that is false, and without `ipv6` (or with `ipv6=False`)" in meaning
    assert "not given" not in meaning


def test_an_empty_value_given_is_not_said_to_raise(switch_cards):
    meaning = switch_cards["Picker does not accept any validators."].generated["meaning"]
    assert "called with a non-empty `validators`" in meaning


def test_a_required_argument_is_never_said_not_given(db, git_repo):
    cards = harvest(git_repo, django_files("core/validators.py"))
    meaning = cards["Enter a valid email address."].generated["meaning"]
    assert "not given" not in meaning
    assert "the `value` argument is empty" in meaning
    # One of three raises: its test is not the only way, and the bare sentence of the others is not repeated; each
    # other is said by its own test (`user_part, domain_part = value.rsplit("@", 1)`, validators.py:250).
    assert meaning.count("Calling an `EmailValidator` instance raises this") == 1
    assert meaning.count("It is also raised when") == 2
    assert "`user_part` is the first item of what `value.rsplit('@', 1)` returns" in meaning
    # The note beside one of the three checks says which one it is beside.
    assert "A comment beside the raise at [`django/core/validators.py` line 248]" in meaning
