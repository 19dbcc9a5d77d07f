"""Every pattern that reads a repository's text (messages, tests, docs, paths) or a model's answer runs in linear time.

The harvest and the analysis read text anyone can write: a 60 KB `raise ValueError("%000…0! %s" % x)` kept a
quadratic `%`-conversion pattern busy for 107 s. So every pattern of `kb.harvest`, `kb.analysis` and `kb.cards` (the
cards re-read the sentences they build from repository text; module-level,
and the literals handed to `re.sub`/`re.split`/... inline) is held to the rule of tests/matching/test_adversarial.py
(no repeat can give back what it read), and each is fed every hostile family of tests/adversarial_inputs.py at
64 KiB with `search`, `findall`, `match` and `fullmatch` (findall/finditer/split/sub are searches), so that a pattern
tried at every start position is linear too. Then the readers themselves, end to end. The time limit is a stall
guard, not a speed target: the ratios are in bench/regex_bench.py.
"""

import ast
import importlib
import json
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest
from pytest_django.fixtures import Settings

import kb.analysis
import kb.cards
import kb.harvest
from kb.analysis.verify import Checked, check_answer
from kb.analysis.vocabulary import Vocabulary
from kb.harvest.evidence.assertions import read_assertions
from kb.harvest.pipeline.scan import scan
from tests.adversarial_inputs import FAMILIES, LARGE, REPOSITORY_FAMILIES
from tests.analysis.fake_endpoint import card
from tests.counted_work import TookTooLong, unbounded_backtracking_repeats
from tests.counted_work import stall_guard as guard

TEXTS = {name: build(LARGE) for name, build in REPOSITORY_FAMILIES.items()} | {
    name: family.build(LARGE) for name, family in FAMILIES.items()
}
USES = ("search", "findall", "match", "fullmatch")
STALLS_SHOWN = 3  # a quadratic pattern stalls on many families: a few say enough, and each costs the guard's time
_TAKES_A_PATTERN = {"compile", "search", "match", "fullmatch", "findall", "finditer", "split", "sub", "subn"}


def modules() -> list[ModuleType]:
    """Every module of the three packages, in their subpackages too."""
    return [
        importlib.import_module(module.name)
        for package in (kb.harvest, kb.analysis, kb.cards)
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")
    ]


