"""Texts built to stall a backtracking parser, at every entry point of the server's lookup: each is answered in time.

The patterns are linear by construction (no repeat can give back what it read: checked below, and for the parser
and the index of errorkb.matching in clients/python/tests/test_adversarial_parsing.py), and every entry point is
fed every family of tests/adversarial_inputs.py at 64 KiB. The time limit is a guard against a stall, not a speed
target (those are in bench/parse_bench.py): the quadratic patterns took 14-30 s, and the guard
(tests/counted_work.py) allows 10 s of CPU time, which no load on the machine brings closer.
"""

import importlib
import io
import json
import pkgutil
import re
from collections.abc import Callable

import pytest
from django.core.management import call_command

import kb.matching
from kb.matching.service import lookup
from tests.adversarial_inputs import FAMILIES, LARGE
from tests.counted_work import TookTooLong, unbounded_backtracking_repeats
from tests.counted_work import stall_guard as guard

TEXTS = {name: family.build(LARGE) for name, family in FAMILIES.items()}


def failures_of(answer: Callable[[str], str]) -> dict[str, str]:
    """Every family whose text was not answered in time as what it is: {family: what happened}."""
    failed = {}
    for name, text in TEXTS.items():
        try:
            with guard():
                kind = answer(text)
        except TookTooLong as stopped:
            failed[name] = str(stopped)
            continue
        if kind != FAMILIES[name].kind:
            failed[name] = f"read as {kind!r}, not {FAMILIES[name].kind!r}"
    return failed


# Linear by construction -------------------------------------------------------------------------------------

# Every module on the way from pasted text to an answer; a pattern added to one of them is checked too.
# errorkb.matching's own are checked by clients/python/tests/test_adversarial_parsing.py.
MODULES = [
    importlib.import_module(f"kb.matching.{module.name}") for module in pkgutil.iter_modules(kb.matching.__path__)
] + [importlib.import_module(name) for name in ("api.match", "kb.pages.views", "kb.management.commands.lookup")]
PATTERNS = {
    f"{module.__name__}.{name}": value
    for module in MODULES
    for name, value in vars(module).items()
    if isinstance(value, re.Pattern)
}


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_no_pattern_that_reads_pasted_text_can_give_back_what_a_repeat_read(name):
    assert unbounded_backtracking_repeats(PATTERNS[name]) == [], PATTERNS[name].pattern


@pytest.fixture
def unthrottled(settings) -> None:
    """Dozens of 64 KiB lookups from one address in a test: the anonymous rate limit is another test's concern."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "match": "100000/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_the_lookup_service_answers_every_adversarial_64_kib_text_in_time(seed):
    assert failures_of(lambda text: lookup(text).parsed.kind) == {}


def test_post_api_match_answers_every_adversarial_64_kib_json_body_in_time(client, seed, unthrottled):
    def answer(text: str) -> str:
        response = client.post("/api/match", data=json.dumps({"text": text}), content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        return response.json()["parsed"]["kind"]

    assert failures_of(answer) == {}


def test_post_api_match_answers_every_adversarial_64_kib_plain_text_body_in_time(client, seed, unthrottled):
    def answer(text: str) -> str:
        response = client.post("/api/match", data=text.encode(), content_type="text/plain; charset=utf-8")
        assert response.status_code == 200, response.content[:300]
        return response.json()["parsed"]["kind"]

    assert failures_of(answer) == {}


def test_the_home_page_answers_every_adversarial_64_kib_paste_in_time(client, seed, unthrottled):
    def answer(text: str) -> str:
        response = client.post("/", {"text": text})
        assert response.status_code == 200, response.status_code
        read_as = re.search(r"Read as (\w+):", response.content.decode())
        return read_as[1] if read_as else "no results shown"

    assert failures_of(answer) == {}


def test_manage_py_lookup_answers_every_adversarial_64_kib_text_in_time(seed):
    def answer(text: str) -> str:
        out = io.StringIO()
        call_command("lookup", text, "--json", stdout=out)
        return json.loads(out.getvalue())["parsed"]["kind"]

    assert failures_of(answer) == {}
