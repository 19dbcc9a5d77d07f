"""An exception class whose `__init__` calls its base's `__init__` twice: once for deprecated free-form arguments
(`ValueError.__init__(self, *args); return`), once with the message it words (`ValueError.__init__(self,
f"{msg} (at {coord_repr})")`). The call among `__init__`'s own statements is the one raises reach, so each raise's
message carries the class's suffix. On a small source and on tomli's own (bench/lookup_corpus.py installs it)."""

import importlib
import sys
from pathlib import Path

import pytest

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import scan
from tests.corpus_libs import corpus_libs, ends_at
from tests.harvest.test_messages import signatures


def library() -> Path:
    """Where the real tomli is installed (`tests.corpus_libs`)."""
    return corpus_libs("tomli==2.5.0", "tomli")


SOURCE = """
class DecodeError(ValueError):
    def __init__(self, msg=None, doc=None, pos=None, *args):
        if args or not isinstance(msg, str):
            ValueError.__init__(self, *args)
            return
        if pos >= len(doc):
            where = "end of document"
        else:
            where = f"line {doc.count(chr(10), 0, pos) + 1}"
        errmsg = f"{msg} (at {where})"
        ValueError.__init__(self, errmsg)


def parse(src):
    raise DecodeError("Invalid statement", src, 0)
"""


def test_the_message_a_raise_gives_is_worded_with_the_suffix_of_the_main_path(tmp_path):
    [signature] = signatures(tmp_path, SOURCE)
    assert produces(signature, "Invalid statement (at line 1)")
    assert produces(signature, "Invalid statement (at end of document)")


def test_tomli_s_decode_errors_are_found_with_their_position_at_the_line_that_raises_them():
    found = scan(library() / "tomli", prefix="tomli", progress=False)
    sys.path.insert(0, str(library()))
    try:
        tomli = importlib.import_module("tomli")
        for text in ("= 1", "key = 1 2", "[a]\n[a]", "a = [1, 2", 'a = "x'):
            with pytest.raises(tomli.TOMLDecodeError) as caught:
                tomli.loads(text)
            path, line = ends_at(caught.value)
            assert [
                s.signature
                for s in found.sites
                if path.endswith(s.path) and s.line == line and produces(s.signature, str(caught.value))
            ], (text, str(caught.value), line)
    finally:
        sys.path.remove(str(library()))
