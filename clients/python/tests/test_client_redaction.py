"""What leaves the machine: secrets planted in tracebacks and messages never reach the server, user paths become
`<user code>`, and `redact="values"` sends the message's shape only. Every pattern is linear by construction and
64 KiB attacks are answered (a stall guard, not a timer)."""

from __future__ import annotations

import json
import os
import re
import signal
import sysconfig
from collections.abc import Iterator
from types import FrameType

import pytest
from errorkb_fake_server import FakeServer

import errorkb
from errorkb import redact as redaction
from errorkb.redact import MASK, USER_CODE, redact
from tests.counted_work import unbounded_backtracking_repeats

SECRETS = {
    "url password": ("could not connect to postgres://shop:Tr0ub4dor&3@db.internal:5432/shop", "Tr0ub4dor&3"),
    "bearer header": ("upstream refused: Authorization: Bearer eyJhbGciOi.payload.sig", "eyJhbGciOi.payload.sig"),
    "basic header": ("headers={'Authorization': 'Basic dXNlcjpodW50ZXIy'}", "dXNlcjpodW50ZXIy"),
    "password pair": ("connect(host='db', password='hunter2!')", "hunter2!"),
    "password in json": ('config {"db_password": "s3cret-value"} rejected', "s3cret-value"),
    "env token": (
        "GITHUB_TOKEN=gho_16C7e42F292c6912E7710c838347Ae178B4a not valid",
        "gho_16C7e42F292c6912E7710c838347Ae178B4a",
    ),
    "api key flag": ("failed: --api-key=sk_live_4eC39HqLyjWDarjtT1zdp7dc", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    "aws key id": ("InvalidClientTokenId: AKIAIOSFODNN7EXAMPLE is not valid", "AKIAIOSFODNN7EXAMPLE"),
    "aws secret": ("secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY refused", "wJalrXUtnFEMI"),
    "long hex": (
        "session 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 expired",
        "9f86d081884c7d659a2f",
    ),
    "long base64": (
        "token dGhpcyBpcyBhIHNlY3JldCB0b2tlbiBmb3IgdGVzdHM9PQ== was revoked",
        "dGhpcyBpcyBhIHNlY3JldCB0b2tlbi",
    ),
    "jwt": (
        "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U bad",
        "dozjgNryP4J3jVmNHl0w5N",
    ),
    "private key": (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----",
        "MIIEowIBAAKCAQEA7",
    ),
}


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    yield fake
    fake.close()


@pytest.mark.parametrize("name", SECRETS)
def test_a_planted_secret_never_reaches_the_server(server: FakeServer, name: str) -> None:
    message, secret = SECRETS[name]
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/home/alice/app.py", line 3, in <module>\n'
        "    run()\n"
        f"RuntimeError: {message}\n"
    )
    for text in (message, traceback):
        for mode in ("secrets", "values"):
            errorkb.lookup(text, url=server.url, redact=mode)
    assert len(server.received) == 4
    assert secret not in server.sent_text()
    assert MASK in server.sent_text() or "…" in server.sent_text()


def test_a_secret_in_an_exception_object_never_reaches_the_server(server: FakeServer) -> None:
    def connect(password: str) -> None:
        raise ConnectionError(f"login failed for postgres://app:{password}@db/app (password={password})")

    try:
        connect("correct-horse-battery-staple")
    except ConnectionError as error:
        errorkb.lookup(error, url=server.url)
    sent = server.received[0].json()["text"]
    assert "correct-horse-battery-staple" not in server.sent_text()
    assert "postgres://app:<redacted>@db/app (password=<redacted>)" in sent


def test_user_frames_become_user_code_and_lose_their_source_lines() -> None:
    site = "/home/alice/.venv/lib/python3.11/site-packages/django/db/models/query.py"
    stdlib = os.path.join(sysconfig.get_paths()["stdlib"], "json", "decoder.py")
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/alice/shop/secret_project/views.py", line 12, in index\n'
        "    posts = Post.objects.filter(titel=API_KEY)\n"
        "            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        f'  File "{site}", line 40, in filter\n'
        "    return self._filter_or_exclude(False, args, kwargs)\n"
        f'  File "{stdlib}", line 337, in decode\n'
        "    obj, end = self.raw_decode(s, idx=_w(s, 0).end())\n"
        "ValueError: bad value in /home/alice/shop/data.json\n"
    )
    sent = redact(text)
    assert "alice" not in sent and "secret_project" not in sent and "API_KEY" not in sent
    assert f'  File "{USER_CODE}", line 12, in index\n' in sent
    assert '  File "site-packages/django/db/models/query.py", line 40, in filter\n' in sent
    assert "    return self._filter_or_exclude(False, args, kwargs)\n" in sent
    assert '  File "python3.11/json/decoder.py", line 337, in decode\n' in sent.replace(
        os.path.basename(sysconfig.get_paths()["stdlib"]), "python3.11"
    )
    assert sent.endswith("ValueError: bad value in ~/shop/data.json\n")


def test_exception_group_frames_are_redacted_too() -> None:
    text = (
        "  | Traceback (most recent call last):\n"
        '  |   File "/Users/bob/work/job.py", line 4, in run\n'
        "  |     token = load()\n"
        "  | ValueError: no\n"
    )
    assert (
        redact(text)
        == f'  | Traceback (most recent call last):\n  |   File "{USER_CODE}", line 4, in run\n  | ValueError: no\n'
    )


