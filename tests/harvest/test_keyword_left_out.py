"""A keyword argument refused through the default its lookup falls back to (`kwargs.get("db_default",
NOT_PROVIDED) is not NOT_PROVIDED`, `kwargs.setdefault("editable", False)`, `not kwargs.setdefault("blank", True)`)
says not to pass it (issue 29, round 27's card 14: "Meet what the message requires" is no action). Only where the
test reads the key as the caller gave it: a lookup of another key above it changes nothing of it; a `pop` of the
same key, or a test that is a part of `a and b`, says nothing. On Django 5.2.19, reduced where it says."""

from tests.harvest.published import harvest_published

# django/db/models/fields/composite.py:53-73 (`CompositePrimaryKey.__init__`, its first test and body after left out).
COMPOSITE = """
NOT_PROVIDED = object()


class CompositePrimaryKey:
    def __init__(self, *args, **kwargs):
        if len(args) == 1:
            raise ValueError("CompositePrimaryKey must include at least two fields.")
        if kwargs.get("default", NOT_PROVIDED) is not NOT_PROVIDED:
            raise ValueError("CompositePrimaryKey cannot have a default.")
        if kwargs.get("db_default", NOT_PROVIDED) is not NOT_PROVIDED:
            raise ValueError("CompositePrimaryKey cannot have a database default.")
        if kwargs.get("db_column", None) is not None:
            raise ValueError("CompositePrimaryKey cannot have a db_column.")
        if kwargs.setdefault("editable", False):
            raise ValueError("CompositePrimaryKey cannot be editable.")
        if not kwargs.setdefault("primary_key", True):
            raise ValueError("CompositePrimaryKey must be a primary key.")
        if not kwargs.setdefault("blank", True):
            raise ValueError("CompositePrimaryKey must be blank.")
        self.field_names = args
"""
# The same tests where the key may have been changed before, or is tested beside another condition: made up from
# the shapes above, to show what says nothing.
CHANGED = """
NOT_PROVIDED = object()


class Changed:
    def __init__(self, *args, **kwargs):
        kwargs.pop("default", None)
        if kwargs.get("db_default", NOT_PROVIDED) is not NOT_PROVIDED:
            raise ValueError("Changed cannot have a database default.")
        if args and kwargs.get("db_column", None) is not None:
            raise ValueError("Changed cannot have a db_column with args.")
        if kwargs.get("unique", NOT_PROVIDED) is NOT_PROVIDED:
            raise ValueError("Changed must be given unique.")
"""


def harvest(git_repo):
    return harvest_published(git_repo, {"django/db/models/fields/composite.py": COMPOSITE, "changed.py": CHANGED})


def test_a_keyword_whose_lookup_falls_back_to_a_passing_default_is_not_to_be_passed(db, git_repo) -> None:
    cards = harvest(git_repo)
    said = {message: card.generated.get("solutions") for message, card in cards.items()}
    assert said["CompositePrimaryKey cannot have a database default."] == [
        "Pass no `db_default` keyword argument to `CompositePrimaryKey()`."
    ]
    assert said["CompositePrimaryKey cannot have a default."][0] == (
        "Pass no `default` keyword argument to `CompositePrimaryKey()`."
    )
    assert said["CompositePrimaryKey cannot have a db_column."][0] == (
        "Pass no `db_column` keyword argument to `CompositePrimaryKey()`."
    )
    # `setdefault` of another key above the test leaves this key as the caller gave it.
    assert said["CompositePrimaryKey cannot be editable."][0] == (
        "Pass no `editable` keyword argument to `CompositePrimaryKey()`."
    )
    blank = said["CompositePrimaryKey must be blank."]
    assert blank[0] == "Pass no `blank` keyword argument to `CompositePrimaryKey()`."


def test_a_keyword_changed_before_or_tested_beside_another_condition_says_nothing(db, git_repo) -> None:
    cards = harvest(git_repo)
    for message in (
        "Changed cannot have a database default.",  # `kwargs.pop(...)` above: no longer what the caller gave
        "Changed cannot have a db_column with args.",  # a part of `a and b`
        "Changed must be given unique.",  # raised when it is left out
    ):
        assert not any("Pass no" in said for said in cards[message].generated.get("solutions") or []), message
