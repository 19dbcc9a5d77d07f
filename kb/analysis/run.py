"""A run over a repository's entries: requests in a thread pool, answers verified and written one entry per
transaction in this thread (so the database is only ever touched here), resumable, with a progress bar and totals.

An entry already analysed at its current commit with the same model is skipped (unless `force`, or chosen by id): a
run that stopped resumes where it was. A reviewed entry is never written: the curator's word stands.

An answer whose claims do not all check out is sent back once (`prompt.repair_request`, in the worker's thread)
with the claims and why; what still does not check out after that is dropped. A section the answer leaves empty is
stored empty, so the card shows nothing there rather than the generated text. Related errors the answer names are
kept only when they are entries of the same repository, as links the card renders itself."""

import datetime
import threading
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from tqdm import tqdm

from kb.actions.writes import finish_write
from kb.analysis.client import Endpoint, EndpointError, Reply, complete
from kb.analysis.prompt import evidence_of, related_rows, repair_request, request_for
from kb.analysis.verify import BadAnswer, Checked, check_answer, kept_whole, read_answer
from kb.analysis.vocabulary import Vocabulary, entry_vocabulary, read_source, repository_vocabulary
from kb.models import PUBLIC_ID_RE, ErrorEntry, RaiseSite, RelatedLink, Repository

# Only the requests run side by side. Building a request, checking an answer and writing it parse code with `ast`,
# and CPython 3.11's AST constructor keeps its recursion depth per interpreter, not per thread: two threads in it
# at once fail with "SystemError: AST constructor recursion depth mismatch". The work is CPU-bound under the GIL
# anyway, so holding this lock for it costs nothing; the network waits stay concurrent.
PARSING = threading.Lock()

# This many transport failures in a row (nothing answered) stop the run: the endpoint is down or misconfigured.
GIVE_UP_AFTER = 5
CHUNK = 100


@dataclass(frozen=True)
class Options:
    limit: int | None = None
    only_unreviewed: bool = False
    force: bool = False
    workers: int = 4
    source: Path | None = None
    progress: bool | None = None  # None: a bar when writing to a terminal
    entries: tuple[str, ...] = ()  # public ids: only these, analysed again even when done at their commit
    repair: bool = True  # send the claims that did not check out back once before dropping them


@dataclass(frozen=True)
class Job:
    pk: int
    public_id: str
    title: str
    commit: str
    payload: dict[str, Any]
    vocabulary: Vocabulary
    reviewed: bool = False  # not sent: a curator reviewed it


@dataclass
class RunResult:
    selected: int = 0
    already_done: int = 0
    written: list[str] = field(default_factory=list)
    reviewed: list[str] = field(default_factory=list)  # left to their curator
    failures: list[tuple[str, str, str]] = field(default_factory=list)  # (public id, title, why)
    dropped: list[tuple[str, int, list[str]]] = field(default_factory=list)  # (public id, claims, names)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retried: int = 0
    repairs: int = 0  # repair requests sent (at most one per entry)
    related: int = 0  # related links kept
    related_dropped: list[tuple[str, str]] = field(default_factory=list)  # (public id, what the answer named)
    stopped: str = ""
    source_files: int = 0


def analyse(*, repository: Repository, endpoint: Endpoint, options: Options) -> RunResult:
    result = RunResult()
    pks = candidates(repository=repository, model=endpoint.model, options=options, result=result)
    base = base_vocabulary(repository, options, result)
    bar = tqdm(
        total=len(pks), unit="entry", desc="analyse", disable=None if options.progress is None else not options.progress
    )
    in_a_row = 0
    with ThreadPoolExecutor(max_workers=max(1, options.workers)) as pool:
        pending: dict[Future[Asked], Job] = {}
        jobs = jobs_for(pks, base, result)
        exhausted = False
        while pending or not exhausted:
            while not exhausted and not result.stopped and len(pending) < 2 * options.workers:
                with PARSING:
                    job = next(jobs, None)
                if job is None:
                    exhausted = True
                    break
                if job.reviewed:
                    bar.update()
                    continue
                pending[pool.submit(ask, endpoint, job, options.repair)] = job
            if result.stopped:
                exhausted = True
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                job = pending.pop(future)
                with PARSING:
                    in_a_row = _finish(job, future, endpoint.model, result, in_a_row)
                bar.update()
            if in_a_row >= GIVE_UP_AFTER and not result.stopped:
                result.stopped = f"the endpoint did not answer {in_a_row} times in a row"
    bar.close()
    return result


