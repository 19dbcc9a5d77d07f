"""A raise whose authors mark its branch as one that should never run (round 25's card 21, false): deepdiff 9.1.0's
`TextResult._from_tree_default` ends `else:  # pragma: no cover` / `# should never happen` / `raise TypeError(...)`
(`deepdiff/model.py:185-191`), and the card named `DeepDiff` and `ColoredView` as situations that raise it. The
card now names no way in and says what is true; the AI pass's request carries the fact and no way in. A comment
that only says `pragma: no cover`, or a message that says "unreachable", is no such word."""

import ast
import json
import re

from kb.analysis.prompt import request_for
from kb.harvest.reading.never import _hinted, never_runs
from kb.models import RaiseSite
from tests.harvest.published import harvest_published

# deepdiff 9.1.0 (sdist) deepdiff/model.py:103-191 and 301-348, reduced: `TextResult.__init__`, `_from_tree_results`
# with two of its calls, `_from_tree_default` whole, and `DeltaResult` with two calls of it (one under
# `ignore_order`); deepdiff/diff.py's `DeepDiff._get_view_results` (2218-2230), reduced to the text view.
MODEL = """
from deepdiff.helper import SetOrdered, notpresent, FORCE_DEFAULT


class TextResult(dict):
    def __init__(self, tree_results=None, verbose_level=1):
        self.verbose_level = verbose_level
        self.update({
            "dictionary_item_added": self.__set_or_dict(),
            "iterable_item_added": {},
        })
        if tree_results:
            self._from_tree_results(tree_results)

    def __set_or_dict(self):
        return {} if self.verbose_level >= 2 else SetOrdered()

    def _from_tree_results(self, tree):
        self._from_tree_default(tree, 'dictionary_item_added')
        self._from_tree_default(tree, 'iterable_item_added')

    def _from_tree_default(self, tree, report_type, ignore_if_in_iterable_opcodes=False):
        if report_type in tree:
            for change in tree[report_type]:  # report each change
                # determine change direction (added or removed)
                # Report t2 (the new one) whenever possible.
                # In cases where t2 doesn't exist (i.e. stuff removed), report t1.
                if change.t2 is not notpresent:
                    item = change.t2
                else:
                    item = change.t1

                # do the reporting
                report = self[report_type]
                if isinstance(report, SetOrdered):
                    report.add(change.path(force=FORCE_DEFAULT))
                elif isinstance(report, dict):
                    report[change.path(force=FORCE_DEFAULT)] = item
                elif isinstance(report, list):  # pragma: no cover
                    # we don't actually have any of those right now, but just in case
                    report.append(change.path(force=FORCE_DEFAULT))
                else:  # pragma: no cover
                    # should never happen
                    raise TypeError("Cannot handle {} report container type.".
                                    format(report))


class DeltaResult(TextResult):
    def __init__(self, tree_results=None, ignore_order=None):
        self.ignore_order = ignore_order
        self.update({"dictionary_item_added": {}, "iterable_item_added": {}})
        if tree_results:
            self._from_tree_results(tree_results)

    def _from_tree_results(self, tree):
        self._from_tree_default(tree, 'dictionary_item_added')
        if self.ignore_order:
            self._from_tree_iterable_item_added_or_removed(tree, 'iterable_item_added')
        else:
            self._from_tree_default(tree, 'iterable_item_added', ignore_if_in_iterable_opcodes=True)
"""
DIFF = """
from deepdiff.model import TextResult


class DeepDiff:
    def __init__(self, t1, t2, view="text"):
        self.tree = {"t1": t1, "t2": t2}
        self.view = view

    def _get_view_results(self, view):
        if view == "text":
            return TextResult(tree_results=self.tree, verbose_level=2)
        return self.tree

    def results(self):
        return self._get_view_results(self.view)
"""
# Defensive code that is reachable: `pragma: no cover` alone, and a message (not a comment) that says unreachable.
OTHERS = """
def pick(kind):
    if kind == "a":
        return 1
    else:  # pragma: no cover
        raise ValueError("Unknown kind of thing: %s" % kind)


def walk(state):
    if state is None:
        raise RuntimeError("walked into an unreachable state here")
    return state
"""


def test_a_raise_its_authors_mark_as_never_run_names_no_way_in(db, git_repo) -> None:
    files = {"deepdiff/model.py": MODEL, "deepdiff/diff.py": DIFF, "deepdiff/others.py": OTHERS}
    cards = harvest_published(git_repo, files, repo="qlustered/deepdiff")
    entry = cards["Cannot handle {report} report container type."]
    sections = entry.generated
    text = " ".join(str(value) for value in sections.values())
    assert "DeepDiff" not in text and "TextResult()" not in text and "reached from" not in text
    assert "should never run" in sections["meaning"]
    assert "“should never happen”" in sections["meaning"]
    assert "points to a bug in the library" in sections["meaning"]
    assert "should never run" in sections["trigger"]
    assert not sections.get("situations")
    assert any("Report it to the library's maintainers" in said for said in sections.get("solutions") or [])
    assert entry.status == entry.Status.PUBLISHED  # published, with the honest sentence
    # A caller's site carries the helper's mark, but its line is a call, not the marked branch (round 25's card 21).
    paragraphs = sections["trigger"].split("\n\n")
    calls = [said for said in paragraphs if "in `TextResult._from_tree_results`" in said]
    assert calls and all("a call that leads to the branch its authors mark" in said for said in calls)
    assert all("model.py` line 42]" in said for said in calls)  # the comment's line
    # The AI pass's request carries the fact, and no caller or entry point.
    sites = list(RaiseSite.objects.filter(entry=entry))
    request = request_for(entry, sites)
    given = json.loads(request["messages"][1]["content"].split("\n", 1)[1])
    assert all("entry_points" not in site and "callers" not in site for site in given["sites"])
    assert any(site.get("never", {}).get("comment") == "should never happen" for site in given["sites"])


