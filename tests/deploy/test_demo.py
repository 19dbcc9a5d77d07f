"""`make demo` runs scripts/demo.py after `make fixtures`: the harvests it runs publish real, explained cards. The
test runs the script's own command line for DRF (Django's takes longer) against the test database."""

import importlib.util
import io
import re
from pathlib import Path

from django.core.management import call_command

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


def test_the_demo_harvests_django_and_drf_as_installed_pinned_to_their_versions():
    import django
    import rest_framework

    repos = {arguments[arguments.index("--repo") + 1]: arguments for arguments in demo_harvests()}
    assert set(repos) == {"django/django", "encode/django-rest-framework"}
    drf = repos["encode/django-rest-framework"]
    assert drf[1] == str(Path(rest_framework.__file__).parent)
    assert drf[drf.index("--commit") + 1] == rest_framework.__version__
    assert repos["django/django"][repos["django/django"].index("--commit") + 1] == django.__version__
    assert all("--publish" in arguments for arguments in repos.values())


def test_the_demos_drf_harvest_publishes_cards_readers_can_open(client, db):
    [drf] = [arguments for arguments in demo_harvests() if "encode/django-rest-framework" in arguments]
    call_command(*drf, stdout=io.StringIO())
    published = ErrorEntry.objects.published().filter(repository__name="django-rest-framework")
    assert published.count() > 100
    assert set(published.values_list("review_state", flat=True)) == {"generated"}
    card = published.filter(sites__path="rest_framework/generics.py").first()
    assert card is not None and client.get(card.get_absolute_url()).status_code == 200
    listing = client.get("/repos/encode/django-rest-framework/").content.decode()
    assert re.search(r"<h2><code>rest_framework\.\w+(\.\w+)*</code></h2>", listing)
