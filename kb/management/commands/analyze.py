"""`manage.py analyze --repo OWNER/NAME`: the card's sections written by a chat-completions endpoint from each entry's
evidence, every name the answer uses checked; the curator's text is never touched."""

import json
from argparse import ArgumentParser
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from kb.analysis import batch
from kb.analysis.client import Endpoint
from kb.analysis.run import Options, RunResult, analyse, default_source
from kb.analysis.terminal import printable
from kb.harvest.pipeline.sources import SourceError, parse_repo
from kb.models import ErrorEntry, Repository

HOW_TO_CONFIGURE = (
    "Set ANALYSIS_API_BASE to the base URL of an OpenAI-compatible API "
    "(e.g. http://127.0.0.1:11434/v1 for Ollama, http://127.0.0.1:8000/v1 for vLLM or SGLang, "
    "https://api.openai.com/v1), ANALYSIS_MODEL to the model's name, and ANALYSIS_API_KEY if the endpoint "
    "needs a key."
)


def positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    """An argparse type: a number above zero."""

    def read(value: str) -> int | float:
        number = kind(value)
        if not number > 0:
            raise ValueError(value)
        return number

    read.__name__ = kind.__name__
    return read


class Command(BaseCommand):
    help = (
        "Write each entry's card sections with an OpenAI-compatible chat-completions endpoint (ANALYSIS_API_BASE, "
        "ANALYSIS_MODEL, ANALYSIS_API_KEY), from its evidence; claims naming what the source does not have are "
        "dropped. Exit 1 when an entry failed."
    )

    def add_arguments(self, parser: CommandParser | ArgumentParser) -> None:
        parser.add_argument("--repo", required=True, metavar="OWNER/NAME", help="The repository, e.g. django/django.")
        parser.add_argument("--limit", type=positive(int), metavar="N", help="Analyse at most N entries.")
        parser.add_argument(
            "--only-unreviewed", action="store_true", help="Leave entries a curator reviewed out of the selection."
        )
        parser.add_argument(
            "--force", action="store_true", help="Analyse again entries already analysed at their commit by this model."
        )
        parser.add_argument(
            "--source",
            metavar="PATH",
            help="The harvested checkout: names are also checked against all its files (default: the tree the last "
            "harvest read, when it recorded one and it is still there).",
        )
        parser.add_argument(
            "--entry",
            action="append",
            default=[],
            metavar="ID",
            help="Analyse this entry (its 16-hex id; repeatable), even when already analysed at its commit.",
        )
        parser.add_argument(
            "--no-repair",
            action="store_true",
            help="Drop claims that do not check out at once, without sending them back for one repair.",
        )
        parser.add_argument("--workers", type=positive(int), default=4, help="Requests at once (default 4).")
        parser.add_argument(
            "--timeout", type=positive(float), default=120.0, metavar="SECONDS", help="Per request (default 120)."
        )
        parser.add_argument("--retries", type=int, default=3, help="On 429, 5xx and time-outs (default 3).")
        parser.add_argument(
            "--backoff",
            type=positive(float),
            default=1.0,
            metavar="SECONDS",
            help="The first retry's wait when the endpoint gives no Retry-After; doubled each time (default 1).",
        )
        parser.add_argument("--no-progress", action="store_true", help="Do not show the progress bar.")
        parser.add_argument(
            "--batch-out",
            metavar="FILE",
            help="Write the requests to FILE (a new file) as a batch API's input lines (OpenAI's Batch API format), "
            "instead of sending them.",
        )
        parser.add_argument(
            "--batch-in",
            metavar="FILE",
            help="Check and store the answers of a batch API's output file, as a live run does (no repair round).",
        )

    def handle(self, *args, **options) -> None:
        batch_out, batch_in = options.get("batch_out"), options.get("batch_in")
        if batch_out and batch_in:
            raise CommandError("Give --batch-out or --batch-in, not both: export the requests, then apply the answers.")
        if not batch_in:
            self._configured(endpoint=not batch_out)
        repository = self._repository(options["repo"])
        source = Path(options["source"]).expanduser() if options.get("source") else None
        if source is not None and not source.is_dir():
            raise CommandError(f"--source {source} is not a directory.")
        source = source if source is not None else default_source(repository)
        chosen = tuple(dict.fromkeys(options.get("entry") or []))
        known = set(
            ErrorEntry.objects.filter(repository=repository, public_id__in=chosen).values_list("public_id", flat=True)
        )
        if absent := [public_id for public_id in chosen if public_id not in known]:
            raise CommandError(f"No entry {', '.join(absent)} in {repository.full_name}.")
        run = Options(
            limit=options.get("limit"),
            only_unreviewed=options["only_unreviewed"],
            force=options["force"],
            workers=options["workers"],
            source=source,
            progress=False if options["no_progress"] else None,
            entries=chosen,
            repair=not options.get("no_repair"),
        )
        if batch_out:
            self._export(repository, run, Path(batch_out))
            return
        if batch_in:
            result = self._apply(repository, run, Path(batch_in))
            self.stdout.write(f"Applied the batch answers {batch_in} to {repository.full_name} (no repair round).")
        else:
            endpoint = Endpoint(
                base=settings.ANALYSIS_API_BASE,
                model=settings.ANALYSIS_MODEL,
                key=settings.ANALYSIS_API_KEY,
                timeout=options["timeout"],
                retries=max(0, options["retries"]),
                backoff=options["backoff"],
            )
            result = analyse(repository=repository, endpoint=endpoint, options=run)
            self.stdout.write(f"Analysed {repository.full_name} with {endpoint.model} ({endpoint.base}).")
        for line in summary_lines(result):
            self.stdout.write(line)
        if result.failures or result.stopped:
            # Failed entries were left as they were; a non-zero exit lets a script run again (it resumes).
            raise SystemExit(1)

    def _configured(self, *, endpoint: bool) -> None:
        """A live run needs the endpoint and the model; an export names the model in each request."""
        if endpoint and not settings.ANALYSIS_API_BASE:
            raise CommandError(f"No analysis endpoint is configured (ANALYSIS_API_BASE is not set). {HOW_TO_CONFIGURE}")
        if not settings.ANALYSIS_MODEL:
            raise CommandError(f"No analysis model is configured (ANALYSIS_MODEL is not set). {HOW_TO_CONFIGURE}")
        if endpoint and not settings.ANALYSIS_API_BASE.startswith(("http://", "https://")):
            raise CommandError(f"ANALYSIS_API_BASE={settings.ANALYSIS_API_BASE!r} is not an http(s) URL.")

    def _repository(self, given: str) -> Repository:
        try:
            owner, name = parse_repo(given)
        except SourceError as error:
            raise CommandError(str(error)) from None
        repository = Repository.objects.filter(owner=owner, name=name).first()
        if repository is None:
            raise CommandError(f"No repository {owner}/{name} in the knowledge base: harvest it first.")
        return repository

    def _export(self, repository: Repository, run: Options, path: Path) -> None:
        result = RunResult()
        try:
            with path.open("x", encoding="utf-8") as out:
                for line in batch.export(
                    repository=repository, model=settings.ANALYSIS_MODEL, options=run, result=result
                ):
                    out.write(json.dumps(line, ensure_ascii=False) + "\n")
        except FileExistsError:
            raise CommandError(f"--batch-out {path} exists: give a new file.") from None
        except OSError as error:
            raise CommandError(f"--batch-out {path}: {error.strerror or error}.") from None
        sent = result.selected - len(result.reviewed)
        self.stdout.write(
            f"Wrote {sent} requests for {repository.full_name} to {path} ({len(result.reviewed)} reviewed, left to"
            f" their curator; {result.already_done} already analysed at their commit by {settings.ANALYSIS_MODEL})."
            f" Submit it to a batch API, then: manage.py analyze --repo {repository.full_name} --batch-in OUTPUT"
        )

    def _apply(self, repository: Repository, run: Options, path: Path) -> RunResult:
        try:
            with path.open(encoding="utf-8", errors="replace") as stream:
                answered = batch.read_output(stream)
            return batch.apply(
                repository=repository, answered=answered, model=settings.ANALYSIS_MODEL or "batch", options=run
            )
        except batch.BatchFileError as error:
            raise CommandError(f"--batch-in {path}: {error}; nothing was stored.") from None
        except OSError as error:
            raise CommandError(f"--batch-in {path}: {error.strerror or error}.") from None


