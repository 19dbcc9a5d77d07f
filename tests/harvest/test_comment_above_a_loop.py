"""The comment above a loop whose body opens with the check speaks for that check: a sampled Django card said only
"Calling `ModelState()` raises this." for "Indexes passed to ModelState require a name attribute.", though the line
above the loop says why the check is there (“Sanity-check that indexes have their name set.”). A comment above a
loop whose first statement is something else stays unquoted."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/db/migrations/state.py:740-781.
STATE = """
class ModelState:
    def __init__(self, app_label, name, fields, options=None):
        self.app_label = app_label
        self.name = name
        self.fields = dict(fields)
        self.options = options or {}
        self.options.setdefault("indexes", [])
        # Sanity-check that indexes have their name set.
        for index in self.options["indexes"]:
            if not index.name:
                raise ValueError(
                    "Indexes passed to ModelState require a name attribute. "
                    "%r doesn't have one." % index
                )

    def render(self, apps):
        # Then, work out our bases and make the new model class.
        for base in self.options.get("bases", ()):
            name = base.lower()
            if not name:
                raise ValueError("Cannot render a base of no name %r" % base)
"""


def test_the_comment_above_a_loop_speaks_for_the_check_that_opens_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"migrations/state.py": STATE}, repo="example/migrations")
    meaning = cards["Indexes passed to ModelState require a name attribute. {index} doesn't have one."].generated[
        "meaning"
    ]
    assert "A comment beside it in the code says: “Sanity\\-check that indexes have their name set\\.”" in meaning
    # The loop opens with another statement: its comment is about the loop, not about the check further down.
    other = cards["Cannot render a base of no name {base}"].generated.get("meaning", "")
    assert "work out our bases" not in other