def candidates(*, repository: Repository, model: str, options: Options, result: RunResult) -> list[int]:
    """The entries to analyse, most looked-up first: those with a raise site, not retired, not done already."""
    entries = ErrorEntry.objects.filter(repository=repository, pk__in=RaiseSite.objects.values("entry"))
    entries = entries.exclude(status=ErrorEntry.Status.RETIRED)
    if options.entries:
        entries = entries.filter(public_id__in=options.entries)
    if options.only_unreviewed:
        entries = entries.exclude(review_state=ErrorEntry.Review.REVIEWED)
    chosen = []
    for pk, commit, assisted in entries.order_by("-lookup_hits", "pk").values_list("pk", "analysed_commit", "assisted"):
        done = isinstance(assisted, dict) and assisted.get("model") == model and assisted.get("commit") == commit
        if done and not options.force and not options.entries:
            result.already_done += 1
            continue
        chosen.append(pk)
    chosen = chosen[: options.limit] if options.limit is not None else chosen
    result.selected = len(chosen)
    return chosen


def base_vocabulary(repository: Repository, options: Options, result: RunResult) -> Vocabulary:
    """The names every answer of the repository may use: its entries' and, with `options.source`, its source's."""
    base = repository_vocabulary(repository)
    if options.source is not None:
        result.source_files = read_source(base, options.source, recorded_prefix(repository, options.source))
    return base


def jobs_for(pks: list[int], base: Vocabulary, result: RunResult) -> Iterator[Job]:
    """Each entry's request and the names its answer may use, in the order of `pks`; a reviewed entry is yielded
    marked, to be left to its curator."""
    sites = Prefetch("sites", queryset=RaiseSite.objects.order_by("position", "id"))
    for start in range(0, len(pks), CHUNK):
        chunk = pks[start : start + CHUNK]
        loaded = ErrorEntry.objects.select_related("repository").prefetch_related(sites).in_bulk(chunk)
        for pk in chunk:
            entry = loaded.get(pk)
            if entry is None:
                continue
            if entry.is_reviewed:
                result.reviewed.append(entry.public_id)
                yield Job(pk, entry.public_id, entry.title, entry.analysed_commit, {}, base, reviewed=True)
                continue
            entry_sites = list(entry.sites.all())
            related = related_rows(entry)
            vocabulary = entry_vocabulary(entry, entry_sites)
            for row in related:
                vocabulary.read(f"{row['exception_type']} {row['message']}")
            evidence = evidence_of(entry, entry_sites, related)
            payload = request_for(entry, entry_sites, related, evidence)
            # A code span quoted from it checks out; only the entry's own ties a situation to the raise.
            vocabulary.quote({key: value for key, value in evidence.items() if key != "related"})
            vocabulary.own_quoted = len(vocabulary.quoted)
            vocabulary.quote(evidence.get("related"))
            vocabulary = vocabulary.on(base)
            yield Job(pk, entry.public_id, entry.title, entry.analysed_commit, payload, vocabulary)


@dataclass(frozen=True)
class Asked:
    """One entry's answer, checked, after at most one repair request."""

    replies: list[Reply]
    checked: Checked | None  # None: the first answer could not be used (`bad` says why)
    bad: str = ""
    repairs: int = 0  # repair requests sent, answered or not


def ask(endpoint: Endpoint, job: Job, repair: bool = True) -> Asked:
    """In a worker's thread: the request, the answer checked, and when claims did not check out one repair request
    listing them; the repaired answer is checked in turn (what still fails is dropped), and a section the first answer
    gave wholly verified stays as it was (`kept_whole`). A repair that fails in any way leaves the first answer's
    checked claims."""
    first = complete(endpoint, job.payload)
    try:
        with PARSING:
            checked = check_answer(read_answer(first.content), job.vocabulary)
    except BadAnswer as bad:
        return Asked([first], None, str(bad))
    if not repair or not checked.unchecked:
        return Asked([first], checked)
    try:
        with PARSING:
            request = repair_request(job.payload, first.content, checked.unchecked)
        second = complete(endpoint, request)
    except EndpointError:
        return Asked([first], checked, repairs=1)
    try:
        with PARSING:
            repaired = check_answer(read_answer(second.content), job.vocabulary)
    except BadAnswer:
        return Asked([first, second], checked, repairs=1)
    return Asked([first, second], kept_whole(checked, repaired), repairs=1)


def _finish(job: Job, future: "Future[Asked]", model: str, result: RunResult, in_a_row: int) -> int:
    """Verifies and writes one answer; returns the count of transport failures in a row."""
    try:
        asked = future.result()
    except EndpointError as error:
        result.failures.append((job.public_id, job.title, str(error)))
        return in_a_row + 1 if error.transport else 0
    except Exception as error:  # whatever an endpoint sends fails its entry only, never the run
        said = str(error)[:200]
        result.failures.append((job.public_id, job.title, f"the request failed ({type(error).__name__}: {said})"))
        return 0
    record(job, asked, model, result)
    return 0


