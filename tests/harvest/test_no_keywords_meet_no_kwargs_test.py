"""A call that passes no keyword arguments hands the callee an empty `**kwargs`: no `option in kwargs` holds, so a
raise under one is not its way in. prettytable's `PrettyTable.__getitem__` builds `PrettyTable()`, whose
`__init__` validates an option only `if option in kwargs`; round 23's harvest named `__getitem__` a way in to every
validator's raise."""

from tests.harvest.published import harvest_published

# Reduced from prettytable 3.18.0's src/prettytable/prettytable.py: `PrettyTable.__init__` (lines 245, 349-404,
# the options cut to three), `__getitem__` (523-536), `_validate_option` (564-605, three branches),
# `_validate_true_or_false` (697-702) and `from_csv` (3088-3111, the csv reading left out).
TABLE = """
class PrettyTable:
    def __init__(self, field_names=None, **kwargs) -> None:
        self._options = ["start", "header", "border"]
        self._kwargs = {}
        for option in self._options:
            if option in kwargs:
                self._validate_option(option, kwargs[option])
                self._kwargs[option] = kwargs[option]
            else:
                kwargs[option] = None
                self._kwargs[option] = None

    def __getitem__(self, index):
        new = PrettyTable()
        for attr in self._options:
            setattr(new, f"_{attr}", getattr(self, f"_{attr}"))
        if isinstance(index, slice):
            for row in self._rows[index]:
                new.add_row(row)
        elif isinstance(index, int):
            new.add_row(self._rows[index])
        else:
            msg = f"Index {index} is invalid, must be an integer or slice"
            raise IndexError(msg)
        return new

    def _validate_option(self, option, val) -> None:
        if option == "start":
            self._validate_nonnegative_int(option, val)
        elif option in (
            "header",
            "border",
        ):
            self._validate_true_or_false(option, val)

    def _validate_nonnegative_int(self, name, val):
        self._start = int(val)

    def _validate_true_or_false(self, name, val):
        try:
            assert val in (True, False)
        except AssertionError:
            msg = f"Invalid value for {name}. Must be True or False."
            raise ValueError(msg)


def from_csv(fp, field_names=None, **kwargs):
    table = PrettyTable(**kwargs)
    return table
"""

MESSAGE = "Invalid value for {option}. Must be True or False."


def _ways(card) -> set[str]:
    return {
        row["function"]
        for site in card.sites.all()
        for row in [*site.evidence["entry_points"], *(site.evidence.get("callers") or [])]
    }


def test_a_call_with_no_keyword_arguments_is_no_way_to_a_raise_under_a_kwargs_test(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"table/__init__.py": "", "table/prettytable.py": TABLE}, repo="example/t")
    ways = _ways(cards[MESSAGE])
    assert "PrettyTable.__getitem__" not in ways
    assert {"PrettyTable", "from_csv"} <= ways  # `PrettyTable(header=2)`, `from_csv(fp, header=2)`
    assert "__getitem__" not in str(cards[MESSAGE].generated)
    assert "PrettyTable.__getitem__" in _ways(cards["Index {index} is invalid, must be an integer or slice"])


def test_a_kwargs_the_function_fills_first_may_hold_the_key(db, git_repo) -> None:
    """`kwargs.update(...)` before the test may put the option in: `PrettyTable()` may then get there."""
    filled = TABLE.replace(
        "        self._kwargs = {}\n", "        self._kwargs = {}\n        kwargs.update(self._defaults)\n", 1
    )
    cards = harvest_published(git_repo, {"table/__init__.py": "", "table/prettytable.py": filled}, repo="example/t")
    assert "PrettyTable.__getitem__" in _ways(cards[MESSAGE])
