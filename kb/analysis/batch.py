"""The AI pass through a batch API instead of live requests (OpenAI's Batch API, and the servers that read and write
its file format): `export` gives one request line per entry, and `apply` reads the batch's output file, checks
every answer as a live run does and stores what checks out. No endpoint is needed here (the files travel however
the user likes), and a batch costs half a live run at OpenAI. There is no repair round: a claim that does not check
out is dropped.

The output file is hostile. Each line is bounded in size and in nesting, and the file is refused whole, before
anything is stored, when it is not JSON lines of the batch format or names a request this repository's export did
not write (`entry@commit` ids)."""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from kb.analysis.client import EndpointError, Reply, reply_of
from kb.analysis.run import Asked, Job, Options, RunResult, base_vocabulary, candidates, jobs_for, record
from kb.analysis.terminal import printable
from kb.analysis.verify import BadAnswer, check_answer, read_answer
from kb.models import ErrorEntry, Repository
from kb.runtime.jsonsafe import JSONTooDeep, loads_bounded

URL = "/v1/chat/completions"
# A line of the output file is one chat completion: a few KiB of JSON. Far larger is not an answer to our question.
LONGEST_LINE = 4 * 1024 * 1024
CUSTOM_ID = re.compile(r"([0-9a-f]{16})@([\w.+-]{1,64})")


class BatchFileError(ValueError):
    """The output file cannot be applied: nothing of it was stored."""


@dataclass(frozen=True)
class Answered:
    """One line of the output file: the entry and commit it answers, and the completion or why there is none."""

    line: int
    public_id: str
    commit: str
    reply: Reply | None
    model: str
    error: str = ""


def export(*, repository: Repository, model: str, options: Options, result: RunResult) -> Iterator[dict[str, Any]]:
    """The batch's input lines: one chat-completions request per entry `options` selects (a reviewed entry is left to
    its curator, and counted)."""
    pks = candidates(repository=repository, model=model, options=options, result=result)
    for job in jobs_for(pks, base_vocabulary(repository, options, result), result):
        if not job.reviewed:
            yield {
                "custom_id": f"{job.public_id}@{job.commit}",
                "method": "POST",
                "url": URL,
                "body": {"model": model, **job.payload},
            }


def read_output(stream: IO[str]) -> list[Answered]:
    """Every line of a batch's output file, or BatchFileError naming the first line that is not one."""
    answered: list[Answered] = []
    seen: set[str] = set()
    for number in range(1, 10**9):
        text = stream.readline(LONGEST_LINE + 1)
        if not text:
            break
        if len(text) > LONGEST_LINE:
            raise BatchFileError(f"line {number} is longer than {LONGEST_LINE // (1024 * 1024)} MiB")
        if not text.strip():
            continue
        line = _one_line(number, text)
        if line.public_id in seen:
            raise BatchFileError(f"line {number} answers {line.public_id} a second time")
        seen.add(line.public_id)
        answered.append(line)
    return answered


def apply(*, repository: Repository, answered: list[Answered], model: str, options: Options) -> RunResult:
    """Checks and stores each answer as a live run does; an entry harvested again since its export, or whose request
    the batch reports as failed, is left as it was and listed."""
    result = RunResult()
    ids = {line.public_id for line in answered}
    known = dict(ErrorEntry.objects.filter(repository=repository, public_id__in=ids).values_list("public_id", "pk"))
    if absent := sorted(ids - set(known)):
        raise BatchFileError(
            f"the file answers {len(absent)} request(s) that are not entries of {repository.full_name}"
            f" (first: {absent[0]}): was it exported for another repository?"
        )
    by_id = {line.public_id: line for line in answered}
    result.selected = len(answered)
    base = base_vocabulary(repository, options, result)
    for job in jobs_for([known[line.public_id] for line in answered], base, result):
        line = by_id[job.public_id]
        if job.reviewed:
            continue
        if line.commit != job.commit:
            why = f"harvested again since the export (at {printable(line.commit, 40)}, now {job.commit})"
            result.failures.append((job.public_id, job.title, why))
            continue
        if line.reply is None:
            result.failures.append((job.public_id, job.title, line.error))
            continue
        record(job, _checked(job, line.reply), line.model or model, result)
    return result


def _checked(job: Job, reply: Reply) -> Asked:
    try:
        return Asked([reply], check_answer(read_answer(reply.content), job.vocabulary))
    except BadAnswer as bad:
        return Asked([reply], None, str(bad))
    except (RecursionError, MemoryError, ValueError) as error:  # a hostile answer fails its entry, not the file
        return Asked([reply], None, f"the answer could not be checked ({type(error).__name__})")


def _one_line(number: int, text: str) -> Answered:
    try:
        line = loads_bounded(text)
    except JSONTooDeep as too_deep:
        raise BatchFileError(f"line {number}: {too_deep}") from None
    except (ValueError, RecursionError):
        raise BatchFileError(f"line {number} is not JSON: is this a batch's output file?") from None
    found = CUSTOM_ID.fullmatch(line.get("custom_id") or "") if isinstance(line, dict) else None
    if found is None or not isinstance(line, dict):
        raise BatchFileError(f"line {number} has no custom_id of the form ENTRY@COMMIT that an export writes")
    public_id, commit = found.groups()
    response = line.get("response")
    body = response.get("body") if isinstance(response, dict) else None
    status = response.get("status_code") if isinstance(response, dict) else None
    if line.get("error") or not isinstance(body, dict) or status != 200:
        said = line.get("error") or (body or {}).get("error") or f"status {status}"
        said = said.get("message", said) if isinstance(said, dict) else said
        return Answered(number, public_id, commit, None, "", f"the batch failed it: {printable(str(said), 200)}")
    given = body.get("model")
    model = printable(given, 100) if isinstance(given, str) else ""
    try:
        return Answered(number, public_id, commit, reply_of(body), model)
    except EndpointError as error:
        return Answered(number, public_id, commit, None, model, str(error))
