"""An error that collects its causes prints the innermost one on its last line (schema 0.7.8: `Key 'a' error:\n'x'
should be instance of 'int'`). Looked up by its message alone, with no line of its own fitting first, the last line
finds the entry of the wording. On a small library written like schema, and on schema's own source
(bench/lookup_corpus.py installs it)."""

import io
import shutil
import subprocess
import sys
from pathlib import Path

from django.core.management import call_command

from kb.models import RaiseSite
from tests.corpus_libs import corpus_libs


def library() -> Path:
    """Where the real schema is installed (`tests.corpus_libs`)."""
    return corpus_libs("schema==0.7.8", "schema")


LIBRARY = """
class SchemaError(Exception):
    def __init__(self, autos):
        self.autos = autos if isinstance(autos, list) else [autos]
        Exception.__init__(self, "\\n".join(a for a in self.autos if a))


def check_type(expected, data):
    if not isinstance(data, expected):
        raise SchemaError("%r should be instance of %r" % (data, expected.__name__))
    return data


def check_dict(schema, data):
    for key, expected in schema.items():
        try:
            check_type(expected, data[key])
        except SchemaError as x:
            raise SchemaError(["Key %r error:" % key] + x.autos)
"""


def last_line_of(root: Path, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert "Traceback" in done.stderr, done.stderr
    return done.stderr[done.stderr.rindex("\n", 0, done.stderr.rindex("SchemaError: ")) + 1 :].strip()


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def test_the_last_line_of_a_collected_message_finds_the_entry_of_its_wording(token_client, db, git_repo):
    git_repo.write("checks/__init__.py", "")
    git_repo.write("checks/core.py", LIBRARY)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/checks", "--no-progress", stdout=io.StringIO())
    text = last_line_of(git_repo.root, "from checks.core import check_dict; check_dict({'a': int}, {'a': 'x'})")
    assert text == "checks.core.SchemaError: Key 'a' error:\n'x' should be instance of 'int'"

    [best, *_] = lookup(token_client, text)

    assert best["id"] == RaiseSite.objects.get(function="check_type").entry.public_id


def test_schema_s_nested_key_error_finds_the_type_check_that_failed(token_client, db, git_repo):
    shutil.copy(library() / "schema" / "__init__.py", git_repo.root / "schema.py")
    git_repo.commit("schema 0.7.8")
    call_command("harvest", str(git_repo.root), "--repo", "keleshev/schema", "--no-progress", stdout=io.StringIO())
    text = last_line_of(
        git_repo.root, "from schema import Schema; Schema({'a': {'b': int}}).validate({'a': {'b': 'x'}})"
    )
    assert text.endswith("Key 'b' error:\n'x' should be instance of 'int'")

    [best, *_] = lookup(token_client, text)

    assert best["message"] == "{data} should be instance of {s}"
