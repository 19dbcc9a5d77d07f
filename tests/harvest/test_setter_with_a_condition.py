"""A raise under a test in a property's setter is reached by assigning to the property, not by reading it, even
where the test reads no argument (`Point.z`'s setter checks `self.hasz`): "Assigning to `Point.z` raises this",
never "`Point.z()` raises this" with the getter's docstring quoted as its own."""

from tests.harvest.published import django_files, harvest_published


def test_the_setter_is_the_entry_point(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("contrib/gis/geos/point.py"))
    meaning = cards["Cannot set Z on 2D Point."].generated["meaning"]
    assert meaning.startswith("Assigning to `Point.z` raises this when")
    assert "Return the Z component" not in meaning
