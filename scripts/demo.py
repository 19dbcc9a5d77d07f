"""`make demo`: harvest the source distributions of the Django and Django REST framework versions installed in this
virtual environment into `make run`'s database, publishing every entry harvest can explain, pinned to the
installed versions (tags on GitHub). The source distributions (fetched with pip, kept in HARVEST_PYPI_CACHE) hold
the tests and docs the cards quote, which the installed packages lack.

    .venv/bin/python scripts/demo.py

Run after `make fixtures` (the Makefile does). tests/deploy/test_demo.py runs the same command lines."""

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def harvests() -> list[list[str]]:
    """`manage.py` arguments, one harvest per package: its release on PyPI at the installed version (the release
    names its repository; the version is the tag its sites are pinned to)."""
    import django
    import rest_framework

    packages = [("django", django.__version__), ("djangorestframework", rest_framework.__version__)]
    return [["harvest", f"pypi:{name}=={version}", "--publish", "--no-progress"] for name, version in packages]


def prefetch(specs: list[str]) -> None:
    """Have pip fetch the releases side by side (each waits mostly on its build backend's metadata); a failure is
    the harvest's to report, plainly."""
    from concurrent.futures import ThreadPoolExecutor

    from kb.harvest.pipeline.pypi import fetch_release
    from kb.harvest.pipeline.sources import SourceError

    def fetch(spec: str) -> None:
        try:
            fetch_release(spec)
        except SourceError:
            pass

    with ThreadPoolExecutor(len(specs)) as pool:
        list(pool.map(fetch, specs))


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django
    from django.core.management import call_command

    django.setup()
    started = time.monotonic()
    prefetch([arguments[1] for arguments in harvests()])
    for arguments in harvests():
        call_command(*arguments)
    print(f"\nHarvested in {time.monotonic() - started:.0f} s. Browse them: `make run`, then open")
    print("http://127.0.0.1:8000/repos/ (each repository's errors by module; ?review=generated for the new ones).")


if __name__ == "__main__":
    main()
