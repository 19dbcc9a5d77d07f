"""`make demo` runs scripts/demo.py after `make fixtures`: the harvests it runs publish real, explained cards. The
test runs the script's own command line for DRF (Django's takes longer) against the test database: pip fetches
DRF's source distribution from the package index (once: kept in the virtual environment's folder), and the test
is skipped, saying so, when the index cannot be reached."""

import importlib.util
import io
import re
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry

ROOT = Path(__file__).resolve().parents[2]


def demo_harvests() -> list[list[str]]:
    spec = importlib.util.spec_from_file_location("demo", ROOT / "scripts" / "demo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.harvests()


def test_make_demo_runs_the_demo_script_after_the_fixtures():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^demo: fixtures\n\t\$\(BIN\)/python scripts/demo\.py$", makefile, re.M)


def test_the_demo_harvests_the_source_distributions_of_the_installed_django_and_drf():
    import django
    import rest_framework

    assert [arguments[:2] for arguments in demo_harvests()] == [
        ["harvest", f"pypi:django=={django.__version__}"],
        ["harvest", f"pypi:djangorestframework=={rest_framework.__version__}"],
    ]
    assert all("--publish" in arguments for arguments in demo_harvests())


def test_the_demos_drf_harvest_publishes_cards_with_tests_readers_can_open(client, db, settings):
    [drf] = [arguments for arguments in demo_harvests() if arguments[1].startswith("pypi:djangorestframework==")]
    settings.HARVEST_PYPI_CACHE = str(Path(sys.prefix) / "test-pypi-cache")
    try:
        call_command(*drf, stdout=io.StringIO(), stderr=io.StringIO())
    except CommandError as error:
        if "could not be reached" in str(error):
            pytest.skip(f"The package index is away: {error}")
        raise
    published = ErrorEntry.objects.published().filter(
        repository__owner="encode", repository__name="django-rest-framework"
    )
    assert published.count() > 100
    assert set(published.values_list("review_state", flat=True)) == {"generated"}
    card = published.filter(sites__path="rest_framework/generics.py").first()
    assert card is not None and client.get(card.get_absolute_url()).status_code == 200
    listing = client.get("/repos/encode/django-rest-framework/").content.decode()
    assert re.search(r"<h2><code>rest_framework\.\w+(\.\w+)*</code></h2>", listing)
    assert card.sites.first().commit == __import__("rest_framework").__version__
    with_tests = published.exclude(evidence__tests=None).exclude(evidence__tests=[])
    assert with_tests.filter(evidence__tests__0__path__startswith="tests/").exists()
