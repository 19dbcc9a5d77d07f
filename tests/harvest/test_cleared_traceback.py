"""`except ParseBaseException as exc: raise exc.with_traceback(None)`: a parser clears the traceback of the error it
caught, so the user's traceback ends on that line whichever raise made the error. That line is a site of each
raise of the caught class or a subclass, with its wording; an unworded one joins its raise's entry. On a small
source and on pyparsing's own (bench/lookup_corpus.py installs it), whose `parse_string` does this."""

import importlib
import sys
import traceback
from pathlib import Path

import pytest

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import scan
from tests.corpus_libs import corpus_libs
from tests.harvest.test_messages import harvest_source


def library() -> Path:
    """Where the real pyparsing is installed (`tests.corpus_libs`)."""
    return corpus_libs("pyparsing==3.3.3", "pyparsing")


SOURCE = """
class ParseError(Exception):
    pass


class Unexpected(ParseError):
    pass


class Unrelated(Exception):
    pass


def word(text):
    if not text.isalpha():
        raise Unexpected(f"Expected a word, found {text!r}")
    if not text:
        raise ParseError(text)
    return text


def other():
    raise Unrelated("not a parse error at all")


def parse(text):
    try:
        return word(text)
    except ParseError as exc:
        raise exc.with_traceback(None)
"""


def test_the_clearing_line_is_a_site_of_each_raise_of_the_caught_class(tmp_path):
    found = harvest_source(tmp_path, SOURCE)
    clearing = [s for s in found.sites if s.function == "parse"]

    assert {(s.exception_type.rpartition(".")[2], s.signature) for s in clearing} == {
        ("Unexpected", "Expected a word, found {text}"),
        ("ParseError", ""),
    }
    [unworded] = [s for s in clearing if not s.signature]
    [raised] = [s for s in found.sites if s.function == "word" and not s.signature]
    assert unworded.key == raised.key  # one entry: the raise's, with the clearing line as a second site
    assert found.skipped["exception type is computed at run time"] == 0


def test_pyparsing_s_errors_are_found_at_the_line_their_traceback_ends_on():
    found = scan(library() / "pyparsing", prefix="pyparsing", progress=False)
    sys.path.insert(0, str(library()))
    try:
        pp = importlib.import_module("pyparsing")
        grammars = [pp.Word(pp.alphas), pp.Keyword("select"), pp.Literal("begin") + pp.Literal(";")]
        for grammar in grammars:
            with pytest.raises(pp.ParseBaseException) as caught:
                grammar.parse_string("(", parse_all=True)
            innermost = traceback.extract_tb(caught.value.__traceback__)[-1]
            assert innermost.name == "parse_string"
            assert [
                s.signature
                for s in found.sites
                if innermost.filename.endswith(s.path)
                and s.line == innermost.lineno
                and s.exception_type.endswith("." + type(caught.value).__name__)
                and produces(s.signature, str(caught.value))
            ], (str(caught.value), innermost.lineno)
    finally:
        sys.path.remove(str(library()))
