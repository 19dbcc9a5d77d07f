"""A lookup whose type is a class of the library, or was raised inside compiled code (issue 30, items 2 and 3):
no card of another type stands in as a "nearby" answer, and an extension's error says where it came from."""

from test_index import entry as index_entry

from errorkb.matching.compiled import compiled_package
from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.parse import parse
from errorkb.matching.rank import match_text


def entry(key: int, type_: str, message: str, line: int) -> Entry:
    site = Site("tomlish/parser.py", line, "Parser.parse_key", "abc")
    return index_entry(key, "", type_=type_, sites=(site,), message=message)


INDEX = MatchIndex.build([entry(1, "tomlish.exceptions.KeyAlreadyPresent", "", 40)])


def traceback_of(type_: str, message: str, path: str = "tomlish/parser.py", line: int = 42) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in <module>\n'
        "    load()\n"
        f'  File "/venv/lib/python3.12/site-packages/{path}", line {line}, in parse_key\n'
        "    raise self.parse_error(EmptyKeyError)\n"
        f"{type_}: {message}\n"
    )


def test_a_class_of_the_library_is_never_answered_by_a_nearby_card_of_another_type():
    result = match_text(INDEX, traceback_of("tomlish.exceptions.EmptyKeyError", "Empty key at line 1"), limit=3)
    assert result.matches == []


def test_a_builtin_type_still_gets_the_nearby_cards_flagged_as_not_the_same_raise():
    result = match_text(INDEX, traceback_of("ValueError", "bad"), limit=3)
    assert [m.entry.key for m in result.matches] == [1]
    assert result.matches[0].nearby == "function"


def test_an_error_of_a_rust_extension_says_it_was_raised_inside_compiled_code():
    text = traceback_of("pydantic_core._pydantic_core.ValidationError", "1 validation error for Model")
    result = match_text(INDEX, text, limit=3)
    assert result.compiled == "pydantic_core"
    assert result.matches == []


def test_the_innermost_frame_in_an_extension_file_names_its_package():
    text = traceback_of("ValueError", "bad", path="fastlib/_speedups.cpython-312-x86_64-linux-gnu.so", line=0)
    result = match_text(INDEX, text, limit=3)
    assert result.compiled == "fastlib"
    assert result.matches == []


def test_a_library_s_own_private_module_is_not_compiled_code():
    (exception,) = parse("bidict._exc.ValueDuplicationError: 1").exceptions
    assert compiled_package(exception) is None


def test_the_raise_on_the_frame_s_very_line_still_answers_when_its_type_was_read_otherwise():
    result = match_text(INDEX, traceback_of("tomlish.exceptions.EmptyKeyError", "Empty key", line=40), limit=3)
    assert [m.entry.key for m in result.matches] == [1]
