"""A method whose whole body refuses (`raise NotImplementedError("RequestSite cannot be saved.")`) in a class no
subclass of the repository defines it in is a refusal, not a method left to subclasses (round 14's card 12)."""

from tests.harvest.published import django_files, harvest_published


def test_a_refusal_is_not_said_to_be_left_for_subclasses(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("contrib/sites/requests.py"))
    generated = cards["RequestSite cannot be saved."].generated
    said = " ".join(str(value) for value in generated.values())
    assert "subclass" not in said
    assert "`RequestSite.save()` raises this" in generated["meaning"]
