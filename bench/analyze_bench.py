"""`manage.py analyze` over a real harvest, against a local stand-in for a model: how fast a run goes, how large the
requests are, and whether the verifier keeps every claim that names real code and drops every invented one.

    scripts/with-postgres .venv/bin/python bench/analyze_bench.py [PATH] [--prefix django] [--source SDIST]

The stand-in answers each request from the evidence it carries: sentences that name the entry's own type, function
and file (they must all be kept), one sentence and one solution naming things that do not exist (they must both be
dropped). No network: the server runs on localhost.

    scripts/with-postgres .venv/bin/python bench/analyze_bench.py --recorded [--no-repair] [--full]

replays instead the recorded answers of tests/analysis/recorded/ (a capable model's answers for 5 sglang 0.5.23,
11 Django 5.2.19 and 1 DRF 3.18.3 entries, with planted falsehoods) over the real files they concern, and prints how
many true claims the verifier kept and how many planted ones it dropped, by kind; with `--full`, over the whole trees
(the sglang wheel's and the installed Django and DRF), as `--source` reads them by default."""

import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402

from kb.analysis.client import Endpoint  # noqa: E402
from kb.analysis.prompt import TEXT_SECTIONS  # noqa: E402
from kb.analysis.run import Options, analyse  # noqa: E402
from kb.harvest import Target, harvest  # noqa: E402
from kb.models import Repository  # noqa: E402

INVENTED_PER_ENTRY = 2


def answer_from(evidence: dict, number: int) -> dict:
    site = (evidence.get("sites") or [{}])[0]
    function, path = site.get("function") or "", site.get("path") or ""
    function = function.get("name", "") if isinstance(function, dict) else function  # the evidence's, or the site's
    kept = [f"`{evidence['exception_type'].rsplit('.', 1)[-1]}` is raised in `{path}`."]
    if function:
        kept.append(f"The raise is in `{function}`.")
    kept += [f"It happens when `{c['code']}`." for c in site.get("conditions", []) if c.get("code")][:1]
    invented = f"It is also raised by `frobnicate_{number}()`."
    return {
        **dict.fromkeys(TEXT_SECTIONS, ""),
        "meaning": " ".join([*kept, invented]),
        "solutions": [f"Read the code of `{path}` around line {site.get('line')}.", "Set `ERRORKB_INVENTED_LIMIT`."],
    }


def serve() -> ThreadingHTTPServer:
    counter = iter(range(10**9))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            prompt = payload["messages"][1]["content"]
            evidence = json.loads(prompt.split("\n", 1)[1])
            content = json.dumps(answer_from(evidence, next(counter)))
            usage = {
                "prompt_tokens": sum(len(m["content"]) for m in payload["messages"]) // 4,
                "completion_tokens": len(content) // 4,
            }
            body = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}], "usage": usage})
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def recorded(repair: bool, full: bool) -> None:
    """The recorded answers replayed: the figures issue 29 asks for."""
    import tempfile

    from tests.analysis.fake_endpoint import FakeEndpoint
    from tests.analysis.fake_endpoint import serve as serve_fake
    from tests.analysis.recorded_set import PROJECTS, available, replay

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    outcomes, repairs = [], 0
    try:
        for project in PROJECTS:
            if not available(project):
                print(f"{project}: its tree is not here; skipped")
                continue
            endpoint = FakeEndpoint()
            server = serve_fake(endpoint)
            try:
                with tempfile.TemporaryDirectory() as into:
                    started = time.perf_counter()
                    result, replayed = replay(endpoint, project, Path(into), repair=repair, full=full)
                    print(f"{project}: harvested and analysed in {time.perf_counter() - started:.1f} s")
            finally:
                server.shutdown()
            repairs += result.repairs
            outcomes += replayed
            for public_id, title, why in result.failures:
                print(f"    failed {public_id} {title[:50]}: {why}")
            for public_id, count, names in result.dropped:
                print(f"    {project} {public_id}: {count} dropped: {'; '.join(names)[:300]}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    true_kept = sum(len(o.true_kept) for o in outcomes)
    true_all = true_kept + sum(len(o.true_dropped) for o in outcomes)
    planted_dropped = sum(len(o.planted_dropped) for o in outcomes)
    planted_all = planted_dropped + sum(len(o.planted_kept) for o in outcomes)
    print(f"entries replayed: {len(outcomes)}; repair requests sent: {repairs}")
    print(f"true claims kept: {true_kept} of {true_all}")
    print(f"planted falsehoods dropped: {planted_dropped} of {planted_all}")
    print(f"claims the repair request rewrote, kept: {sum(len(o.repaired_kept) for o in outcomes)}")
    kinds: dict[str, list[int]] = {}
    for outcome in outcomes:
        for claim, kind in outcome.recorded.planted.items():
            counted = kinds.setdefault(kind, [0, 0])
            counted[1] += 1
            counted[0] += claim in outcome.planted_dropped
    for kind, (dropped, total) in sorted(kinds.items()):
        print(f"    {kind}: {dropped} of {total} dropped")
    for outcome in outcomes:
        for claim in outcome.true_dropped:
            print(f"    true claim dropped ({outcome.recorded.name}): {' '.join(claim.split())[:110]}")
        for claim in outcome.planted_kept:
            print(f"    planted claim kept ({outcome.recorded.name}): {' '.join(claim.split())[:110]}")


def main() -> None:
    import django as installed

    if "--recorded" in sys.argv:
        recorded(repair="--no-repair" not in sys.argv, full="--full" in sys.argv)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(Path(installed.__file__).parent))
    parser.add_argument("--prefix", default="django")
    parser.add_argument("--source", help="Also check names against this tree (e.g. the source distribution).")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--no-repair", action="store_true", help="Drop at once: no repair request per entry.")
    options = parser.parse_args()

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    server = serve()
    try:
        target = Target(
            root=Path(options.path),
            owner="django",
            name="django",
            commit=installed.get_version(),
            prefix=options.prefix,
        )
        harvest(target=target, progress=False)
        repository = Repository.objects.get(owner="django", name="django")
        endpoint = Endpoint(base=f"http://127.0.0.1:{server.server_address[1]}/v1", model="stand-in", timeout=30)
        run = Options(
            workers=options.workers,
            source=Path(options.source) if options.source else None,
            progress=False,
            repair=not options.no_repair,
        )
        started = time.perf_counter()
        result = analyse(repository=repository, endpoint=endpoint, options=run)
        seconds = time.perf_counter() - started
    finally:
        server.shutdown()
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()

    written = len(result.written)
    dropped = {public_id: count for public_id, count, _ in result.dropped}
    wrong = {public_id: names for public_id, count, names in result.dropped if count != INVENTED_PER_ENTRY}
    print(f"entries analysed: {result.selected}; written {written}, failed {len(result.failures)}")
    print(
        f"time: {seconds:.1f} s with {options.workers} workers ({result.selected / seconds:.0f} entries/s),"
        f" {result.source_files} source files read for names"
    )
    print(
        f"request size: {result.prompt_tokens / max(1, result.selected):.0f} tokens per entry on average"
        f" (characters / 4), repair requests included: {result.repairs}"
    )
    print(f"invented claims dropped: {sum(dropped.values())} of {INVENTED_PER_ENTRY * written} in written entries")
    print(f"entries where a real name was dropped too, or an invented one kept: {len(wrong)}")
    for public_id, names in list(wrong.items())[:15]:
        print(f"    {public_id}: {', '.join(names)}")
    for public_id, title, why in result.failures[:5]:
        print(f"    failed {public_id} {title[:50]}: {why}")


if __name__ == "__main__":
    main()
