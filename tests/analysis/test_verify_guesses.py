"""A model's guess at what usually happens is taken out, the checked claim around it kept (round 35's AI cards 06
and 16: "which usually means GNU gettext is not installed" and "the view (typically an `async` function ...)", both
false): a parenthetical holding one goes, a clause after the last comma is cut off, any other such sentence is
dropped whole; each is counted. A word in a code span is code, not a guess."""

import json

from kb.analysis.guesses import without_guesses
from kb.analysis.verify import GUESSED, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.adversarial_inputs import LARGE
from tests.analysis.fake_endpoint import card
from tests.analysis.test_verify_routes import MAKEMESSAGES
from tests.counted_work import stall_guard

# Django 5.2.19's makemessages.py:199-216 and 465-477, reduced (the gettext version's raise).
SAID = "`Command.gettext_version` finds no version number in the output of `xgettext --version`"


def vocabulary() -> Vocabulary:
    known = Vocabulary()
    known.read_code(MAKEMESSAGES)
    return known


def check(**sections: str):
    return check_answer(json.loads(card(**sections)), vocabulary())


def test_a_clause_guessing_what_it_usually_means_is_cut_off() -> None:
    result = check(meaning=f"{SAID}, which usually means GNU gettext is not installed.")
    assert result.sections["meaning"] == f"{SAID}."
    assert result.dropped == 1 and result.unknown == [GUESSED]


def test_a_guessing_parenthetical_is_taken_out() -> None:
    result = check(meaning=f"{SAID} (typically an old `xgettext` on the `PATH`).")
    assert result.sections["meaning"] == f"{SAID}."
    assert result.unknown == [GUESSED]


def test_a_sentence_that_is_only_a_guess_is_dropped_and_its_neighbours_kept() -> None:
    result = check(meaning=f"{SAID}. Usually `xgettext` is missing altogether.")
    assert result.sections["meaning"] == f"{SAID}."
    assert result.dropped == 1 and result.unknown == [GUESSED]


def test_a_word_in_code_is_no_guess() -> None:
    assert without_guesses("The `often` flag of `Command.gettext_version` is read.") == (
        "The `often` flag of `Command.gettext_version` is read."
    )


def test_a_64_kib_answer_is_read_in_one_pass() -> None:
    parentheses = "(" * (LARGE // 2) + "usually" + ")" * (LARGE // 2)
    ticks = "`" * LARGE + " usually"
    commas = "a, " * (LARGE // 3) + "usually"
    with stall_guard():
        assert without_guesses(parentheses) is not None
        assert without_guesses(ticks) is None
        assert without_guesses(commas) == "a, " * (LARGE // 3 - 1) + "a."
