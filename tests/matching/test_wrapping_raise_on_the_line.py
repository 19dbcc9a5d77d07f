"""A function that raises an error of its own on one line and, on another, wraps one it caught (`except SchemaError
as x: raise SchemaError([None] + x.autos, ...)`): a traceback ending on the wrapping line answers with the wrapping
raise, the entry whose wording the message carries attached, not with the other line's entry the message fits.
On a small library written like schema 0.7.8, and on schema's own source (bench/lookup_corpus.py installs it)."""

import io
import os
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
    def __init__(self, autos, errors=None):
        self.autos = autos if isinstance(autos, list) else [autos]
        Exception.__init__(self, self.code)

    @property
    def code(self):
        return "\\n".join(a for a in self.autos if a)


class TypeMismatch(SchemaError):
    pass


def validate(expected, data):
    if isinstance(expected, Checker):
        try:
            return expected.validate(data)
        except SchemaError as x:
            raise SchemaError([None] + x.autos)
    if not isinstance(data, expected):
        raise TypeMismatch("%r should be instance of %r" % (data, expected.__name__))
    return data


class Checker:
    def __init__(self, expected):
        self.expected = expected

    def validate(self, data):
        return validate(self.expected, data)
"""


def crash(root: Path, code: str, path: Path | None = None) -> str:
    env = {**os.environ, "PYTHONPATH": str(path)} if path else None
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env)
    assert "Traceback" in done.stderr, done.stderr
    return done.stderr


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def test_the_wrapping_raise_on_the_innermost_line_answers_with_the_wording_attached(token_client, db, git_repo):
    git_repo.write("checks/__init__.py", "")
    git_repo.write("checks/core.py", LIBRARY)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/checks", "--no-progress", stdout=io.StringIO())
    text = crash(git_repo.root, "from checks.core import Checker, validate; validate(Checker(str), 1)")
    assert text.rstrip().endswith("checks.core.SchemaError: 1 should be instance of 'str'")

    [best, *_] = lookup(token_client, text)

    wrapping = RaiseSite.objects.get(function="validate", entry__exception_type="checks.core.SchemaError")
    assert best["id"] == wrapping.entry.public_id and best["raise_site"] is True
    mismatch = RaiseSite.objects.get(entry__exception_type="checks.core.TypeMismatch").entry
    assert best["message_from"]["id"] == mismatch.public_id


def test_schema_s_and_of_a_wrong_type_answers_with_the_line_that_raised_it(token_client, db, git_repo):
    shutil.copy(library() / "schema" / "__init__.py", git_repo.root / "schema.py")
    git_repo.commit("schema 0.7.8")
    call_command("harvest", str(git_repo.root), "--repo", "keleshev/schema", "--no-progress", stdout=io.StringIO())
    text = crash(git_repo.root, "from schema import And, Schema; Schema(And(str, len)).validate(-1)")
    raised = text.rstrip().splitlines()[-3]  # `  File ".../schema.py", line N, in validate`
    line = int(raised.rpartition(", line ")[2].partition(",")[0])

    [best, *_] = lookup(token_client, text)

    assert best["raise_site"] is True
    assert any(source["line"] == line for source in best["sources"]), (raised, best["sources"])
    assert "should be instance of" in best["message_from"]["message"]
