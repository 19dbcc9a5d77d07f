"""An early exit above the raise on a test the card does not say (`if self.ready: return` above `if
self.loading: raise`) is said as a check that must not exit first: without it "raises this when `loading` is
true" claims `populate()` raises where it returns (round 13's card 12)."""

from tests.harvest.published import django_files, harvest_published


def test_an_unsaid_early_exit_is_said_as_a_check_that_must_not_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("apps/registry.py"))
    generated = cards["populate() isn't reentrant"].generated
    assert "unless an earlier check in `Apps.populate` exits first" in generated["meaning"]
    assert "- and no earlier check in `Apps.populate` exits first (lines 70, 76)" in generated["trigger"]
