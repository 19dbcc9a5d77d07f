"""Lookup answers "raised inside compiled code of <package>" from what the harvest recorded of the tree (issue 30,
item 3): msgpack's real wheel harvested, its C extension's error raised by running that wheel; and a harvested
package whose private Python module is named as extensions often are, which the name alone would call compiled."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from kb.harvest import Target, harvest
from kb.harvest.pipeline.unpack import unpack
from tests.harvest.test_compiled_code import MSGPACK, wheel


def lookup(client: Client, text: str) -> dict:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()


@pytest.fixture
def msgpack_harvested(db, tmp_path: Path) -> Path:
    root = unpack(wheel(MSGPACK), tmp_path / "msgpack", max_bytes=50 * 1024 * 1024, max_file_bytes=2 * 1024 * 1024)
    harvest(target=Target(root=root, owner="msgpack", name="msgpack-python", commit="v1.1.2"), progress=False)
    return root


def test_an_error_of_msgpack_s_extension_is_said_to_be_raised_inside_its_compiled_code(token_client, msgpack_harvested):
    code = "import msgpack; u = msgpack.Unpacker(); u.feed(b'\\xc1'); next(u)"
    done = subprocess.run([sys.executable, "-c", code], cwd=msgpack_harvested, capture_output=True, text=True)
    assert "msgpack.exceptions.FormatError" in done.stderr, done.stderr

    answer = lookup(token_client, done.stderr)

    assert answer["compiled"] == "raised inside compiled code of msgpack"
    assert not any(match["nearby"] for match in answer["matches"])


def test_a_type_of_the_recorded_extension_module_is_compiled_code_by_the_record(token_client, msgpack_harvested):
    # `_cmsgpack` does not read as msgpack's own extension (`_msgpack...`): the record says it is one.
    assert lookup(token_client, "msgpack._cmsgpack.BufferFull: full")["compiled"] == (
        "raised inside compiled code of msgpack"
    )


def test_a_harvested_private_python_module_is_not_called_compiled_code(token_client, db, git_repo):
    git_repo.write("fastyaml/__init__.py", "")
    git_repo.write(
        "fastyaml/_fastyaml.py",
        "class ScannerError(Exception):\n    pass\n\n\ndef scan(text):\n"
        "    if not text:\n        raise ScannerError('found nothing to scan')\n",
    )
    git_repo.commit("first")
    call_command("harvest", str(git_repo.root), "--repo", "acme/fastyaml", "--no-progress", stdout=io.StringIO())

    answer = lookup(token_client, "fastyaml._fastyaml.ScannerError: found nothing to scan")

    assert answer["compiled"] is None  # the name alone reads as `<pkg>._<pkg>`, an extension's
    assert answer["matches"][0]["sources"][0]["function"] == "scan"
