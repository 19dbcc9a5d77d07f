"""`while True:` lets every pass in: a raise inside it is not "when `True` holds" (round 35's card 11,
django/utils/regex_helper.py:80-88, Django 5.2.19); with no test of its own, the branch's tests are shown where
they were folded into "3 more checks"."""

from tests.harvest.published import django_files, harvest_published


def test_a_raise_in_while_true_has_no_true_condition(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("utils/regex_helper.py"))
    trigger = cards["Awaiting Implementation"].generated["trigger"]
    assert "`True`" not in trigger
    assert "more check" not in trigger  # the tests that choose the branch are shown, not folded away
    assert "- `ch` equals `'|'` (line 86)" in trigger
