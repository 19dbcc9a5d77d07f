"""A raise in the `else:` of a `try` runs only when the `try` caught nothing, a condition no card says: the card's
"when" is then one part of it (", among other conditions"), and a flag's solution says the raise needs the flag, not
that the flag is enough (a reader's check of this session's cards: Django 5.2.19's `check --tag` card said "when the
`--tag` flag is set", though `call_command("check", tags=["simpletag"])` raises nothing)."""

from tests.harvest.published import django_files, harvest_published


def check_card(git_repo):
    # django/core/management/commands/check.py:66-79 (5.2.19): `next()` over the unknown tags, `StopIteration` passed.
    cards = harvest_published(git_repo, django_files("core/management/commands/check.py"))
    return next(entry for message, entry in cards.items() if message.startswith("There is no system check with"))


def test_a_raise_after_a_try_that_caught_nothing_is_said_as_one_part(db, git_repo) -> None:
    meaning = str(check_card(git_repo).generated.get("meaning") or "")
    assert "the `--tag` flag is set, among other conditions" in meaning


def test_a_flag_s_solution_says_the_raise_needs_it_not_that_it_is_enough(db, git_repo) -> None:
    solutions = check_card(git_repo).generated.get("solutions") or []
    assert any("raised only when the `--tag` flag is set" in said for said in solutions)
    assert not any("raised when the `--tag` flag" in said for said in solutions)


def test_the_trigger_of_a_raise_after_a_try_says_the_try_raised_nothing(db, git_repo) -> None:
    # The trigger lists what the raise takes: the `--tag` flag alone is not it (codereview16b).
    trigger = str(check_card(git_repo).generated.get("trigger") or "")
    assert "- and the `try` it follows raises nothing (line 67)" in trigger
