"""New sites' snippets highlighted ahead, by the scan's first helper kept on for it, while the harvest plans: what
it did is what the cards would have rendered, a snippet marked otherwise is rendered anew, and nothing is left
running however the harvest ends."""

from unittest import mock

import pytest

from kb.harvest.pipeline import render
from kb.harvest.pipeline.pool import shared_map
from kb.harvest.pipeline.render import MIN_SNIPPETS, SnippetsAhead, rendered_cards
from kb.harvest.reading.extract import FoundSite
from kb.models import ErrorEntry, RaiseSite
from kb.text.highlight import highlight_snippet

CODE = "def check(value):\n    if value is None:\n        raise ValueError('missing')\n    return value\n"


def found(n: int, *, line: int = 3, key: str = "") -> FoundSite:
    return FoundSite(
        exception_type="ValueError",
        kind="error",
        message=f"missing {n}",
        signature=key or f"missing {n}",
        path=f"pkg/mod{n}.py",
        line=line + n,
        function="check",
        snippet=CODE,
        snippet_start=1 + n,
    )


def site_of(found_site: FoundSite) -> RaiseSite:
    return RaiseSite(
        path=found_site.path,
        line=found_site.line,
        function=found_site.function,
        commit="v1",
        snippet=found_site.snippet,
        snippet_start=found_site.snippet_start,
    )


def kept_on(ahead: SnippetsAhead) -> None:
    """`ahead` handed a helper as the harvest's scan hands it one."""
    assert sorted(n for n, _ in shared_map(lambda n: n, 64, workers=2, afterwards=ahead)) == list(range(64))


def all_done(sites: list[FoundSite]) -> dict:
    """What a helper kept on for it highlights of `sites`, given the time to do it all."""
    ahead = SnippetsAhead()
    try:
        kept_on(ahead)
        ahead.start(sites)
        return ahead.take(all_of_it=True)
    finally:
        ahead.close()


def test_the_snippets_highlighted_ahead_are_the_ones_each_card_would_show():
    sites = [found(n) for n in range(MIN_SNIPPETS)]
    done = all_done(sites)
    assert len(done) == len(sites)
    for site in sites:
        html = done[(CODE, site.snippet_start, frozenset({site.line}))]
        assert html == highlight_snippet(CODE, first_line=site.snippet_start, marked_lines=[site.line])
        assert 'class="hll"' in html


def test_the_lines_of_one_entry_s_sites_sharing_a_snippet_are_marked_together():
    first, second = found(0, key="shared"), found(0, line=4, key="shared")
    done = all_done([first, second, *(found(n) for n in range(1, MIN_SNIPPETS))])
    assert (CODE, 1, frozenset({first.line, second.line})) in done
    assert (CODE, 1, frozenset({first.line})) not in done


def test_a_card_takes_a_snippet_done_ahead_only_when_it_marks_the_same_lines(db):
    entry = ErrorEntry(exception_type="ValueError", message="missing", generated={})
    same, other = site_of(found(0)), site_of(found(1))
    ahead = {
        (CODE, same.snippet_start, frozenset({same.line})): "<p>done ahead</p>",
        (CODE, other.snippet_start, frozenset({other.line + 1})): "<p>marked otherwise</p>",
    }
    cards = list(rendered_cards([(entry, [same]), (ErrorEntry(generated={}), [other])], {"disable": True}, ahead=ahead))
    assert len(cards) == 2
    assert same.snippet_html == "<p>done ahead</p>"
    assert other.snippet_html == highlight_snippet(CODE, first_line=other.snippet_start, marked_lines=[other.line])


def test_a_snippet_two_cards_show_alike_is_highlighted_once(db):
    # A helper's raise is a site of each caller's message: the cards show its snippet marked alike.
    first, second = site_of(found(0)), site_of(found(0))
    render._highlight_once.cache_clear()
    with mock.patch.object(render, "highlight_snippet", wraps=highlight_snippet) as highlighting:
        cards = [(ErrorEntry(generated={}), [first]), (ErrorEntry(generated={}), [second])]
        assert len(list(rendered_cards(cards, {"disable": True}))) == 2
    assert highlighting.call_count == 1
    assert first.snippet_html == second.snippet_html == highlight_snippet(CODE, first_line=1, marked_lines=[3])


def test_without_a_helper_nothing_is_done_ahead_and_nothing_waits():
    ahead = SnippetsAhead()
    ahead.start([found(n) for n in range(MIN_SNIPPETS * 20)])  # more than a pipe holds: it must not be sent
    assert ahead.take() == {}


def test_taking_early_stops_the_helper_with_what_it_has_done():
    sites = [found(n) for n in range(MIN_SNIPPETS * 40)]  # about half a second of work
    ahead = SnippetsAhead()
    kept_on(ahead)
    process = ahead._process
    ahead.start(sites)
    done = ahead.take()
    assert len(done) < len(sites)
    assert process is not None and not process.is_alive()


@pytest.mark.parametrize("failing", [True, False])
def test_a_helper_is_not_left_running_however_the_work_ends(failing):
    ahead = SnippetsAhead()

    def work(n: int) -> int:
        if failing and n == 63:
            raise ValueError("broken")
        return n

    try:
        list(shared_map(work, 64, workers=2, afterwards=ahead))
    except (ValueError, RuntimeError):
        assert failing
    process = ahead._process
    ahead.close()
    assert process is None if failing else not process.is_alive()
