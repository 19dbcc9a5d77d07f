"""The `errorkb` command (and `python -m errorkb`): lookup, explain, run.

  errorkb lookup [TEXT | -] [--url U | --bundle FILE] [--json] [--redact MODE]   (stdin when `-` or no TEXT)
  errorkb explain ID [--url U | --bundle FILE] [--json]
  errorkb run script.py [args...]                     (the script with the excepthook installed)

Exit status: lookup 0 when something matched, 1 when nothing did; explain 0 for a card, 1 for no such entry;
2 for a usage error, no server configured, or a server that failed; run, the script's own."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from errorkb.config import VERSION

MATCHED, NOTHING, FAILED = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="errorkb", description="The card of an error: look it up on an errorkb server or in an offline bundle."
    )
    parser.add_argument("--version", action="version", version=f"errorkb {VERSION}")
    parser.add_argument("-v", "--verbose", action="store_true", help="say why nothing was shown")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def where(command: argparse.ArgumentParser) -> None:
        group = command.add_mutually_exclusive_group()
        group.add_argument("--url", help="the errorkb server (default: ERRORKB_URL)")
        group.add_argument("--bundle", help="an offline bundle file: nothing is sent (default: ERRORKB_BUNDLE)")
        command.add_argument(
            "--timeout", type=float, default=None, help="seconds to wait for the server (ERRORKB_TIMEOUT, else 2)"
        )

    lookup = commands.add_parser("lookup", help="the entries behind a message or a traceback")
    lookup.add_argument("text", nargs="?", default="-", help="the text, or '-' (the default) for standard input")
    where(lookup)
    lookup.add_argument("--json", action="store_true", help="machine output: the typed results as JSON")
    lookup.add_argument(
        "--redact", choices=("secrets", "values", "none"), default=None, help="what to take out before sending"
    )
    lookup.add_argument("--limit", type=int, default=5, help="at most this many matches (1-50)")

    explain = commands.add_parser("explain", help="print an entry's card")
    explain.add_argument("id", help="the entry's id, e.g. 2f70a93935f33691")
    where(explain)
    explain.add_argument("--json", action="store_true", help="machine output")

    run = commands.add_parser("run", help="run a Python script with the errorkb excepthook installed")
    where(run)
    run.add_argument("argv", nargs=argparse.REMAINDER, metavar="script.py [args...]")
    return parser


def _json(value: object) -> str:
    import dataclasses
    import json

    return json.dumps(dataclasses.asdict(value), ensure_ascii=False, indent=2) + "\n"  # type: ignore[call-overload]


def _fail(message: str) -> int:
    sys.stderr.write(f"errorkb: {message}\n")
    return FAILED


def _timeout(options: argparse.Namespace) -> float:
    from errorkb.config import configured_timeout

    return configured_timeout(options.timeout)


def _lookup(options: argparse.Namespace) -> int:
    from errorkb.client import lookup

    if not 1 <= options.limit <= 50:
        return _fail("--limit must be between 1 and 50")
    text = sys.stdin.read() if options.text == "-" else options.text
    if not text.strip():
        return _fail("nothing to look up: give a message or a traceback, as an argument or on standard input")
    result = lookup(
        text,
        url=options.url,
        bundle=options.bundle,
        timeout=_timeout(options),
        redact=options.redact,
        limit=options.limit,
    )
    if options.json:
        sys.stdout.write(_json(result))
    else:
        from errorkb.terminal import matches

        sys.stdout.write(matches(result))
    return MATCHED if result.matches else NOTHING


def _explain(options: argparse.Namespace) -> int:
    from errorkb.client import explain

    card = explain(options.id, url=options.url, bundle=options.bundle, timeout=_timeout(options))
    if card is None:
        sys.stderr.write(f"errorkb: no entry {options.id!r}\n")
        return NOTHING
    if options.json:
        sys.stdout.write(_json(card))
    else:
        from errorkb.terminal import card as printed

        sys.stdout.write(printed(card))
    return MATCHED


def _run(options: argparse.Namespace) -> int:
    from errorkb.hook import run

    argv = list(options.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        return _fail("run: give the script to run: errorkb run script.py [args...]")
    if not os.path.exists(argv[0]):
        return _fail(f"run: can't open file {argv[0]!r}: no such file")
    return run(
        argv,
        url=options.url,
        bundle=options.bundle,
        timeout=_timeout(options),
        verbose=options.verbose or None,
    )


def main(argv: Sequence[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    if options.verbose:
        os.environ["ERRORKB_VERBOSE"] = "1"
    if options.command == "run":
        return _run(options)
    from errorkb.errors import ErrorkbError

    try:
        return _lookup(options) if options.command == "lookup" else _explain(options)
    except ErrorkbError as error:
        return _fail(str(error))
    except Exception as error:  # the bundle's BundleError (a newer format, a corrupt file), an unreadable file
        bundle = sys.modules.get("errorkb.bundle")  # loaded if a bundle was opened
        if isinstance(error, OSError) or (bundle is not None and isinstance(error, bundle.BundleError)):
            return _fail(str(error))
        raise
