"""A package that ships its test modules inside itself (`glom/test/test_scope_vars.py`, `conftest.py`): their raises
are the tests' own (`raise Exception("nope")` in a fixture class), never an error the package gives its users, and
as sites they answered other libraries' lookups (`KeyError: 'nope'`) with a test's card. They are read for
evidence only. On a small tree and on glom's (bench/lookup_corpus.py installs it)."""

from tests.harvest.corpus_libs import harvested, installed
from tests.harvest.test_messages import harvest_source

SOURCE = """
class ParseError(Exception):
    pass


def parse(text):
    if not text:
        raise ParseError("Nothing to parse")
"""

TESTS = """
import pytest


class FailAssign:
    def __setattr__(self, name, value):
        raise Exception("nope")


def test_parse():
    with pytest.raises(Exception):
        FailAssign().x = 1
"""


def test_a_test_module_inside_the_package_gives_no_site(tmp_path):
    found = harvest_source(tmp_path, SOURCE, extra={"test_parse.py": TESTS, "conftest.py": TESTS})

    assert [(s.path.rpartition("/")[2], s.signature) for s in found.sites] == [("mod.py", "Nothing to parse")]


@installed("glom")
def test_glom_s_own_tests_give_no_site():
    paths = {site.path for site in harvested("glom").sites}

    assert paths and not [p for p in paths if "/test/" in p]
    assert "glom/core.py" in paths
