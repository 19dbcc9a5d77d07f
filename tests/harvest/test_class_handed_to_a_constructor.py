"""`raise tokens.error("unmatched '%s'" % token)` where `tokens` is an object whose `__init__` stores the exception
class it is given (`self.error = error`): the classes the harvest's constructions pass (docopt 0.6.2's TokenStream,
made with DocoptLanguageError for the usage text and DocoptExit for the command line). Where the function made the
object itself, the class its own construction passes. On a small source and on docopt's own."""

import importlib
import sys
import traceback
from pathlib import Path

import pytest

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import scan
from tests.corpus_libs import corpus_libs
from tests.harvest.test_real_library_forms import sites_of


def library() -> Path:
    """Where the real docopt is installed (`tests.corpus_libs`)."""
    return corpus_libs("docopt==0.6.2", "docopt.py")


SOURCE = """
class LanguageError(Exception):
    pass


class UsageError(Exception):
    pass


class Tokens(list):
    def __init__(self, source, error):
        self += source.split()
        self.error = error


def parse_option(tokens):
    token = tokens.pop(0)
    if not token.startswith("--"):
        raise tokens.error("%s is not an option" % token)
    return token


def parse_pattern(source):
    tokens = Tokens(source, LanguageError)
    parse_option(tokens)
    if tokens:
        raise tokens.error("unexpected ending: %r" % " ".join(tokens))


def parse_argv(argv):
    return parse_option(Tokens(argv, error=UsageError))
"""


def test_an_attribute_of_a_parameter_raises_each_class_the_constructions_store(tmp_path):
    assert sorted(sites_of(tmp_path, SOURCE, "parse_option")) == [
        ("LanguageError", "{token} is not an option", ()),
        ("UsageError", "{token} is not an option", ()),
    ]


def test_an_attribute_of_an_object_the_function_made_raises_the_class_it_was_made_with(tmp_path):
    assert sites_of(tmp_path, SOURCE, "parse_pattern") == [("LanguageError", "unexpected ending: {tokens}", ())]


def test_docopt_s_usage_and_command_line_errors_are_found_where_they_are_raised():
    found = scan(library() / "docopt.py", progress=False)  # one module, read as the bench reads it
    assert found.skipped["exception type is computed at run time"] == 0
    sys.path.insert(0, str(library()))
    try:
        docopt = importlib.import_module("docopt")
        for usage, argv in [("usage: prog (a", []), ("usage: prog --n=<n>", ["--n"]), ("usage: prog --v", ["--v=1"])]:
            with pytest.raises((docopt.DocoptLanguageError, docopt.DocoptExit)) as caught:
                docopt.docopt(usage, argv)
            innermost = traceback.extract_tb(caught.value.__traceback__)[-1]
            first_line = str(caught.value).split("\n", 1)[0]
            assert [
                s.signature
                for s in found.sites
                if s.line == innermost.lineno
                and s.exception_type == f"docopt.{type(caught.value).__name__}"
                and produces(s.signature, first_line)
            ], (usage, argv, str(caught.value), innermost.lineno)
    finally:
        sys.path.remove(str(library()))
