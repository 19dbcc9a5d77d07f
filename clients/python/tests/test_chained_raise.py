"""An error raised while handling another (`During handling of the above exception...`): the last raise is the
one to answer, even when its multi-line message only resembles its wording (a traceback trims the space at a line's
end) while the first exception's raise, in an entry with no message, stands on its own frame. Pared down from a
grammar library's `_parse_grammar` (lark 1.3), which turns its lexer's error into a GrammarError."""

from test_index import entry as index_entry

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.rank import match_text


def entry(key: int, type_: str, message: str, site: Site) -> Entry:
    signature = message.replace("{{", "{").replace("}}", "}")
    return index_entry(key, signature, type_=type_, sites=(site,), message=message)


WORDING = "Unexpected input at line {line} column {column} in {name}: \n\n{context}"
INDEX = MatchIndex.build(
    [
        entry(1, "grammars.exceptions.UnexpectedCharacters", "", Site("grammars/lexer.py", 622, "next_token", "a")),
        entry(2, "grammars.exceptions.GrammarError", WORDING, Site("grammars/load.py", 971, "_parse_grammar", "b")),
    ]
)
TEXT = """Traceback (most recent call last):
  File "/venv/site-packages/grammars/load.py", line 968, in _parse_grammar
    tree = _get_parser().parse(text)
  File "/venv/site-packages/grammars/lexer.py", line 622, in next_token
    raise UnexpectedCharacters(text, pos, line, column)
grammars.exceptions.UnexpectedCharacters: No terminal matches ''' in the current parser context, at line 1 col 8

start: 'a' |
       ^

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "app.py", line 3, in <module>
    Grammar(text)
  File "/venv/site-packages/grammars/load.py", line 971, in _parse_grammar
    raise GrammarError("Unexpected input at line %d column %d in %s: \\n\\n%s" % (line, column, name, context))
grammars.exceptions.GrammarError: Unexpected input at line 1 column 8 in <string>:"""
TEXT += " \n\nstart: 'a' |\n       ^\n"  # the wording's space before the new line, as Python prints it


def test_the_last_raise_answers_before_the_raise_of_the_error_it_handled():
    result = match_text(INDEX, TEXT, limit=3)
    assert [m.entry.key for m in result.matches] == [2, 1]
    assert result.matches[0].raise_site
