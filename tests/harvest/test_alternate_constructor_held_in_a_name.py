"""`error = ParseError.new(formatted, line=line)` then `raise error`: a local holding what a class's alternate
constructor (a classmethod making `cls(...)`) makes is an exception of that class, read as `raise
ParseError.new(...)` is, not skipped as "an exception object held in a variable". On a small source and on
sqlglot's parser (bench/lookup_corpus.py installs it), whose every syntax error is raised so in `raise_error`."""

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class ParseError(Exception):
    def __init__(self, message, errors=None):
        super().__init__(message)
        self.errors = errors or []

    @classmethod
    def new(cls, message, line=None):
        return cls(message, [{"line": line}])


class Parser:
    def raise_error(self, message, line):
        error = ParseError.new("Unexpected token at line %d" % line, line=line)
        if self.strict:
            raise error
        self.errors.append(error)
"""


def test_a_local_made_by_an_alternate_constructor_is_raised_as_its_class(tmp_path):
    found = harvest_source(tmp_path, SOURCE)

    assert [(s.function, s.exception_type, s.signature) for s in found.sites] == [
        ("Parser.raise_error", "pkg.mod.ParseError", "Unexpected token at line {line}")
    ]
    assert found.skipped["raises an exception object held in a variable"] == 0


@installed("sqlglot")
def test_sqlglot_s_syntax_errors_end_where_a_site_of_their_class_is_found():
    sqlglot = imported("sqlglot")
    for sql in ("SELECT (1 + 2 FROM t", "SELECT CAST(a) FROM t", "SELECT a FROM t)"):
        error = raised(lambda sql=sql: sqlglot.parse_one(sql))
        assert type(error).__name__ == "ParseError"
        assert found_where_it_ends("sqlglot", error)