def record(job: Job, asked: Asked, model: str, result: RunResult) -> None:
    """Counts an answer's tokens and stores its checked sections, or lists the entry as failed and why."""
    for reply in asked.replies:
        result.prompt_tokens += reply.prompt_tokens
        result.completion_tokens += reply.completion_tokens
        result.retried += reply.attempts - 1
    result.repairs += asked.repairs
    try:
        if asked.checked is None:
            raise BadAnswer(asked.bad)
        checked = asked.checked
        if checked.empty:
            raise BadAnswer(f"every claim was dropped ({_names(checked.unknown)})")
    except BadAnswer as bad:
        result.failures.append((job.public_id, job.title, str(bad)))
        return
    except (RecursionError, MemoryError, ValueError) as error:  # a hostile answer fails its entry, not the run
        result.failures.append((job.public_id, job.title, f"the answer could not be checked ({type(error).__name__})"))
        return
    skipped = store(job=job, checked=checked, model=model, result=result)
    if skipped:
        result.failures.append((job.public_id, job.title, skipped))
        return
    result.written.append(job.public_id)
    if checked.dropped:
        result.dropped.append((job.public_id, checked.dropped, checked.unknown))


def store(*, job: Job, checked: Checked, model: str, result: RunResult | None = None) -> str:
    """Writes the checked answer into the entry's `assisted` sections, never the curator's fields; returns why it
    did not, or ""."""
    with transaction.atomic():
        entry = ErrorEntry.objects.select_related("repository").locked_for_write().filter(pk=job.pk).first()
        if entry is None:
            return "deleted while it was analysed"
        if entry.is_reviewed:
            return "reviewed by a curator while it was analysed; left as the curator wrote it"
        if entry.analysed_commit != job.commit:
            return "harvested again while it was analysed; run again to analyse the new commit"
        related = _related(entry, checked.related, result)
        entry.assisted = {
            **dict.fromkeys(checked.left_empty, ""),  # left empty on purpose: shown empty, not the generated text
            **checked.sections,
            **({"solutions": checked.solutions} if checked.solutions or "solutions" in checked.left_empty else {}),
            "related": [target.public_id for target in related],
            "model": model,
            "at": _today().isoformat(),
            "commit": job.commit,
            "dropped": checked.dropped,
        }
        entry.review_state = ErrorEntry.Review.AI_ASSISTED
        entry._change_reason = f"AI-assisted analysis ({model})"
        entry.save()
        _link(entry, related)
        finish_write(entries=[entry])
    return ""


def _related(entry: ErrorEntry, named: list[str], result: RunResult | None) -> list[ErrorEntry]:
    """The entries of the same repository the answer's related errors name (by id, exact message or signature);
    what names none is dropped and counted."""
    found: list[ErrorEntry] = []
    others = ErrorEntry.objects.filter(repository=entry.repository_id).exclude(pk=entry.pk)
    others = others.exclude(status=ErrorEntry.Status.RETIRED)
    for name in named[:5]:
        text = name.strip().strip("`").strip()
        by_id = others.filter(public_id=text) if PUBLIC_ID_RE.fullmatch(text) else others.none()
        target = by_id.first() or others.filter(message=text).order_by("pk").first()
        target = target or others.filter(signature=text).order_by("pk").first()
        if target is not None and target not in found:
            found.append(target)
        elif target is None and result is not None:
            result.related_dropped.append((entry.public_id, text))
    if result is not None:
        result.related += len(found)
    return found


def _link(entry: ErrorEntry, targets: list[ErrorEntry]) -> None:
    """The related errors as links the card renders from the target itself (its title, its URL): after the links
    already there, none removed."""
    existing = list(entry.outgoing_links.values_list("target_id", "position"))
    linked = {target for target, _ in existing}
    start = max((position for _, position in existing), default=-1) + 1
    new = [target for target in targets if target.pk not in linked]
    RelatedLink.objects.bulk_create(
        [RelatedLink(source=entry, target=target, position=start + n) for n, target in enumerate(new)]
    )


def recorded_prefix(repository: Repository, root: Path) -> str:
    """What the harvest put in front of the tree's paths (`--path-prefix`): found from a site's path and the file
    it names under `root`."""
    path = RaiseSite.objects.filter(entry__repository=repository).values_list("path", flat=True).first()
    parts = (path or "").split("/")
    for start in range(len(parts)):
        if (root / "/".join(parts[start:])).is_file():
            return "/".join(parts[:start])
    return ""


def default_source(repository: Repository) -> Path | None:
    """The tree the last harvest read, where it recorded it (`HarvestState.figures["root"]`), when it is still
    there."""
    state = getattr(repository, "harvest_state", None)
    figures = state.figures if state is not None and isinstance(state.figures, dict) else {}
    root = figures.get("root") or figures.get("source")
    path = Path(root) if isinstance(root, str) and root else None
    return path if path is not None and path.is_dir() else None


def _today() -> datetime.date:
    return timezone.localdate()


def _names(names: list[str], most: int = 5) -> str:
    shown = ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
    return f"not found: {shown}" if names else "nothing left"
