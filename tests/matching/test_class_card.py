"""A pasted type that is a class of the repository, answered by that class's own card (issue 30, item 2): the card
an exception class words for itself when no raise of it was found. The answer says so, in /api/match's JSON and on
the lookup page, so that nobody reads the class statement as the line that raised."""

import io
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.test import Client

ERRORS = """
class TableError(Exception):
    pass


class MixedTypesError(TableError):
    def __init__(self, line, col):
        super().__init__(f"Mixed types found in array at line {line} col {col}")


class EmptyKeyError(TableError):
    def __init__(self, line):
        super().__init__(f"Empty key at line {line}")
"""

PARSER = """
from tables.errors import EmptyKeyError


def parse_key(text, line):
    if not text:
        raise EmptyKeyError(line)
    return text
"""


@pytest.fixture
def tables(db, git_repo):
    git_repo.write("tables/__init__.py", "")
    git_repo.write("tables/errors.py", ERRORS)
    git_repo.write("tables/parser.py", PARSER)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/tables", "--no-progress", stdout=io.StringIO())
    return git_repo.root


def lookup(client: Client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def raised_by(root, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert "Traceback" in done.stderr, done.stderr
    return done.stderr


def test_a_class_no_raise_was_found_for_is_answered_by_its_own_card_flagged_as_such(token_client, tables):
    text = raised_by(tables, "from tables.errors import MixedTypesError; raise MixedTypesError(3, 7)")
    matches = lookup(token_client, text)

    assert matches[0]["exception_type"] == "tables.errors.MixedTypesError"
    assert matches[0]["class_card"] is True
    assert matches[0]["sources"][0]["function"] == "MixedTypesError"


def test_the_message_alone_of_such_a_class_is_flagged_too(token_client, tables):
    matches = lookup(token_client, "tables.errors.MixedTypesError: Mixed types found in array at line 3 col 7")

    assert matches[0]["class_card"] is True


def test_an_error_answered_by_its_raise_is_not_flagged(token_client, tables):
    matches = lookup(token_client, raised_by(tables, "from tables.parser import parse_key; parse_key('', 4)"))

    assert matches[0]["sources"][0]["function"] == "parse_key"
    assert matches[0]["class_card"] is False


def test_the_lookup_page_says_the_answer_is_the_class_s_own_card(client, curator, tables):
    client.force_login(curator)  # a harvest's entries are drafts, which curators look up
    text = "tables.errors.MixedTypesError: Mixed types found in array at line 3 col 7"
    page = client.post("/", {"text": text}).content.decode()

    assert "The class's own card: no raise of <code>tables.errors.MixedTypesError</code> was found" in page
    assert 'Defined at <a href="https://github.com/acme/tables/blob/' in page  # the class statement, not a raise
    assert (
        "own card"
        not in client.post("/", {"text": "tables.errors.EmptyKeyError: Empty key at line 4"}).content.decode()
    )


def test_the_api_schema_types_the_flag(client, db):
    schemas = client.get("/api/schema").json()["components"]["schemas"]

    assert schemas["Match"]["properties"]["class_card"]["type"] == "boolean"
