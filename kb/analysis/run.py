"""A run over a repository's entries: requests in a thread pool, answers verified and written one entry per
transaction in this thread (so the database is only ever touched here), resumable, with a progress bar and totals.

An entry already analysed at its current commit with the same model is skipped (unless `force`): a run that stopped
resumes where it was. A reviewed entry is never written: the curator's word stands."""

import datetime
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
from kb.analysis.prompt import request_for
from kb.analysis.verify import BadAnswer, Checked, check_answer, read_answer
from kb.analysis.vocabulary import Vocabulary, entry_vocabulary, read_source, repository_vocabulary
from kb.models import ErrorEntry, RaiseSite, Repository

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
    stopped: str = ""
    source_files: int = 0


def analyse(*, repository: Repository, endpoint: Endpoint, options: Options) -> RunResult:
    result = RunResult()
    pks = candidates(repository=repository, model=endpoint.model, options=options, result=result)
    base = repository_vocabulary(repository)
    if options.source is not None:
        result.source_files = read_source(base, options.source)
    bar = tqdm(
        total=len(pks), unit="entry", desc="analyse", disable=None if options.progress is None else not options.progress
    )
    in_a_row = 0
    with ThreadPoolExecutor(max_workers=max(1, options.workers)) as pool:
        pending: dict[Future[Reply], Job] = {}
        jobs = _jobs(pks, base, result)
        exhausted = False
        while pending or not exhausted:
            while not exhausted and not result.stopped and len(pending) < 2 * options.workers:
                job = next(jobs, None)
                if job is None:
                    exhausted = True
                    break
                if job.reviewed:
                    bar.update()
                    continue
                pending[pool.submit(complete, endpoint, job.payload)] = job
            if result.stopped:
                exhausted = True
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                job = pending.pop(future)
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
    if options.only_unreviewed:
        entries = entries.exclude(review_state=ErrorEntry.Review.REVIEWED)
    chosen = []
    for pk, commit, assisted in entries.order_by("-lookup_hits", "pk").values_list("pk", "analysed_commit", "assisted"):
        done = isinstance(assisted, dict) and assisted.get("model") == model and assisted.get("commit") == commit
        if done and not options.force:
            result.already_done += 1
            continue
        chosen.append(pk)
    chosen = chosen[: options.limit] if options.limit is not None else chosen
    result.selected = len(chosen)
    return chosen


def _jobs(pks: list[int], base: Vocabulary, result: RunResult) -> Iterator[Job]:
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
            vocabulary = entry_vocabulary(entry, entry_sites).on(base)
            payload = request_for(entry, entry_sites)
            yield Job(pk, entry.public_id, entry.title, entry.analysed_commit, payload, vocabulary)


def _finish(job: Job, future: "Future[Reply]", model: str, result: RunResult, in_a_row: int) -> int:
    """Verifies and writes one answer; returns the count of transport failures in a row."""
    try:
        reply = future.result()
    except EndpointError as error:
        result.failures.append((job.public_id, job.title, str(error)))
        return in_a_row + 1 if error.transport else 0
    except Exception as error:  # whatever an endpoint sends fails its entry only, never the run
        result.failures.append((job.public_id, job.title, f"the request failed ({type(error).__name__})"))
        return 0
    result.prompt_tokens += reply.prompt_tokens
    result.completion_tokens += reply.completion_tokens
    result.retried += reply.attempts - 1
    try:
        checked = check_answer(read_answer(reply.content), job.vocabulary)
        if checked.empty:
            raise BadAnswer(f"every claim was dropped ({_names(checked.unknown)})")
    except BadAnswer as bad:
        result.failures.append((job.public_id, job.title, str(bad)))
        return 0
    except (RecursionError, MemoryError, ValueError) as error:  # a hostile answer fails its entry, not the run
        result.failures.append((job.public_id, job.title, f"the answer could not be checked ({type(error).__name__})"))
        return 0
    skipped = store(job=job, checked=checked, model=model)
    if skipped:
        result.failures.append((job.public_id, job.title, skipped))
        return 0
    result.written.append(job.public_id)
    if checked.dropped:
        result.dropped.append((job.public_id, checked.dropped, checked.unknown))
    return 0


def store(*, job: Job, checked: Checked, model: str) -> str:
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
        entry.assisted = {
            **checked.sections,
            "solutions": checked.solutions,
            "model": model,
            "at": _today().isoformat(),
            "commit": job.commit,
            "dropped": checked.dropped,
        }
        entry.review_state = ErrorEntry.Review.AI_ASSISTED
        entry._change_reason = f"AI-assisted analysis ({model})"
        entry.save()
        finish_write(entries=[entry])
    return ""


def _today() -> datetime.date:
    return timezone.localdate()


def _names(names: list[str], most: int = 5) -> str:
    shown = ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
    return f"not found: {shown}" if names else "nothing left"