def summary_lines(result: RunResult) -> list[str]:
    lines = [
        f"  entries: {result.selected} selected, {len(result.written)} written, {len(result.failures)} failed,"
        f" {len(result.reviewed)} reviewed (left to their curator), {result.already_done} already analysed"
        " at their commit by this model (--force to redo)"
    ]
    if result.source_files:
        lines.append(f"  source files read for checking names: {result.source_files}")
    total = result.prompt_tokens + result.completion_tokens
    lines.append(
        f"  tokens: {result.prompt_tokens:,} prompt + {result.completion_tokens:,} completion = {total:,};"
        f" requests retried: {result.retried}"
    )
    lines.append(
        f"  repair requests: {result.repairs}; related errors linked: {result.related}"
        + (
            f", {len(result.related_dropped)} named that are not entries of the repository"
            if result.related_dropped
            else ""
        )
    )
    claims = sum(count for _, count, _ in result.dropped)
    lines.append(
        f"  claims dropped (naming what the evidence and source do not have): {claims} in {len(result.dropped)} entries"
    )
    # Names, reasons and titles come from the endpoint's answers and the harvested code: printed without anything a
    # terminal would act on (escapes, bidi overrides), each bounded.
    for public_id, count, names in result.dropped:
        shown = ", ".join(printable(name, 80) for name in names[:6])
        shown += f" and {len(names) - 6} more" if len(names) > 6 else ""
        lines.append(f"    {public_id}: {count} dropped ({shown})")
    if result.failures:
        lines.append("  failed, left as they were:")
        lines += [
            f"    {public_id} {printable(title, 60)}: {printable(why)}" for public_id, title, why in result.failures
        ]
    if result.stopped:
        unsent = result.selected - len(result.written) - len(result.failures) - len(result.reviewed)
        lines.append(
            f"  stopped early: {result.stopped}; {unsent} entries not sent. Check ANALYSIS_API_BASE, then run again"
            " (it resumes)"
        )
    return lines
