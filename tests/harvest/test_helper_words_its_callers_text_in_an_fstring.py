"""A raising helper that words its caller's text in an f-string (`formatted = f"{message}. Line {line}"`, then
`raise error_class(formatted)`): each call is a site of its text with the helper's words around it, the text as
the caller wrote it, not a placeholder named after it. On a small source and on sqlglot's parser
(bench/lookup_corpus.py installs it), whose `raise_error("Expecting )")` words every syntax error so."""

import traceback

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import harvested, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class ConfigError(SyntaxError):
    def __init__(self, message="", line_number=None):
        SyntaxError.__init__(self, message)


class Parser:
    def parse(self, lines):
        self._handle_error("Section too nested", lines, 3)

    def _handle_error(self, message, lines, index):
        formatted = f"{message}. Line {index}: {message!r}"
        error = ConfigError(formatted, index)
        raise error
"""


def test_the_callers_text_is_worded_in_place(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites

    [at_call] = [s.signature for s in found if s.function == "Parser.parse"]
    assert at_call.startswith("Section too nested. Line {")
    assert at_call.endswith(": 'Section too nested'")
    assert produces(at_call, "Section too nested. Line 3: 'Section too nested'")


@installed("sqlglot")
def test_sqlglot_s_syntax_errors_have_a_site_in_their_own_words_where_they_end():
    sqlglot = imported("sqlglot")
    for sql, said in [("SELECT (1 + 2 FROM t", "Expecting )"), ("SELECT CAST(a) FROM t", "Expected AS after CAST")]:
        error = raised(lambda sql=sql: sqlglot.parse_one(sql))
        where = [f for f in traceback.extract_tb(error.__traceback__) if "/sqlglot/" in f.filename][-1]
        worded = [
            s.signature
            for s in harvested("sqlglot").sites
            if where.filename.endswith(s.path) and s.line == where.lineno and s.signature.startswith(said + ". Line ")
        ]
        assert worded and all(produces(signature, str(error)) for signature in worded), (sql, worded)