def patterns_of(module: ModuleType) -> dict[str, re.Pattern]:
    """The module's own compiled patterns (not those it imports: they are checked where they are defined), and the
    literal patterns it hands to `re` functions inline, by module and text."""
    tree = ast.parse(Path(module.__file__ or "").read_text())
    assigned = {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    found = {
        f"{module.__name__}.{name}": value
        for name, value in vars(module).items()
        if isinstance(value, re.Pattern) and name in assigned
    }
    compiled = {pattern.pattern for pattern in found.values()}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
            and node.func.attr in _TAKES_A_PATTERN
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            if node.args[0].value not in compiled:
                found[f"{module.__name__}: {node.args[0].value!r}"] = re.compile(node.args[0].value)
    return found


PATTERNS = {name: pattern for module in modules() for name, pattern in patterns_of(module).items()}


def test_every_pattern_of_the_harvest_and_the_analysis_is_checked() -> None:
    expected = {
        "kb.harvest.reading.messages._PERCENT",
        "kb.harvest.evidence.assertions._PERCENT",
        "kb.harvest.evidence.assertions._ASSERTION",
        "kb.analysis.verify.FILE_NAME",
        "kb.analysis.verify.PATH",
        "kb.analysis.vocabulary.FLAG",
        "kb.harvest.reading.placeholders: " + repr(r"\W++"),
    }
    assert expected <= set(PATTERNS)
    assert "kb.harvest.pipeline.sources.NAME_PART_RE" not in PATTERNS  # kb.models.entries' own, imported


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_no_pattern_that_reads_repository_text_can_give_back_what_a_repeat_read(name: str) -> None:
    assert unbounded_backtracking_repeats(PATTERNS[name]) == [], PATTERNS[name].pattern


def test_the_check_finds_the_quadratic_patterns_of_the_attack_report() -> None:
    assert unbounded_backtracking_repeats(re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdrifgexXoc%]"))
    assert unbounded_backtracking_repeats(re.compile(r"(?:Raises|Warns|raises|warns)\w*\s*\("))


def stalls(pattern: re.Pattern, families: list[str] | None = None, seconds: float | None = None) -> dict[str, str]:
    """The families (at most STALLS_SHOWN) on which one of the pattern's uses was still running at the guard."""
    stalled = {}
    for family in families or list(TEXTS):
        text = TEXTS[family]
        use = ""
        try:
            with guard() if seconds is None else guard(seconds):
                for use in USES:
                    getattr(pattern, use)(text)
        except TookTooLong as stopped:
            stalled[family] = f"{use}: {stopped}"
            if len(stalled) == STALLS_SHOWN:
                break
    return stalled


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_every_pattern_reads_every_hostile_64_kib_text_in_time_wherever_it_starts(name: str) -> None:
    assert stalls(PATTERNS[name]) == {}, PATTERNS[name].pattern


def test_the_check_finds_a_pattern_linear_at_one_position_but_quadratic_under_search() -> None:
    file_name = re.compile(r"(?:[\w-]++\.)++(?:py|txt)")
    assert not unbounded_backtracking_repeats(file_name)
    # Here the guard must fire: two seconds of CPU time, which the quadratic search outlasts on any machine.
    assert list(stalls(file_name, ["a dotted name, no extension"], seconds=2.0)) == ["a dotted name, no extension"]


# The readers, end to end ------------------------------------------------------------------------------------------

ZEROS = "0" * (LARGE - 100)


def test_the_harvest_reads_a_64_kib_percent_message_of_zeros_in_time(tmp_path: Path, settings: Settings) -> None:
    # The harvest skips a message past HARVEST_MAX_MESSAGE_CHARS before reading it: lifted, the reader stands alone.
    settings.HARVEST_MAX_MESSAGE_CHARS = 2 * LARGE
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mod.py").write_text(f'def f(x):\n    raise ValueError("%{ZEROS}! %s" % x)\n')
    with guard():
        (site,) = scan(tmp_path, progress=False).sites
    assert (site.exception_type, site.signature) == ("ValueError", f"%{ZEROS}! {{x}}")


def test_the_assertion_reader_reads_a_64_kib_pytest_raises_match_in_time() -> None:
    test = (
        "import pytest\n\n\ndef test_zeros(x):\n"
        f'    with pytest.raises(ValueError, match="%{ZEROS}! %s" % x):\n        f(x)\n'
    )
    with guard():
        (assertion,) = read_assertions(test, "tests/test_zeros.py")
    assert (assertion.name, assertion.form, assertion.types) == ("test_zeros", "pytest.raises", ("ValueError",))


@pytest.mark.parametrize("text", ["raises" * (LARGE // 6), "assertRaises" + "_" * (LARGE - 20) + "(x)"])
def test_the_assertion_reader_finds_assertions_in_time_in_a_64_kib_run_of_their_names(text: str) -> None:
    with guard():
        assert read_assertions(text, "tests/test_names.py") == []


def test_the_answer_check_reads_every_hostile_64_kib_answer_in_time() -> None:
    """Each family as prose, as a code span and as a code block (the pasted-text families reach the same patterns,
    fed to each above)."""
    vocabulary = Vocabulary()
    vocabulary.read("def resize(size):\n    raise ValueError(size)\n")
    stalled = {}
    for family in REPOSITORY_FAMILIES:
        text = TEXTS[family]
        answer = json.loads(card(meaning=text, trigger=f"`{text}`", solutions=[f"```\n{text}\n```"]))
        try:
            with guard():
                checked = check_answer(answer, vocabulary)
        except TookTooLong as stopped:
            stalled[family] = str(stopped)
            continue
        assert isinstance(checked, Checked)
    assert stalled == {}
