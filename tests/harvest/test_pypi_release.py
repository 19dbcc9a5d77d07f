"""`manage.py harvest pypi:NAME==VERSION`: the release fetched with pip from a local index, laid out as its
repository (package folder, tests, docs, vendored code left out), and harvested under the release's own name."""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry, Repository
from tests.harvest.local_index import source_distribution, wheel

PACKAGE = '''
def connect(url):
    """Open a connection to `url`."""
    if not url.startswith("tcp://"):
        raise ValueError(f"Unsupported scheme in {url!r}: use tcp://")
    return url
'''
VENDORED = """
def helper():
    raise RuntimeError("a vendored library's own error message")
"""
TEST = """
import pytest
from toyerr import connect


def test_a_bad_scheme_is_refused():
    with pytest.raises(ValueError, match="Unsupported scheme in"):
        connect("udp://host")
"""
DOC = 'Connecting\n==========\n\n``connect()`` raises ``ValueError`` with "Unsupported scheme in" when the URL is not tcp://.\n'


def harvest(*arguments: str) -> str:
    out = io.StringIO()
    call_command("harvest", *arguments, "--no-progress", stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def toyerr(index: Path) -> Path:
    return source_distribution(
        index,
        "toyerr",
        "1.0",
        {
            "src/toyerr/__init__.py": PACKAGE,
            "src/toyerr/_vendor/__init__.py": "",
            "src/toyerr/_vendor/lib.py": VENDORED,
            "tests/test_connect.py": TEST,
            "docs/connect.rst": DOC,
        },
        urls={"Funding": "https://github.com/sponsors/toy", "Source": "https://github.com/toy-org/toyerr"},
    )


def test_a_source_distribution_is_harvested_as_its_repository_at_its_version(toyerr, db) -> None:
    output = harvest("pypi:toyerr==1.0")
    assert "Harvested toy-org/toyerr at 1.0 (paths under src/toyerr/)." in output
    entry = ErrorEntry.objects.get(repository__owner="toy-org", repository__name="toyerr")
    site = entry.sites.get()
    assert (site.path, site.commit) == ("src/toyerr/__init__.py", "1.0")
    assert site.url.startswith("https://github.com/toy-org/toyerr/blob/1.0/src/toyerr/__init__.py#L")


def test_its_tests_and_docs_are_read_and_its_vendored_code_is_not(toyerr, db) -> None:
    harvest("pypi:toyerr==1.0")
    [entry] = ErrorEntry.objects.filter(repository__name="toyerr")
    assert [test["path"] for test in entry.evidence["tests"]] == ["tests/test_connect.py"]
    assert [doc["path"] for doc in entry.evidence["docs"]] == ["docs/connect.rst"]
    assert not ErrorEntry.objects.filter(signature__contains="vendored").exists()


def test_the_second_harvest_uses_the_cached_release_without_pip(toyerr, db, monkeypatch) -> None:
    harvest("pypi:toyerr==1.0")
    toyerr.unlink()  # pip would now find nothing
    assert "Harvested toy-org/toyerr at 1.0" in harvest("pypi:toyerr==1.0")


def test_without_a_source_distribution_the_wheel_is_harvested(index, db) -> None:
    wheel(index, "wheelonly", "2.1", {"wheelonly/__init__.py": PACKAGE})
    output = harvest("pypi:wheelonly==2.1")
    assert "Harvested pypi/wheelonly at 2.1 (paths under wheelonly/)." in output
    repository = Repository.objects.get(owner="pypi", name="wheelonly")
    assert repository.host == "pypi.org"
    assert repository.entries.get().sites.get().path == "wheelonly/__init__.py"


def test_the_options_given_win_over_what_the_release_says(toyerr, db) -> None:
    output = harvest("pypi:toyerr==1.0", "--repo", "me/fork", "--path-prefix", "python/toyerr")
    assert "Harvested me/fork at 1.0 (paths under python/toyerr/)." in output


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("pypi:toyerr", "is not pypi:NAME==VERSION"),
        ("pypi:toyerr>=1.0", "is not pypi:NAME==VERSION"),
        ("pypi:../etc==1.0", "is not pypi:NAME==VERSION"),
        ("pypi:toyerr==9.9", "the package index has no release toyerr==9.9 (check the name and the version)"),
        ("pypi:nosuchthing==1.0", "the package index has no release nosuchthing==1.0"),
    ],
)
def test_a_bad_name_or_version_is_said_plainly(toyerr, db, spec: str, said: str) -> None:
    with pytest.raises(CommandError, match=None) as raised:
        harvest(spec)
    assert said in str(raised.value)
    assert "Traceback" not in str(raised.value)


def test_an_index_that_cannot_be_reached_is_said_so(index, db, monkeypatch) -> None:
    monkeypatch.delenv("PIP_NO_INDEX")
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple")  # nothing listens on the discard port
    monkeypatch.setenv("PIP_RETRIES", "1")
    with pytest.raises(CommandError, match="the package index could not be reached"):
        harvest("pypi:toyerr==1.0")


def test_a_path_still_needs_its_repository(tmp_path, db) -> None:
    with pytest.raises(CommandError, match="Give --repo OWNER/NAME"):
        harvest(str(tmp_path))
