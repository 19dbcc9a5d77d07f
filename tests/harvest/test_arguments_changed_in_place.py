"""A parameter the function changes in place before the raise's test (`kwargs.pop("x")`) no longer holds what the
caller passed: the card does not say the test's name as the reader's arguments (round 24's card 25, python-box 8.0.0:
"`kwargs` holds the keyword arguments" where `merge_update(other, box_merge_lists="extend")` does not raise)."""

from tests.harvest.published import harvest_published

# box/box.py:1066, 1099-1103 and 1153-1154 (python-box 8.0.0), the docstring cut to its first line, the merge
# itself to a `pass`; box/exceptions.py reduced to the one class.
BOX = '''
class BoxTypeError(TypeError):
    pass


class Box(dict):
    def merge_update(self, *args, **kwargs):
        """Recursively update the Box, merging nested dictionaries."""
        merge_type = None
        if "box_merge_lists" in kwargs:
            merge_type = kwargs.pop("box_merge_lists")
        force_unfrozen = kwargs.pop("_force_unfrozen", False)
        if len(args) + int(bool(kwargs)) > 1:
            raise BoxTypeError(f"merge_update expected at most 1 argument, got {len(args) + int(bool(kwargs))}")
        return merge_type, force_unfrozen
'''
# The same function with nothing taken out of `kwargs` first: there the keyword arguments are the caller's.
UNCHANGED = BOX.replace(
    """        merge_type = None
        if "box_merge_lists" in kwargs:
            merge_type = kwargs.pop("box_merge_lists")
        force_unfrozen = kwargs.pop("_force_unfrozen", False)
""",
    """        merge_type = force_unfrozen = None
""",
)
MESSAGE = "merge_update expected at most 1 argument, got {args}"


def sections(card) -> str:
    return " ".join(str(card.generated.get(name) or "") for name in ("meaning", "trigger"))


def test_keyword_arguments_popped_before_the_test_are_not_said_as_the_callers(db, git_repo) -> None:
    card = harvest_published(git_repo, {"box/box.py": BOX}, repo="cdgriffith/Box")[MESSAGE]
    assert "holds the keyword arguments" not in sections(card)
    assert "keyword arguments" not in sections(card)


def test_keyword_arguments_left_as_given_are_still_the_callers(db, git_repo) -> None:
    card = harvest_published(git_repo, {"box/box.py": UNCHANGED}, repo="cdgriffith/Box")[MESSAGE]
    assert "keyword arguments" in sections(card)
