"""A name a `for` loop binds is not the raising object's own: "`SQLCompiler.get_combinator_sql()` raises this when
the compiler's query is sliced" (round 17) reads as the `SQLCompiler`'s own query, where the loop's `compiler` is
the compiler of one of the combined queries. A yes-or-no attribute of a loop's name is said by its words only when
the card can say what the loop walks, and that is said after it."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's `SQLCompiler.get_combinator_sql` (django/db/models/sql/compiler.py:580-595).
COMBINATOR = """
class DatabaseError(Exception):
    pass


class SQLCompiler:
    def __init__(self, query, connection, using, elide_empty=True):
        self.query = query
        self.connection = connection
        self.using = using
        self.elide_empty = elide_empty

    def get_combinator_sql(self, combinator, all):
        features = self.connection.features
        compilers = [
            query.get_compiler(self.using, self.connection, self.elide_empty)
            for query in self.query.combined_queries
        ]
        if not features.supports_slicing_ordering_in_compound:
            for compiler in compilers:
                if compiler.query.is_sliced:
                    raise DatabaseError("LIMIT/OFFSET not allowed in subqueries of compound statements.")
        return compilers
"""

# Reduced from Django 5.2's `ModelState.__init__` (django/db/migrations/state.py:740-770): the loop walks what
# the card can say, so its name keeps its words, and which field it is follows (the test's second half,
# `hasattr(field.related_model, "_meta")`, left out: it named `field` itself).
MODEL_STATE = """
class ModelState:
    def __init__(self, app_label, name, fields):
        self.app_label = app_label
        self.name = name
        self.fields = dict(fields)
        for name, field in self.fields.items():
            if field.is_relation:
                raise ValueError("Model fields cannot be relations.")
"""


def test_a_loop_s_name_is_not_said_as_the_object(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"sql/compiler.py": COMBINATOR}, repo="example/sql")
    generated = cards["LIMIT/OFFSET not allowed in subqueries of compound statements."].generated
    text = "\n".join(str(value) for value in generated.values())
    assert "the compiler's query" not in text
    assert "`SQLCompiler.get_combinator_sql()` raises this" in generated["meaning"]


def test_a_loop_s_name_said_by_its_words_is_glossed(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"migrations/state.py": MODEL_STATE}, repo="example/state")
    meaning = cards["Model fields cannot be relations."].generated["meaning"]
    assert "the field is a relation (`field` is one of the values of the `ModelState`'s `fields`)" in meaning
