"""The client's offline side with a real bundle (`manage.py export_bundle` of the fixtures): `errorkb.lookup(...,
bundle=)` and `errorkb lookup --bundle` give the live server's first match with nothing sent, `explain --bundle`
prints the card, and an unreadable bundle is a clear error (exit 2). Skipped until errorkb.bundle is installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from pytest_django.live_server_helper import LiveServer

import errorkb

pytest.importorskip("errorkb.bundle", reason="the offline bundle reader (errorkb.bundle) is not installed")

FIELD_ERROR = "2f70a93935f33691"
MESSAGE = "Cannot resolve keyword 'titel' into field. Choices are: author, author_id, id, published_at, title"
TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/home/dev/blog/views.py", line 12, in post_list\n'
    '    posts = Post.objects.filter(titel="Hello")\n'
    '  File "/srv/venv/lib/python3.12/site-packages/django/db/models/sql/query.py", line 1813, in names_to_path\n'
    "    raise FieldError(\n"
    f"django.core.exceptions.FieldError: {MESSAGE}\n"
)
TEXTS = [
    TRACEBACK,
    f"FieldError: {MESSAGE}",
    "django.urls.exceptions.NoReverseMatch: Reverse for 'post_detail' not found. 'post_detail' is not a valid view "
    "function or pattern name.",
    "click.exceptions.NoSuchOption: No such option '--dry-run'.",
    "jinja2.exceptions.UndefinedError: 'username' is undefined",
]


@pytest.fixture
def bundle(transactional_db: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("ERRORKB_URL", "ERRORKB_BUNDLE", "ERRORKB_REDACT"):
        monkeypatch.delenv(name, raising=False)
    call_command("import_errors", "fixtures/python-projects.json", verbosity=0)
    path = tmp_path / "cards.errorkb"
    call_command("export_bundle", "-o", str(path), "--site-url", "https://errorkb.test", verbosity=0)
    return path


def closed_url() -> str:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def errorkb_command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")}
    return subprocess.run(
        [sys.executable, "-m", "errorkb", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60
    )


@pytest.mark.parametrize("redact", ["secrets", "values"])
def test_the_bundle_gives_the_live_servers_matches(bundle: Path, live_server: LiveServer, redact: str) -> None:
    for text in TEXTS:
        online = errorkb.lookup(text, url=live_server.url, redact=redact)
        offline = errorkb.lookup(text, bundle=bundle, url=closed_url(), redact=redact)  # the bundle wins: no request
        assert [m.id for m in offline] == [m.id for m in online], text
        assert [(m.title, m.review_state, m.params) for m in offline] == [
            (m.title, m.review_state, m.params) for m in online
        ]
    assert errorkb.lookup(TRACEBACK, bundle=bundle).best.id == FIELD_ERROR  # type: ignore[union-attr]


def test_explain_reads_the_card_from_the_bundle(bundle: Path, live_server: LiveServer) -> None:
    offline = errorkb.explain(FIELD_ERROR, bundle=bundle)
    online = errorkb.explain(FIELD_ERROR, url=live_server.url)
    assert offline is not None and online is not None
    assert (offline.title, offline.meaning, offline.solutions, offline.review_state, offline.repository) == (
        online.title,
        online.meaning,
        online.solutions,
        online.review_state,
        online.repository,
    )
    assert errorkb.explain("0000000000000000", bundle=bundle) is None


def test_the_command_looks_up_and_explains_offline(bundle: Path) -> None:
    found = errorkb_command("lookup", "--bundle", str(bundle), "--json", stdin=TRACEBACK)
    assert found.returncode == 0, found.stderr
    assert f'"id": "{FIELD_ERROR}"' in found.stdout and f'"origin": "{bundle}"' in found.stdout
    nothing = errorkb_command("lookup", "zzqx wholly unknown words qqzz", "--bundle", str(bundle))
    assert nothing.returncode == 1
    card = errorkb_command("explain", FIELD_ERROR, "--bundle", str(bundle))
    assert card.returncode == 0 and card.stdout.startswith("Cannot resolve keyword 'titel' into field.")
    assert "What it means\n" in card.stdout


def test_an_unreadable_bundle_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.errorkb"
    broken.write_bytes(b"PK\x03\x04 this is not a whole bundle")
    ran = errorkb_command("lookup", MESSAGE, "--bundle", str(broken))
    assert ran.returncode == 2 and ran.stderr.startswith("errorkb: ") and "Traceback" not in ran.stderr
    missing = errorkb_command("explain", FIELD_ERROR, "--bundle", str(tmp_path / "absent.errorkb"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_the_excepthook_prints_the_card_from_a_bundle(bundle: Path, tmp_path: Path) -> None:
    program = tmp_path / "blog.py"
    program.write_text(f"from django.core.exceptions import FieldError\nraise FieldError({MESSAGE!r})\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRORKB_")}
    env["ERRORKB_BUNDLE"] = str(bundle)
    ran = subprocess.run(
        [sys.executable, "-m", "errorkb", "run", str(program)], capture_output=True, text=True, env=env, timeout=60
    )
    assert ran.returncode == 1
    assert "\nerrorkb: Cannot resolve keyword 'titel' into field. Choices are…  [" in ran.stderr
    assert f"/errors/{FIELD_ERROR}/" in ran.stderr
