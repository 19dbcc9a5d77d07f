"""An exception class that words its message in `__str__` from what `__init__` stored (round 15's held-out
jmespath): a raise's arguments fill the values `__init__` stores as they are (`JMESPathTypeError('sort_by', ...)`
reads "In function sort_by(), ..."; the literal is not the message), and a value the class works out itself is
never said as the raising object's ("`{expression}` is the `Parser`'s `expression`" was false)."""

from tests.harvest.published import harvest_published

EXCEPTIONS = """
class QueryError(ValueError):
    pass


class IncompleteExpressionError(QueryError):
    def __init__(self, position, value, kind):
        self.position = position
        self.expression = None

    def set_expression(self, expression):
        self.expression = expression

    def __str__(self):
        underline = " " * (self.position + 1) + "^"
        return 'Incomplete expression:\\n"%s"\\n%s' % (self.expression, underline)


class QueryTypeError(QueryError):
    def __init__(self, function_name, current_value, actual_type, expected_types):
        self.function_name = function_name
        self.current_value = current_value
        self.actual_type = actual_type
        self.expected_types = expected_types

    def __str__(self):
        return 'In function %s(), invalid type for value: %s, expected one of: %s, received: "%s"' % (
            self.function_name, self.current_value, self.expected_types, self.actual_type)
"""

FUNCTIONS = """
from query import exceptions


class Functions:
    def sort_by(self, array, expref):
        required_type = expref.kind(array[0])
        if required_type not in ["number", "string"]:
            raise exceptions.QueryTypeError("sort_by", array[0], required_type, ["string", "number"])
        return sorted(array)


class Parser:
    def __init__(self, expression):
        self.expression = expression

    def expect(self, token):
        if token["type"] == "eof":
            raise exceptions.IncompleteExpressionError(token["start"], token["value"], token["type"])
"""


def cards(git_repo):
    files = {"query/__init__.py": "", "query/exceptions.py": EXCEPTIONS, "query/functions.py": FUNCTIONS}
    return harvest_published(git_repo, files, repo="acme/query")


def test_a_literal_argument_fills_the_value_init_stores_not_the_message(db, git_repo) -> None:
    messages = list(cards(git_repo))
    assert [m for m in messages if m.startswith("In function sort_by(), invalid type for value: ")], messages
    assert "sort_by" not in messages


def test_a_value_the_error_works_out_itself_is_not_the_raisers_attribute(db, git_repo) -> None:
    [card] = [card for message, card in cards(git_repo).items() if message.startswith("Incomplete expression")]
    said = "\n".join(str(text) for text in card.generated.values())
    assert "{expression}" in card.message and "`{expression}` is" not in said
