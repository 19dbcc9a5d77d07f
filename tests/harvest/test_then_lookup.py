"""The whole loop: harvest a repository, run its code until it fails, paste the real traceback."""

import io
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import jinja2
import pytest
from django.core.management import call_command

SOURCE = """
class Pool:
    def __init__(self, size):
        self.size = size

    def acquire(self, timeout):
        if timeout < 0:
            raise ValueError(f"timeout must be non-negative, got {timeout}")
        return self._take(timeout)

    def _take(self, timeout):
        raise RuntimeError(f"Pool of {self.size} connections exhausted after {timeout}s")
"""

CRASH = "from pool.core import Pool\nPool(4).acquire(2.5)\n"


def test_a_real_traceback_from_a_harvested_repository_finds_its_raise_site(token_client, db, git_repo):
    git_repo.write("pool/__init__.py", "")
    git_repo.write("pool/core.py", SOURCE)
    sha = git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/pool", "--no-progress", stdout=io.StringIO())

    crashed = subprocess.run([sys.executable, "-c", CRASH], cwd=git_repo.root, capture_output=True, text=True)
    assert "RuntimeError: Pool of 4 connections exhausted after 2.5s" in crashed.stderr

    response = token_client.post("/api/match", {"text": crashed.stderr}, content_type="application/json")
    best = response.json()["matches"][0]
    assert best["exact"] is True
    assert best["exception_type"] == "RuntimeError"
    assert best["params"] == {"size": "4", "timeout": "2.5"}
    assert best["sources"][0]["path"] == "pool/core.py"
    assert best["sources"][0]["function"] == "Pool._take"
    assert best["sources"][0]["line"] == 11  # the file starts at "class Pool:"
    assert 'core.py", line 11, in _take' in crashed.stderr
    assert best["sources"][0]["commit"] == sha
    assert any("pool/core.py" in str(reason) for reason in best["why"]), best["why"]


LIBRARY = """
class SchemeUnknown(ValueError):
    def __init__(self, scheme):
        message = f"Not supported URL scheme {scheme}"
        super().__init__(message)


class ArgumentError(KeyError):
    pass


class Base:
    message = "Ensure this value is %(limit)s."

    def __call__(self, value):
        raise ValueError(self.message % {"limit": self.limit})


class AtMost(Base):
    message = "Ensure this value is at most %(limit)s."
    limit = 3


def connect(url):
    scheme = url.split(":", 1)[0]
    if scheme != "http":
        raise SchemeUnknown(scheme)


def start(**kwargs):
    raise ArgumentError("Unknown argument(s): " + str(kwargs))
"""


def test_tracebacks_of_messages_worded_by_the_exception_a_subclass_or_a_key_error_find_their_raise_site(
    token_client, db, git_repo
):
    git_repo.write("lib/__init__.py", "")
    git_repo.write("lib/core.py", LIBRARY)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/lib", "--no-progress", stdout=io.StringIO())

    def best_match(code: str) -> dict:
        crashed = subprocess.run([sys.executable, "-c", code], cwd=git_repo.root, capture_output=True, text=True)
        assert "Traceback" in crashed.stderr
        last_line = crashed.stderr.strip().rsplit("\n", 1)[-1]
        for text in (crashed.stderr, last_line):
            response = token_client.post("/api/match", {"text": text}, content_type="application/json")
            best = response.json()["matches"][0]
            assert best["exact"] is True, (text, best)
        return best

    scheme = best_match("from lib.core import connect\nconnect('ftp://x')")
    assert (scheme["exception_type"], scheme["params"]) == ("lib.core.SchemeUnknown", {"scheme": "ftp"})
    assert scheme["sources"][0]["function"] == "connect"

    at_most = best_match("from lib.core import AtMost\nAtMost()(5)")
    assert (at_most["message"], at_most["params"]) == ("Ensure this value is at most {limit}.", {"limit": "3"})
    assert at_most["sources"][0]["function"] == "Base.__call__"

    argument = best_match("from lib.core import start\nstart(foo=1)")
    assert (argument["exception_type"], argument["params"]) == ("lib.core.ArgumentError", {"kwargs": "{'foo': 1}"})


def test_a_real_jinja2_syntax_error_re_raised_by_the_environment_finds_the_parser_s_raise(token_client, db, git_repo):
    # Jinja2 re-raises template errors from `handle_exception`, whose frame has no raise of its own: the
    # message decides. "unexpected '%'" is the parser's, not the lexer's `unexpected '{data}'` (a closing bracket).
    shutil.copytree(
        Path(jinja2.__file__).parent, git_repo.root / "jinja2", ignore=shutil.ignore_patterns("__pycache__")
    )
    git_repo.commit("jinja2 as installed")
    call_command("harvest", str(git_repo.root), "--repo", "pallets/jinja", "--no-progress", stdout=io.StringIO())

    with pytest.raises(jinja2.TemplateSyntaxError) as caught:
        jinja2.Environment().from_string("{% for ( %}")
    text = "".join(traceback.format_exception(caught.value))
    assert "in handle_exception" in text and text.rstrip().endswith("unexpected '%'")

    best = token_client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"][0]
    assert best["exception_type"] == "jinja2.exceptions.TemplateSyntaxError"
    assert "Parser.fail" in [source["function"] for source in best["sources"]]


RE_RAISING = """
import sys


class CompileError(Exception):
    pass


def rewrite():
    # Like Jinja2's rewrite_traceback_stack: the handled exception, its traceback cut to the caller's frame.
    return sys.exc_info()[1].with_traceback(None)


class Compiler:
    def compile(self, source):
        try:
            self.parse(source)
        except CompileError:
            self.handle()

    def handle(self):
        if False:
            raise CompileError("handler misconfigured")
        raise rewrite()

    def parse(self, source):
        raise CompileError(f"unexpected token {source!r} in expression")
"""


def test_a_re_raise_of_what_a_function_returns_leaves_the_answer_to_the_message(token_client, db, git_repo):
    git_repo.write("comp/__init__.py", "")
    git_repo.write("comp/core.py", RE_RAISING)
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/comp", "--no-progress", stdout=io.StringIO())

    code = "from comp.core import Compiler\nCompiler().compile('+')"
    crashed = subprocess.run([sys.executable, "-c", code], cwd=git_repo.root, capture_output=True, text=True)
    innermost = crashed.stderr.rsplit('  File "', 1)[1]
    assert "in handle" in innermost and "raise rewrite()" in innermost  # the re-raise, with no entry of its own

    best = token_client.post("/api/match", {"text": crashed.stderr}, content_type="application/json").json()["matches"][
        0
    ]
    assert best["message"] == "unexpected token {source} in expression"
    assert [source["function"] for source in best["sources"]] == ["Compiler.parse"]
