"""The HTML of many cards at once (generated sections as Markdown, snippets highlighted), spread over the
harvest's worker processes: a first harvest of Django renders thousands, a third of its time when done inline."""

import functools
import multiprocessing
from collections.abc import Generator, Iterable, Iterator
from contextlib import closing
from multiprocessing.process import BaseProcess

from tqdm import tqdm

from kb.cards.explain import generate_sections
from kb.harvest.pipeline.pool import Outbox, pool_size, shared_map
from kb.harvest.reading.extract import FoundSite
from kb.models import ErrorEntry, RaiseSite, render_sections
from kb.text.highlight import highlight_snippet

# A snippet to highlight: (code, first line, marked lines); or its HTML, when it was highlighted ahead.
_Snippet = tuple[str, int | None, list[int | None]] | str
# (an entry's generated sections, or the entry and its sites for the worker to write them; its new sites'
# snippets) -> (the sections the worker wrote, if it did; the HTML)
_Job = tuple[dict | tuple[ErrorEntry, list[RaiseSite]], list[_Snippet]]
# What makes a snippet's HTML: its code, its first line and the lines marked in it.
_Key = tuple[str, int, frozenset[int]]
_Done = tuple[dict | None, dict, list[str]]
WARM = 16  # cards whose snippets this process highlights before it forks the workers
MIN_SNIPPETS = 64  # fewer are highlighted with the cards


def rendered_cards(
    cards: list[tuple[ErrorEntry, list[RaiseSite]]],
    bar: dict,
    *,
    to_write: frozenset[int] = frozenset(),
    ahead: dict[_Key, str] | None = None,
) -> Generator[tuple[ErrorEntry, list[RaiseSite]], None, None]:
    """Fill each entry's `generated_html` and its given sites' `snippet_html` (new sites, not yet saved): each
    site's raise line marked along with those of the entry's other sites that share its snippet. Yielded as they
    are rendered (in no set order), so that the caller writes the first cards while the others are rendered.
    `to_write`: the ids of the entries whose `generated` sections the workers write first (from the entry and
    the given sites, which must be all of its sites): new entries, whose sections nothing in the plan reads.
    `ahead`: snippets already highlighted (`SnippetsAhead`), taken as they are."""
    ahead = ahead or {}
    jobs: list[_Job] = []
    for entry, sites in cards:
        snippets: list[_Snippet] = []
        for site in sites:
            marked = [site.line, *(s.line for s in sites if s.shares_snippet_with(site))]
            done = ahead.get((site.snippet, site.snippet_start, _marks(marked))) if site.snippet_start else None
            snippets.append(done if done is not None else (site.snippet, site.snippet_start, marked))
        jobs.append(((entry, sites) if id(entry) in to_write else entry.generated, snippets))
    for number, (written, sections_html, snippets_html) in _run(jobs, bar):
        card = cards[number]
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


def _run(jobs: list[_Job], bar: dict) -> Iterator[tuple[int, _Done]]:
    """(the job's number, what it made), by this process and forked helpers (`shared_map`): this process renders
    too, between writing what is done."""
    global _jobs
    workers = pool_size(len(jobs))
    if workers > 1:
        # The lexer makes its patterns as it meets each kind of character: made here first, on a few real
        # snippets, they are made once rather than once in each helper.
        for _, snippets in jobs[:WARM]:
            _highlighted(snippets)
    _jobs = jobs
    try:
        with closing(shared_map(_render_number, len(jobs), workers=workers)) as done:
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


def _highlighted(snippets: list[_Snippet]) -> list[str]:
    return [snippet if isinstance(snippet, str) else _highlight(*snippet) for snippet in snippets]


def _highlight(code: str, start: int | None, marked: list[int | None]) -> str:
    return _highlight_once(code, start, _marks(marked)) if code and start is not None else ""


