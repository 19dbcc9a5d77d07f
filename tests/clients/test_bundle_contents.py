"""What `manage.py export_bundle` puts in the bundle: the cards an anonymous reader may open (published and
retired), none of the drafts, only the repositories asked for with --repo; and what it refuses to write."""

import io
import zipfile
from pathlib import Path

import pytest
import rest_framework
from django.core.management import CommandError, call_command

from errorkb.bundle import BundleError, open_bundle
from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, RepositoryFactory

DRF = Path(rest_framework.__file__).parent


def export(path: Path, *arguments: str) -> Path:
    call_command("export_bundle", "-o", str(path), "--site-url", "https://errors.example.org", *arguments,
                 stdout=io.StringIO())  # fmt: skip
    return path


@pytest.fixture
def drf(db) -> None:
    """DRF harvested and published: what harvest can explain is published, the rest stays a draft."""
    arguments = [str(DRF), "--repo", "encode/django-rest-framework", "--commit", "3.16.1", "--publish"]
    call_command("harvest", *arguments, "--path-prefix", "rest_framework", "--no-progress", stdout=io.StringIO())


def test_every_card_a_reader_may_open_is_in_the_bundle_and_no_draft(drf, tmp_path: Path):
    retired = ErrorEntryFactory(status=ErrorEntry.Status.RETIRED, message="A retired widget cannot turn")
    bundle = open_bundle(export(tmp_path / "bundle.zip"))
    public = set(ErrorEntry.objects.public().values_list("public_id", flat=True))
    drafts = list(ErrorEntry.objects.filter(status=ErrorEntry.Status.DRAFT))
    assert drafts and retired.public_id in public
    assert len(bundle) == len(public)
    assert all(bundle.card(entry_id)["status"] in ("published", "retired") for entry_id in public)
    assert [bundle.card(draft.public_id) for draft in drafts] == [None] * len(drafts)
    with zipfile.ZipFile(tmp_path / "bundle.zip") as archive:
        every_member = b"".join(archive.read(name) for name in archive.namelist())
    assert not [draft.public_id for draft in drafts if draft.public_id.encode() in every_member]


def test_a_drafts_own_message_finds_no_draft_offline(drf, tmp_path: Path):
    draft = ErrorEntryFactory(draft=True, message="The flux capacitor of widget 7 is empty")
    bundle = open_bundle(export(tmp_path / "bundle.zip"))
    assert draft.public_id not in {match["id"] for match in bundle.lookup(draft.message)}


def test_repo_limits_the_bundle_to_the_repositories_named(drf, tmp_path: Path):
    other = ErrorEntryFactory(repository=RepositoryFactory(owner="acme", name="gears"), message="Gear 3 slipped")
    bundle = open_bundle(export(tmp_path / "drf.zip", "--repo", "encode/django-rest-framework"))
    assert [repository["full_name"] for repository in bundle.repositories] == ["encode/django-rest-framework"]
    assert bundle.card(other.public_id) is None and bundle.lookup("Gear 3 slipped") == []
    assert len(bundle) == ErrorEntry.objects.public().filter(repository__name="django-rest-framework").count()
    both = open_bundle(export(tmp_path / "both.zip", "--repo", "encode/django-rest-framework", "--repo", "acme/gears"))
    assert [m["id"] for m in both.lookup("Gear 3 slipped")] == [other.public_id]


def test_an_unknown_repository_or_no_site_address_writes_nothing(db, tmp_path: Path, settings):
    with pytest.raises(CommandError, match="No repository 'acme/nothing'"):
        export(tmp_path / "bundle.zip", "--repo", "acme/nothing")
    settings.SITE_URL = ""
    with pytest.raises(CommandError, match="SITE_URL"):
        call_command("export_bundle", "-o", str(tmp_path / "bundle.zip"), stdout=io.StringIO())
    assert not list(tmp_path.iterdir())


def test_an_exported_bundle_cut_short_is_refused_as_truncated(drf, tmp_path: Path):
    data = export(tmp_path / "bundle.zip").read_bytes()
    (tmp_path / "cut.zip").write_bytes(data[: len(data) // 2])
    with pytest.raises(BundleError, match="truncated"):
        open_bundle(tmp_path / "cut.zip")