def test_values_mode_sends_the_template_shape_only() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/srv/venv/lib/python3.11/site-packages/shop/cart.py", line 9, in add\n'
        "    raise ValueError(f'Quantity {n} of {sku!r} exceeds the stock')\n"
        "ValueError: Quantity 12 of 'SKU-991-alice' exceeds the stock at 0x7f3a2c10 in /var/data/stock.db\n"
    )
    sent = redact(text, "values")
    assert sent == (
        "Traceback (most recent call last):\n"
        '  File "site-packages/shop/cart.py", line 9, in add\n'
        "ValueError: Quantity N of '…' exceeds the stock at 0x… in <path>\n"
    )


def test_values_mode_keeps_an_exception_groups_structure() -> None:
    text = (
        "  + Exception Group Traceback (most recent call last):\n"
        '  |   File "/home/alice/jobs.py", line 5, in run\n'
        "  | ExceptionGroup: 2 jobs failed (2 sub-exceptions)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | ValueError: bad size 42\n"
        "    +---------------- ... ----------------\n"
        "    +------------------------------------\n"
    )
    assert redact(text, "values") == (
        "  + Exception Group Traceback (most recent call last):\n"
        f'  |   File "{USER_CODE}", line 5, in run\n'
        "  | ExceptionGroup: N jobs failed (N sub-exceptions)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | ValueError: bad size N\n"
        "    +---------------- ... ----------------\n"
        "    +------------------------------------\n"
    )


def test_this_users_home_is_masked_as_a_whole_path_part() -> None:
    home = os.path.expanduser("~")
    if len(home) <= 3:
        pytest.skip(f"a home directory of {home!r} is not masked (it would mask every path)")
    assert redact(f"OSError: cannot read {home}/.netrc") == "OSError: cannot read ~/.netrc"
    assert redact(f"OSError: cannot read {home}fs/data") == f"OSError: cannot read {home}fs/data"


def test_no_redaction_sends_the_text_as_it_is() -> None:
    assert redact("password=hunter2 in /home/alice", "none") == "password=hunter2 in /home/alice"


def test_ordinary_words_and_identifiers_are_left_alone() -> None:
    message = (
        "Cannot resolve keyword 'titel' into field. Choices are: author, author_id, published_at, "
        "ThisIsAVeryLongClassNameWithoutDigitsInIt, django/contrib/postgres/fields/array, passwords_reset_view"
    )
    assert redact(message) == message


def test_a_text_longer_than_the_server_takes_keeps_its_end() -> None:
    text = "".join(f"line {n}\n" for n in range(20_000)) + "ValueError: the end"
    sent = redact(text)
    assert len(sent.encode()) <= 64 * 1024
    assert sent.endswith("ValueError: the end") and sent.startswith("line ")


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="redact must be one of"):
        redact("x", "all")


# Linear by construction ------------------------------------------------------------------------------------


PATTERNS = {name: value for name, value in vars(redaction).items() if isinstance(value, re.Pattern)}


def test_the_module_has_the_patterns_this_test_walks() -> None:
    assert {"FRAME", "PAIR", "URL_PASSWORD", "AUTHORIZATION", "LONG_TOKEN", "QUOTED", "PATH", "GROUP_SEPARATOR"} <= (
        PATTERNS.keys()
    )


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_no_pattern_repeat_can_give_back_what_it_read(name: str) -> None:
    assert unbounded_backtracking_repeats(PATTERNS[name]) == []


SIZE = 64 * 1024
ATTACKS = {
    "colons": "password" + ":" * SIZE,
    "equals": "a=" * (SIZE // 2),
    "quotes": "'x" * (SIZE // 2),
    "url without at": "http://" + "u:" * (SIZE // 2),
    "authorization": "Authorization: " * (SIZE // 15),
    "identifier runs": ("a" * 79 + " ") * (SIZE // 80),
    "token almost": ("A1b" * 10 + "/") * (SIZE // 31),
    "frames": 'File "' * (SIZE // 6),
    "indented": "  |" * (SIZE // 3),
    "slashes": "/" * SIZE,
    "hex": "0x" + "f" * SIZE,
    "private key open": "-----BEGIN RSA PRIVATE KEY-----" + "A" * SIZE,
    "jwt": "eyJ" + "a" * 5000 + ".eyJ" + "b" * 5000 + "." * SIZE,
    "homes": "/home/" * (SIZE // 6),
    "group separator": "  +-" + "-+" * (SIZE // 2 - 4) + " 1",
}


@pytest.fixture
def stall_guard() -> Iterator[None]:
    """Fails a test that runs for a minute (a stall: the quadratic patterns this guards against took far longer
    than the linear ones' fraction of a second); no duration is asserted."""

    def stalled(signum: int, frame: FrameType | None) -> None:
        raise AssertionError("the redaction stalled")

    previous = signal.signal(signal.SIGALRM, stalled)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("name", sorted(ATTACKS))
@pytest.mark.parametrize("mode", ["secrets", "values"])
def test_a_64_kib_attack_is_redacted(stall_guard: None, name: str, mode: str) -> None:
    sent = redact(ATTACKS[name], mode)
    assert len(sent.encode()) <= 64 * 1024
    json.dumps(sent)
