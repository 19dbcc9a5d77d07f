"""A `with assertRaises*` block that acts, then checks what it made: the check runs only when the act did not
raise, so the act is the statement the test raises at, and the card quotes it. Round 33's card 13 quoted
`self.assertNotEqual(qs2[0].headline, "Backdated")` (Django 5.2.19's tests/ordering/tests.py:423), which the
`Article.objects.annotate(...)` above it (line 415) never lets run."""

from kb.cards.examples import how_to_trigger
from tests.factories import generated_entry
from tests.harvest.test_tests_docs import evidence_of, triggering

# Reduced from Django 5.2.19: django/db/models/sql/query.py:1699-1704.
QUERY = """
class Query:
    def add_filtered_relation(self, filtered_relation, alias):
        filtered_relation.alias = alias
        if "." in alias:
            raise ValueError(
                "FilteredRelation doesn't support aliases with periods "
                "(got %r)." % alias
            )
"""

# Reduced from Django 5.2.19: tests/ordering/tests.py:396-423.
TESTS = """
from unittest import TestCase

from orm.query import Query


class OrderingTests(TestCase):
    def test_alias_with_period_shadows_table_name(self):
        crafted = "ordering_article.pub_date"
        relation = FilteredRelation("author")
        msg = (
            "FilteredRelation doesn't support aliases with periods "
            "(got 'ordering_article.pub_date')."
        )
        with self.assertRaisesMessage(ValueError, msg):
            qs2 = Query().add_filtered_relation(relation, crafted)
            # This assertion is reachable if FilteredRelation.__init__() starts
            # supporting periods in aliases in the future.
            self.assertNotEqual(qs2[0].headline, "Backdated")
"""


def test_the_act_a_check_follows_in_the_block_is_the_statement_quoted(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'orm'\n")
    git_repo.write("orm/__init__.py", "")
    git_repo.write("orm/query.py", QUERY)
    git_repo.write("tests/test_ordering.py", TESTS)
    evidence = evidence_of(git_repo.root / "orm", "orm")
    [test] = triggering(evidence, "FilteredRelation doesn't support aliases with periods (got {alias}).")
    assert (test["call"], test["pinned"]) == ("qs2 = Query().add_filtered_relation(relation, crafted)", 15)


# Django 5.2.19's tests/ordering/tests.py:396-423 (sdist), as the harvest records it.
ORDERING_CODE = '''    def test_alias_with_period_shadows_table_name(self):
        """
        Aliases with periods are not confused for table names from extra().
        """
        Article.objects.update(author=self.author_2)
        Article.objects.create(
            headline="Backdated", pub_date=datetime(1900, 1, 1), author=self.author_1
        )
        crafted = "ordering_article.pub_date"

        qs = Article.objects.annotate(**{crafted: F("author")}).order_by("-" + crafted)
        self.assertNotEqual(qs[0].headline, "Backdated")

        relation = FilteredRelation("author")
        msg = (
            "FilteredRelation doesn't support aliases with periods "
            "(got 'ordering_article.pub_date')."
        )
        with self.assertRaisesMessage(ValueError, msg):
            qs2 = Article.objects.annotate(**{crafted: relation}).order_by(crafted)
            # Before, unlike F(), which causes ordering expressions to be
            # replaced by ordinals like n in ORDER BY n, these were ordered by
            # pub_date instead of author.
            # The Article model orders by -pk, so sorting on author will place
            # first any article by author2 instead of the backdated one.
            # This assertion is reachable if FilteredRelation.__init__() starts
            # supporting periods in aliases in the future.
            self.assertNotEqual(qs2[0].headline, "Backdated")'''


def test_an_assignment_quoted_is_shown_with_the_lines_that_bind_what_it_reads(db) -> None:
    test = {
        "path": "tests/ordering/tests.py",
        "line": 414,
        "name": "OrderingTests.test_alias_with_period_shadows_table_name",
        "assertion": "assertRaisesMessage",
        "how": "message",
        "code": ORDERING_CODE,
        "start": 396,
        "call": "qs2 = Article.objects.annotate(**{crafted: relation}).order_by(crafted)",
        "pinned": 415,
    }
    shown = how_to_trigger(generated_entry(), [test])
    assert 'crafted = "ordering_article.pub_date"' in shown and 'relation = FilteredRelation("author")' in shown
    assert shown.rstrip("`\n").endswith("\n    qs2 = Article.objects.annotate(**{crafted: relation}).order_by(crafted)")
    assert "assertNotEqual(qs2[0]" not in shown  # the check after the raising call is cut
