"""The comment above an `if` (or `elif`) speaks for its own branch, not for the `else` below it that raises: a
sampled Django card quoted “Field is removed and part of an index/unique_together” for
`MigrationAutodetector.check_dependency`'s "Can't handle dependency", whose own comment, above `else:`, is
“Unknown dependency. Raise an error.” A comment above an `elif` labels that branch of a chain; one above a plain
`if` is about the test its `else` negates, and is kept where `else:` has none."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/db/migrations/autodetector.py:451-533.
AUTODETECTOR = """
class MigrationAutodetector:
    def check_dependency(self, operation, dependency):
        # Created model
        if dependency.field_name is None and dependency.type == "create":
            return operation.name_lower == dependency.model_name_lower
        # Field is removed and part of an index/unique_together
        elif dependency.field_name is not None and dependency.type == "alter_foo_together":
            return operation.name_lower == dependency.model_name_lower
        # Unknown dependency. Raise an error.
        else:
            raise ValueError("Can't handle dependency %r" % (dependency,))

    def check_operation(self, operation):
        # Only models can be created here.
        if operation.kind != "create":
            return operation.name
        else:
            raise ValueError("Can't handle operation %r" % (operation,))
"""


def test_an_else_has_the_comment_above_it_not_the_one_above_its_if(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"migrations/autodetector.py": AUTODETECTOR}, repo="example/migrations")
    meaning = cards["Can't handle dependency {dependency}"].generated["meaning"]
    assert "Field is removed" not in meaning
    assert "A comment beside it in the code says: “Unknown dependency\\. Raise an error\\.”" in meaning
    # A plain `if`/`else` with no comment above `else:`: the one above the `if` is about the test it negates.
    assert "Only models can be created here" in cards["Can't handle operation {operation}"].generated["meaning"]
