"""The card's wording on Django's own errors (review round 1, D11): a placeholder is said by what it stands for,
never by its own name again ("`{option}` is `option`"); an `except` branch names the call of its `try` block that
raised, where only a call can have raised it; and no machine phrasing is left in what a reader sees."""

from pathlib import Path

import django
import pytest

from tests.harvest.published import django_files, harvest_published

DJANGO = Path(django.__file__).parent
FILES = (
    "utils/autoreload.py",
    "template/loader_tags.py",
    "forms/fields.py",
    "contrib/auth/hashers.py",
    "db/migrations/state.py",
)


@pytest.fixture
def cards(db, git_repo) -> dict[str, dict]:
    return {message: entry.generated for message, entry in harvest_published(git_repo, django_files(*FILES)).items()}


def test_a_placeholder_is_said_by_the_definition_of_its_local(cards):
    assert (
        "In the message, `{py_script}` is `Path(sys.argv[0])`."
        in cards["Script {py_script} does not exist."]["trigger"]
    )


def test_a_placeholder_is_never_said_to_be_itself(cards):
    # No trigger at all since round 19: the test reads `remaining_bits` in the loop that pops from it.
    trigger = cards["The {option} option was specified more than once."].get("trigger", "")
    assert "`{option}` is `option`" not in trigger


def test_no_machine_phrasing_is_left(cards):
    for generated in cards.values():
        text = "\n".join(str(value) for value in generated.values())
        assert "one call further out" not in text
        assert "in the repository's tests," not in text


def test_an_except_branch_names_the_call_that_raised(cards):
    assert cards["Enter a valid JSON."]["meaning"].startswith(
        "`JSONField.to_python()` (or `JSONField.clean()`) raises this when `json.loads(value, cls=self.decoder)` "
        "raised `JSONDecodeError`."
    )


def test_an_error_a_subscript_raises_too_is_not_blamed_on_a_call(cards):
    unknown = "Unknown password hashing algorithm '{algorithm}'. Did you specify it in the PASSWORD_HASHERS setting?"
    assert cards[unknown]["meaning"].startswith(
        "Calling `get_hasher()` raises this when the `algorithm` argument is not a key of `hashers` (`hashers` is "
        "`get_hashers_by_algorithm()`) and the `algorithm` argument has no `.algorithm` attribute and the `algorithm` "
        "argument is not `'default'`."
    )
    assert "try` block" not in cards[unknown]["meaning"]


def test_a_parameter_a_loop_binds_again_is_not_said_to_be_the_argument(cards):
    # ModelState.__init__: `for name, field in self.fields.items()` rebinds `name` (the field's name, not the
    # model's) before the message reads it.
    through = next(text for message, text in cards.items() if message.startswith('Model fields in "ModelState'))
    assert "is the `name` argument" not in through.get("trigger", "")
