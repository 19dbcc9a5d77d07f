"""A message that says what to do gives the card's first solution (issue 29, §3): the library's own advice, quoted
as it is written; a message that only states a rule, or uses a verb as a noun, gives none."""

from pathlib import Path

import django
import pytest

from kb.cards import message_advice, quoted, reader
from kb.cards.message_advice import advice, requirement
from kb.cards.quoted import quote
from kb.cards.solutions import derive_solutions
from tests.adversarial_inputs import FAMILIES, LARGE, REPOSITORY_FAMILIES
from tests.counted_work import stall_guard, unbounded_backtracking_repeats
from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent


def test_a_deprecation_s_replacement_is_the_first_solution(db, git_repo):
    files = {"django/views/generic/dates.py": (DJANGO / "views/generic/dates.py").read_text()}
    cards = harvest(git_repo, files)
    entry = next(e for m, e in cards.items() if m.startswith("ISO week directive '%V' is incompatible"))
    assert entry.generated["solutions"][0] == "Do what the message asks: “Use the ISO year '%G' instead\\.”"


def test_the_sentences_that_advise_are_kept_in_order():
    message = (
        "settings.DATABASES is improperly configured. Please supply the ENGINE value. Check settings "
        "documentation for more details."
    )
    assert advice(message) == ["Please supply the ENGINE value."]
    assert advice("Did you mean to pass an empty string or omit the value?") == [
        "Did you mean to pass an empty string or omit the value?"
    ]


def test_the_second_line_of_a_message_that_says_what_to_write_is_advice():
    message = (
        "The `.create()` method does not support writable nested fields by default.\nWrite an explicit "
        "`.create()` method for serializer `app.S`, or set `read_only=True` on nested serializer fields."
    )
    assert advice(message) == [
        "Write an explicit `.create()` method for serializer `app.S`, or set `read_only=True` on nested serializer "
        "fields."
    ]


def test_a_rule_or_a_verb_used_as_a_noun_is_no_advice():
    assert advice("Check functions must accept keyword arguments (**kwargs).") == []
    assert advice("nulls_first and nulls_last values must be True or None.") == []
    assert advice("") == []


HOSTILE = {name: build(LARGE) for name, build in REPOSITORY_FAMILIES.items()} | {
    name: family.build(LARGE) for name, family in FAMILIES.items()
}
PATTERNS = [
    message_advice._ADVISES,
    message_advice._SENTENCE_END,
    message_advice._RULE,
    message_advice._CLAUSE_END,
    reader._META_OPTION,
    reader._YES_NO_EMPTY,
    reader._CHAIN,
    message_advice._LEAD_IN,
    message_advice._CLAUSE_ADVISES,
    message_advice._CHOICES,
    quoted._PLACEHOLDER,
    quoted._SAYABLE,
    quoted._TYPE_OF,
]


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.pattern[:30])
def test_no_pattern_that_reads_a_message_or_a_definition_gives_back_what_a_repeat_read(pattern):
    assert unbounded_backtracking_repeats(pattern) == []


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_64_kib_message_is_read_without_a_stall(name):
    with stall_guard():
        assert isinstance(advice(HOSTILE[name]), list)
        assert isinstance(requirement(HOSTILE[name]), str)
        reader._META_OPTION.fullmatch(HOSTILE[name])
        assert isinstance(derive_solutions([], message=HOSTILE[name]), list)
        assert isinstance(quote(HOSTILE[name], {}, every=True), str)


def test_a_missing_driver_says_the_import_that_failed_and_the_message_s_question(db, git_repo):
    packages = ("django", "django/db", "django/db/backends", "django/db/backends/mysql")
    files = {f"{package}/__init__.py": "" for package in packages}
    files["django/db/backends/mysql/base.py"] = (DJANGO / "db/backends/mysql/base.py").read_text()
    cards = harvest(git_repo, files)
    entry = next(e for m, e in cards.items() if m.startswith("Error loading MySQLdb module."))
    assert entry.generated["meaning"].startswith(
        "Importing `django.db.backends.mysql.base` raises this when importing `MySQLdb` failed"
    )
    assert entry.generated["solutions"][0] == "Do what the message asks: “Did you install mysqlclient?”"


def test_a_module_s_getattr_deprecation_is_said_as_the_attribute_read(db, git_repo):
    source = (
        "import warnings\n\n\n"
        "def __getattr__(name):\n"
        "    if name == '__version__':\n"
        "        warnings.warn('The __version__ attribute is deprecated. Use importlib.metadata.', "
        "DeprecationWarning, stacklevel=2)\n"
        "        return '1.0'\n"
        "    raise AttributeError(name)\n"
    )
    cards = harvest(git_repo, {"signer/__init__.py": source}, "example/signer")
    entry = cards["The __version__ attribute is deprecated. Use importlib.metadata."]
    assert entry.generated["meaning"].startswith(
        "Reading `signer.__version__` issues this: the module's `__getattr__` handles that name."
    )


def test_a_rule_is_met_when_nothing_else_is_advised(db, git_repo):
    files = {"django/shortcuts.py": (DJANGO / "shortcuts.py").read_text()}
    cards = harvest(git_repo, files)
    entry = next(e for m, e in cards.items() if m.startswith("First argument to get_object_or_404() must be"))
    assert entry.generated["solutions"] == [
        "Meet what the message requires: “First argument to get\\_object\\_or\\_404\\(\\) must be a Model, Manager, or "
        "QuerySet\\.”"
    ]


def test_a_rule_is_cut_before_the_value_it_reports_and_never_mid_phrase():
    assert requirement("end argument must be an integer, zero, or None, but got '{end}'.") == (
        "end argument must be an integer, zero, or None."
    )
    assert requirement("The value must be one of: {choices}") == ""
    assert requirement("The value must be a {kind}, not {given}.") == ""
    assert requirement("Your schema may not work in other tools.") == ""


def test_advice_that_names_a_private_function_is_no_solution():
    # Round 19's card 21 quoted "must run _schedule_next_run before." as what to meet: no user can follow that.
    assert derive_solutions([], message="must run _schedule_next_run before") == []
    assert advice("You must call the engine's _reset() first.") == []
    # django/utils/functional.py:310 (5.2.19): a private hook a subclass defines is the library's contract.
    assert requirement("subclasses of LazyObject must provide a _setup() method") != ""
    assert requirement("Signal receivers must accept keyword arguments (**kwargs).") != ""
