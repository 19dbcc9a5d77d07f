"""The HTML of many cards at once (generated sections as Markdown, snippets highlighted), spread over the
harvest's worker processes: a first harvest of Django renders thousands, a third of its time when done inline."""

from collections.abc import Iterator
from contextlib import nullcontext

from tqdm import tqdm

from kb.harvest.pool import CHUNK, forked_pool, pool_size
from kb.highlight import highlight_snippet
from kb.models import ErrorEntry, RaiseSite, render_sections

# (an entry's generated sections, its new sites' snippets as (code, first line, marked lines)) -> their HTML
_Job = tuple[dict, list[tuple[str, int | None, list[int | None]]]]
_Done = tuple[dict, list[str]]


def rendered_cards(
    cards: list[tuple[ErrorEntry, list[RaiseSite]]], bar: dict
) -> Iterator[tuple[ErrorEntry, list[RaiseSite]]]:
    """Fill each entry's `generated_html` and its given sites' `snippet_html` (new sites, not yet saved): each
    site's raise line marked along with those of the entry's other sites that share its snippet. Yielded in
    order as the workers finish them, so that the caller writes the first cards while the others are rendered."""
    jobs: list[_Job] = []
    for entry, sites in cards:
        snippets = [
            (site.snippet, site.snippet_start, [site.line, *(s.line for s in sites if s.shares_snippet_with(site))])
            for site in sites
        ]
        jobs.append((entry.generated, snippets))
    for card, (sections_html, snippets_html) in zip(cards, _run(jobs, bar), strict=True):
        entry, sites = card
        entry.generated_html = sections_html
        for site, snippet_html in zip(sites, snippets_html, strict=True):
            site.snippet_html = snippet_html
        yield card


def _run(jobs: list[_Job], bar: dict) -> Iterator[_Done]:
    workers = pool_size(len(jobs))
    with forked_pool(workers) if workers > 1 else nullcontext() as pool:
        done = pool.imap(_render, jobs, chunksize=CHUNK) if pool is not None else map(_render, jobs)
        yield from tqdm(done, total=len(jobs), desc="rendering", unit=" cards", **bar)


def _render(job: _Job) -> _Done:
    sections, snippets = job
    html = [
        highlight_snippet(code, first_line=start, marked_lines=marked) if code and start is not None else ""
        for code, start, marked in snippets
    ]
    return render_sections(sections), html
