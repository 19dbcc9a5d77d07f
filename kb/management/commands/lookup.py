"""`manage.py lookup [TEXT | -] [--json] [--jsonl]`: the entries behind a message, a traceback or a log."""

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from kb.matching import DEFAULT_LIMIT, MAX_LIMIT, LookupTimeout, TextTooLarge, answer, how_it_matched, lookup
from kb.models import ErrorEntry
from kb.runtime.jsonsafe import loads_bounded
from kb.search.query import offered_for_lookup

MORE_TIME = "Set MATCH_TIME_BUDGET (seconds) to give lookups more time."


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


class Command(BaseCommand):
    help = (
        "Look up the entries behind an error message, a traceback or a log, drafts included (a curator's tool). "
        "TEXT, or '-' (the default) for standard input. "
        '--jsonl reads {"text": ...} lines from standard input and writes one answer per line.'
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("text", nargs="?", default="-", help="The text to look up, or '-' for standard input.")
        output = parser.add_mutually_exclusive_group()
        output.add_argument("--json", action="store_true", help="Print the answer as the API's JSON.")
        output.add_argument("--jsonl", action="store_true", help="One JSON object in, one JSON answer out, per line.")
        parser.add_argument(
            "--limit", type=int, default=DEFAULT_LIMIT, help=f"At most this many matches (1-{MAX_LIMIT})."
        )

    def handle(self, *args, **options) -> None:
        text, limit = options["text"], options["limit"]
        if not 1 <= limit <= MAX_LIMIT:
            raise CommandError(f"--limit must be between 1 and {MAX_LIMIT}.")
        if options["jsonl"]:
            self._jsonl(limit)
            return
        if text == "-":
            text = sys.stdin.read()
        if not text.strip():
            raise CommandError("Nothing to look up: give a message or a traceback, as an argument or on stdin.")
        try:
            result = _answer(text, limit)
        except TextTooLarge as exc:
            raise CommandError(str(exc)) from None
        except LookupTimeout as exc:
            raise CommandError(f"{exc} {MORE_TIME}") from None
        if options["json"]:
            self.stdout.write(_dumps(result, indent=2))
        else:
            self.stdout.write(readable(result))

    def _jsonl(self, default_limit: int) -> None:
        # A bad line gets an error object of its own: one malformed record must not stop a log pipeline.
        write = self.stdout.write
        for number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                text, limit = _jsonl_request(line, default_limit)
                write(_dumps(_answer(text, limit)))
            except (ValueError, TextTooLarge, LookupTimeout) as exc:
                write(_dumps({"line": number, "error": str(exc)}))


def _answer(text: str, limit: int) -> dict:
    """The API's answer, as a curator sees it: drafts included."""
    found = lookup(text, limit=limit, drafts=True)
    return {**answer(found, absolute), "search": offered_for_lookup(found, text, ErrorEntry.objects.all(), absolute)}


def _jsonl_request(line: str, default_limit: int) -> tuple[str, int]:
    try:
        request = loads_bounded(line)  # a line nested too deep is a ValueError of its own, with its reason
    except json.JSONDecodeError as exc:
        raise ValueError(f"Not JSON: {exc}.") from None
    if not isinstance(request, dict) or not isinstance(request.get("text"), str) or not request["text"].strip():
        raise ValueError('Expected an object with a non-empty "text" string: {"text": "..."}.')
    limit = request.get("limit", default_limit)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f'"limit" must be a whole number between 1 and {MAX_LIMIT}.')
    return request["text"], limit


def _dumps(value: dict, indent: int | None = None) -> str:
    return json.dumps(value, ensure_ascii=False, indent=indent)


def readable(result: dict) -> str:
    parsed = result["parsed"]
    count = len(parsed["exceptions"])
    lines = [f"Read as {parsed['kind']}: {count} exception{'s' if count != 1 else ''} (the last one first)."]
    for i, exception in enumerate(parsed["exceptions"]):
        label = f"{exception['type']}: " if exception["type"] else ""
        frames = f" ({len(exception['frames'])} frames)" if exception["frames"] else ""
        lines.append(f"  [{i}] {label}{_first_line(exception['message'])}{frames}")
    if result.get("compiled"):
        lines.append(f"The error was {result['compiled']}.")
    if not result["matches"]:
        lines.append("No entry matches.")
        lines += [f"  shares its words: {hit['id']}  {hit['title']}  {hit['url']}" for hit in result["search"]]
    for rank, match in enumerate(result["matches"], start=1):
        how = how_it_matched(match).removesuffix(" match")
        lines += [
            "",
            f"{rank}. {match['id']}  score {match['score']}  {how}  [{match['status']}]",
            f"   {match['title']}  ({match['review_state'] or 'not reviewed'})",
            f"   {match['exception_type']}: {_first_line(match['message'])}",
            f"   {match['url']}",
            "   why: " + "; ".join(reason["detail"] for reason in match["why"]),
        ]
        if match.get("class_card"):
            lines.append("   the class's own card: no raise of it was found, this is where it is defined")
        if match["summary"]:
            lines.append(f"   means: {match['summary']}")
        if match["first_solution"]:
            lines.append(f"   first fix: {_first_line(match['first_solution'])}")
        if wording := match["message_from"]:
            lines.append(
                f"   message from: {wording['id']}  {wording['exception_type']}: {_first_line(wording['message'])}"
            )
        if match["params"]:
            lines.append("   values: " + ", ".join(f"{name}={value!r}" for name, value in match["params"].items()))
        lines += [
            f"   raised at {s['path']}:{s['line'] or '?'} {s['function']}  {s['url']}" for s in match["sources"][:3]
        ]
    return "\n".join(lines)


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""