@functools.lru_cache(maxsize=4096)  # a harvest's snippets (Django's 2,089: about 5 MB of HTML)
def _highlight_once(code: str, start: int, marked: frozenset[int]) -> str:
    """A snippet highlighted once however many sites show it the same (a helper's raise, where each of its callers'
    messages is a site again: 80 of Django's 2,089, in cards far apart)."""
    return highlight_snippet(code, first_line=start, marked_lines=marked)


def _marks(lines: Iterable[int | None]) -> frozenset[int]:
    return frozenset(line for line in lines if line is not None)


class SnippetsAhead:
    """The snippets of sites just found, highlighted by a process of their own while this one reads the sites'
    callers, plans and prepares the rows, on a core it would leave idle; what that process has done by the time the
    cards are rendered (`take`) is not done again. The process is the scan's first helper, kept on once its share
    of the extraction is done (`shared_map`'s `afterwards`): forking one for it then cost 0.05 s of this process's
    time (the page tables of every syntax tree), and forking it before the files are read slowed the reading as
    much (each page this process writes then is copied). Each raise line is marked with those of the other sites of
    its entry-to-be (same key) that share its snippet, as a new entry's card marks them: a snippet marked
    otherwise in the end (an entry that was there before) is simply not found in what was done ahead."""

    CHUNK = 16  # snippets highlighted (and sent back) at once
    WAIT = 5.0  # seconds `take` waits for each message of what was done, at most: then it leaves the rest

    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        self._stop = context.RawValue("b", 0)  # shared with the helper, which inherits it
        self._results, self._sending = context.Pipe(duplex=False)
        self._inbox, self._jobs = context.Pipe(duplex=False)
        self._process: BaseProcess | None = None
        self._done: dict[_Key, str] = {}

    def run(self) -> None:
        """In the helper: highlight what `start` hands over, a chunk at a time, until told to stop."""
        self._results.close()
        self._jobs.close()
        outbox = Outbox(self._sending)
        try:
            snippets: list[_Key] = self._inbox.recv()
            done: list[tuple[_Key, str]] = []
            for key in snippets:
                if self._stop.value:  # the cards are being rendered: what is done now is all they will take
                    break
                done.append((key, _highlight(key[0], key[1], list(key[2]))))
                if len(done) == self.CHUNK:
                    outbox.put(done)
                    done = []
            outbox.put(done)
        except EOFError:  # this process closed its end without handing anything over
            pass
        finally:
            outbox.put(None)
            outbox.close()

    def adopt(self, process: BaseProcess) -> None:
        self._process = process
        self._sending.close()  # the helper's ends
        self._inbox.close()

    def start(self, sites: list[FoundSite]) -> None:
        """Hand the sites' snippets over (when a helper was kept for it, and there are enough to be worth it)."""
        if self._process is None:
            return
        groups: dict[tuple, list[int]] = {}
        for site in sites:
            if site.snippet and site.snippet_start:
                groups.setdefault((site.key, site.snippet, site.snippet_start, site.path), []).append(site.line)
        snippets = list(dict.fromkeys((code, start, _marks(lines)) for (_, code, start, _), lines in groups.items()))
        try:
            self._jobs.send(snippets if len(snippets) >= MIN_SNIPPETS else [])
        except OSError:  # the helper is gone: the cards highlight their snippets themselves
            self.close()
        self._jobs.close()

    def take(self, *, all_of_it: bool = False) -> dict[_Key, str]:
        """What has been highlighted so far; the helper is told to stop, and is stopped. `all_of_it`: let it finish
        first (what a test compares)."""
        if self._process is not None:
            self._stop.value = 0 if all_of_it else 1
            try:
                while self._results.poll(self.WAIT) and (chunk := self._results.recv()) is not None:
                    self._done.update(chunk)
            except (EOFError, OSError):  # the helper ended, maybe within a message: what came whole is still good
                pass
        self.close()
        return self._done

    def close(self) -> None:
        for end in (self._results, self._sending, self._inbox, self._jobs):
            end.close()
        if self._process is not None:
            self._process.terminate()
            self._process.join()
            self._process = None