def test_pragma_no_cover_or_a_message_alone_is_no_such_word(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"deepdiff/others.py": OTHERS}, repo="qlustered/deepdiff")
    for message in ("Unknown kind of thing: {kind}", "walked into an unreachable state here"):
        assert "should never run" not in str(cards[message].generated)
        assert all("never" not in (site.evidence or {}) for site in RaiseSite.objects.filter(entry=cards[message]))


# Comments that name the word but are no author's word that the branch cannot run (review of 139849c): a linter's
# pragma on dnspython 2.9.2's normal timeout path (`dns/_trio_backend.py:50`), mypy's `type: ignore[unreachable]`
# after an `isinstance` check a caller can fail, and a qualified "can't happen via get()" (`dns/tokenizer.py:114`).
TOOL_PRAGMAS = """
def receive(timeout):
    if timeout is None:
        return None
    raise Timeout(timeout=timeout)  # lgtm[py/unreachable-statement]


def check(value):
    if not isinstance(value, str):
        raise TypeError("value must be str")  # type: ignore[unreachable]
    return value


def unget(token):
    if token is None:  # pragma: no cover (can't happen via get())
        raise UngetBufferFull
    return token


def decide(kind):
    if kind == "a":
        return 1
    # unreachable: every kind is handled above
    raise AssertionError(kind)
"""


def test_a_tool_s_pragma_or_a_qualified_comment_is_no_such_word() -> None:
    lines = TOOL_PRAGMAS.split("\n")
    raises = [node for node in ast.walk(ast.parse(TOOL_PRAGMAS)) if isinstance(node, ast.Raise)]
    found = {node.lineno: never_runs(lines, node, "dns/x.py") for node in raises}
    marked = {lines[line - 1].strip() for line, said in found.items() if said is not None}
    assert marked == {"raise AssertionError(kind)"}  # only the author's own "unreachable" comment counts


# A marked branch a repository test raises (the code review of 139849c): the test shows the branch runs, so the card
# says neither the authors' mark nor "no way to reach it is known" beside that test.
TESTED = {
    "deepdiff/kinds.py": """
def pick(kind):
    if kind == "a":
        return 1
    else:
        # should never happen
        raise ValueError("Unknown kind of report: %s" % kind)
""",
    "tests/test_kinds.py": """
import pytest

from deepdiff.kinds import pick


def test_unknown_kind():
    with pytest.raises(ValueError, match="Unknown kind of report"):
        pick("z")
""",
}


def test_a_marked_branch_a_repository_test_raises_is_not_said_never_to_run(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"deepdiff/__init__.py": "", **TESTED}, repo="qlustered/deepdiff")
    sections = cards["Unknown kind of report: {kind}"].generated
    assert 'pick("z")' in sections["how_to_trigger"]
    assert "should never run" not in str(sections)
    assert "no way to reach it is known" not in str(sections)


def test_the_ai_request_of_a_marked_branch_a_repository_test_raises_carries_no_mark(db, git_repo) -> None:
    # Left from session 15: the AI pass's request still said the branch never runs, beside the test that raises it.
    cards = harvest_published(git_repo, {"deepdiff/__init__.py": "", **TESTED}, repo="qlustered/deepdiff")
    entry = cards["Unknown kind of report: {kind}"]
    request = request_for(entry, list(RaiseSite.objects.filter(entry=entry)))
    given = json.loads(request["messages"][1]["content"].split("\n", 1)[1])
    assert [test["call"] for test in given["tests"]] == ['pick("z")']
    assert all("never" not in site for site in given["sites"])
    assert any(row["function"] == "pick" for site in given["sites"] for row in site.get("entry_points", []))


def test_a_comment_hint_is_found_in_any_case_as_the_case_blind_pattern_finds_it() -> None:
    # django/contrib/contenttypes/fields.py:159 and django/db/backends/postgresql/base.py:449, in other cases.
    lines = [
        "            # This should never HAPPEN. I love comments like this, don't you?",
        "        # UNreachable, but in future we'll start loosening this restriction.",
        "x = 1  # happens often",
        "# harmless",
        "# un reachable",
    ]
    case_blind = re.compile(r"happen|unreachable", re.I)
    for line in lines:
        assert _hinted(line) is (case_blind.search(line) is not None)
    assert [_hinted(line) for line in lines] == [True, True, True, False, False]
