"""The HTML of many cards at once (generated sections as Markdown, snippets highlighted), spread over the
harvest's worker processes: a first harvest of Django renders thousands, a third of its time when done inline."""

from collections.abc import Iterator

from tqdm import tqdm

from kb.explain import generate_sections
from kb.harvest.pool import CHUNK, forked_pool, pool_size
from kb.highlight import highlight_snippet
from kb.models import ErrorEntry, RaiseSite, render_sections

# (an entry's generated sections, or the entry and its sites for the worker to write them; its new sites'
# snippets as (code, first line, marked lines)) -> (the sections the worker wrote, if it did; the HTML)
_Job = tuple[dict | tuple[ErrorEntry, list[RaiseSite]], list[tuple[str, int | None, list[int | None]]]]
_Done = tuple[dict | None, dict, list[str]]
WARM = 16  # cards whose snippets this process highlights before it forks the workers


def rendered_cards(
    cards: list[tuple[ErrorEntry, list[RaiseSite]]], bar: dict, *, to_write: frozenset[int] = frozenset()
) -> Iterator[tuple[ErrorEntry, list[RaiseSite]]]:
    """Fill each entry's `generated_html` and its given sites' `snippet_html` (new sites, not yet saved): each
    site's raise line marked along with those of the entry's other sites that share its snippet. Yielded in
    order as the workers finish them, so that the caller writes the first cards while the others are rendered.
    `to_write`: the ids of the entries whose `generated` sections the workers write first (from the entry and
    the given sites, which must be all of its sites): new entries, whose sections nothing in the plan reads."""
    jobs: list[_Job] = []
    for entry, sites in cards:
        snippets = [
            (site.snippet, site.snippet_start, [site.line, *(s.line for s in sites if s.shares_snippet_with(site))])
            for site in sites
        ]
        jobs.append(((entry, sites) if id(entry) in to_write else entry.generated, snippets))
    for card, (written, sections_html, snippets_html) in zip(cards, _run(jobs, bar), strict=True):
        entry, sites = card
        if written is not None:
            entry.generated = written
        entry.generated_html = sections_html
        for site, snippet_html in zip(sites, snippets_html, strict=True):
            site.snippet_html = snippet_html
        yield card


# The jobs, set before the workers are forked: each inherits them as they are in memory and is handed numbers, so
# that no model instance is pickled on the way in (only the small results come back).
_jobs: list[_Job] = []


def _run(jobs: list[_Job], bar: dict) -> Iterator[_Done]:
    global _jobs
    workers = pool_size(len(jobs))
    if workers <= 1:
        yield from tqdm(map(_render, jobs), total=len(jobs), desc="rendering", unit=" cards", **bar)
        return
    _jobs = jobs
    # The lexer makes its patterns as it meets each kind of character: made here first, on a few real snippets,
    # they are made once rather than once in each worker.
    for _, snippets in jobs[:WARM]:
        _highlighted(snippets)
    try:
        with forked_pool(workers) as pool:
            done = pool.imap(_render_number, range(len(jobs)), chunksize=CHUNK)
            yield from tqdm(done, total=len(jobs), desc="rendering", unit=" cards", **bar)
    finally:
        _jobs = []


def _render_number(number: int) -> _Done:
    return _render(_jobs[number])


def _render(job: _Job) -> _Done:
    sections, snippets = job
    written = None
    if isinstance(sections, tuple):
        entry, sites = sections
        sections = written = generate_sections(entry=entry, sites=sites)
    return written, render_sections(sections), _highlighted(snippets)


def _highlighted(snippets: list[tuple[str, int | None, list[int | None]]]) -> list[str]:
    return [
        highlight_snippet(code, first_line=start, marked_lines=marked) if code and start is not None else ""
        for code, start, marked in snippets
    ]
