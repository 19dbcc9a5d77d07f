"""`manage.py harvest`: drafts from a repository's source, and a second run that changes nothing."""

import io
import threading
import time

import pytest
from django.core.management import CommandError, call_command
from django.db import connections, transaction

from kb.harvest import Target, harvest
from kb.harvest.pipeline import run as run_module
from kb.models import ErrorEntry, RaiseSite, derive_public_id
from tests.samples import catalogue_revision

CLIENT = """
import warnings

from .errors import ConnectionFailed


class Client:
    def connect(self, url):
        if not url:
            raise ValueError("Empty URL")
        if url.startswith("ftp:"):
            raise ValueError(f"Unsupported scheme in {url}")
        return url

    def send(self, url, data):
        if not url:
            raise ValueError("Empty URL")
        warnings.warn("send() is deprecated", DeprecationWarning)
        raise ConnectionFailed(data)


def close(handle):
    raise NotImplementedError


def flush(handle):
    raise NotImplementedError
"""


@pytest.fixture
def checkout(git_repo):
    git_repo.write("client/__init__.py", "")
    git_repo.write("client/errors.py", "class ConnectionFailed(Exception):\n    pass\n")
    git_repo.write("client/api.py", CLIENT)
    git_repo.sha = git_repo.commit("first")
    return git_repo


def run(checkout, *args: str) -> str:
    out = io.StringIO()
    call_command("harvest", str(checkout.root), "--repo", "acme/client", "--no-progress", *args, stdout=out)
    return out.getvalue()


def test_harvesting_creates_one_draft_per_error_with_every_site(db, checkout):
    output = run(checkout)
    entries = {(e.exception_type, e.signature): e for e in ErrorEntry.objects.all()}
    empty = entries[("ValueError", "Empty URL")]
    assert [(s.path, s.line, s.function) for s in empty.sites.all()] == [
        ("client/api.py", 9, "Client.connect"),
        ("client/api.py", 16, "Client.send"),
    ]
    assert (empty.status, empty.method, empty.kind, empty.analysed_commit) == (
        "draft",
        "harvested",
        "error",
        checkout.sha,
    )
    assert all(s.commit == checkout.sha for s in empty.sites.all())
    assert entries[("DeprecationWarning", "send() is deprecated")].kind == "warning"
    assert "client.errors.ConnectionFailed" in {t for t, _ in entries}
    assert "entries: 6 new, 0 updated, 0 unchanged" in output


def test_the_entry_id_is_derived_from_repository_type_and_signature(db, checkout):
    run(checkout)
    entry = ErrorEntry.objects.get(signature="Empty URL")
    expected = derive_public_id(
        host="github.com", owner="acme", name="client", exception_type="ValueError", signature="Empty URL"
    )
    assert entry.public_id == expected


def test_raises_without_a_rebuildable_message_are_entries_of_their_own_keyed_by_site(db, checkout):
    run(checkout)
    bare = ErrorEntry.objects.filter(exception_type="NotImplementedError").order_by("site_key")
    assert [(e.signature, e.site_key, e.title) for e in bare] == [
        ("", "client/api.py::close", "NotImplementedError in close"),
        ("", "client/api.py::flush", "NotImplementedError in flush"),
    ]


def test_the_snippet_and_its_first_line_are_recorded_and_highlighted(db, checkout):
    run(checkout)
    site = RaiseSite.objects.get(entry__signature="Unsupported scheme in {url}")
    assert (
        site.snippet.splitlines()[site.line - site.snippet_start]
        == '            raise ValueError(f"Unsupported scheme in {url}")'
    )
    assert site.snippet_start == 7 and 'class="hll"' in site.snippet_html


def test_a_second_run_at_the_same_commit_changes_nothing_not_even_history(db, checkout):
    run(checkout)
    history = ErrorEntry.history.count(), RaiseSite.history.count()
    revision = catalogue_revision()
    updated = sorted(ErrorEntry.objects.values_list("public_id", "updated_at"))
    output = run(checkout)
    assert "entries: 0 new, 0 updated, 6 unchanged" in output
    assert (ErrorEntry.history.count(), RaiseSite.history.count()) == history
    assert catalogue_revision() == revision
    assert sorted(ErrorEntry.objects.values_list("public_id", "updated_at")) == updated


def test_a_change_touches_the_catalogue_revision(db, checkout):
    before = catalogue_revision()
    run(checkout)
    assert catalogue_revision() == before + 1


def test_the_commit_defaults_to_head_and_may_be_given_as_a_tag(db, checkout):
    run(checkout, "--commit", "v1.0")
    assert set(RaiseSite.objects.values_list("commit", flat=True)) == {"v1.0"}


def test_a_file_that_does_not_parse_is_reported_and_skipped(db, checkout):
    checkout.write("client/broken.py", "def broken(:\n    raise ValueError('never seen')\n")
    checkout.commit("broken")
    output = run(checkout)
    assert "skipped: client/broken.py (not valid Python: line 1:" in output
    assert "files read: 3\n  files skipped: 1\n         1  not valid Python" in output
    assert ErrorEntry.objects.filter(signature="Empty URL").exists()


def test_path_prefix_and_exclude_shape_what_is_recorded(db, checkout):
    checkout.write("client/tests/test_api.py", "def test():\n    raise AssertionError('in a test')\n")
    checkout.commit("tests")
    run(checkout, "--path-prefix", "src", "--exclude", "client/tests/*")
    paths = set(RaiseSite.objects.values_list("path", flat=True))
    assert paths == {"src/client/api.py"}


def test_the_summary_counts_skipped_sites_by_reason(db, checkout):
    checkout.write("client/more.py", "def f():\n    try:\n        pass\n    except Exception:\n        raise\n")
    checkout.commit("more")
    output = run(checkout)
    assert "sites skipped: 1" in output and "re-raises the exception being handled" in output
    assert "sites found: 7" in output


def test_a_progress_bar_is_shown_while_it_works(db, checkout):
    progress = io.StringIO()
    target = Target(root=checkout.root, owner="acme", name="client", commit="v1")
    harvest(target=target, progress=True, progress_file=progress)
    assert "parsing" in progress.getvalue() and "extracting" in progress.getvalue()


def test_the_writing_phase_shows_its_progress_too(db, checkout):
    progress = io.StringIO()
    target = Target(root=checkout.root, owner="acme", name="client", commit="v1")
    harvest(target=target, progress=True, progress_file=progress)
    shown = progress.getvalue()
    assert all(phase in shown for phase in ("explaining", "rendering", "saving"))
    assert "6/6 [" in shown.split("rendering")[-1]


def test_no_progress_means_no_bar_at_all(db, checkout):
    progress = io.StringIO()
    harvest(
        target=Target(root=checkout.root, owner="acme", name="client", commit="v1"),
        progress=False,
        progress_file=progress,
    )
    assert progress.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/no/such/path", "--repo", "acme/client"], "does not exist"),
        (["{root}", "--repo", "acme"], "is not OWNER/NAME"),
        (["{root}", "--repo", "acme/client", "--commit", "not a ref"], "is not a commit sha or tag"),
    ],
)
def test_bad_input_is_a_helpful_error_not_a_traceback(db, checkout, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("harvest", *[a.format(root=checkout.root) for a in args])


def test_a_directory_that_is_not_a_checkout_needs_a_commit(db, tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "x.py").write_text("raise ValueError('x')\n")
    with pytest.raises(CommandError, match="give the commit sha or tag with --commit"):
        call_command("harvest", str(tmp_path / "plain"), "--repo", "acme/plain")


def test_a_curators_save_while_a_harvest_runs_is_not_written_over(transactional_db, checkout, monkeypatch):
    harvest(target=Target(root=checkout.root, owner="acme", name="client", commit=checkout.sha), progress=False)
    entry = ErrorEntry.objects.get(signature="Empty URL")
    lines_before = sorted(entry.sites.values_list("line", flat=True))
    checkout.write("client/api.py", "# moved down a line\n" + CLIENT)
    moved = Target(root=checkout.root, owner="acme", name="client", commit=checkout.commit("moved"))
    planned, release = threading.Event(), threading.Event()
    save_plan = run_module.save_plan

    def paused_after_planning(**kwargs):
        planned.set()
        release.wait(10)
        return save_plan(**kwargs)

    monkeypatch.setattr(run_module, "save_plan", paused_after_planning)

    def in_thread(work) -> threading.Thread:
        def target() -> None:
            try:
                work()
            finally:
                connections.close_all()

        thread = threading.Thread(target=target)
        thread.start()
        return thread

    def curator_saves() -> None:
        with transaction.atomic():
            ErrorEntry.objects.locked_for_write().get(pk=entry.pk)
            ErrorEntry.objects.filter(pk=entry.pk).update(message="Empty URL: give the client a URL first.")

    harvesting = in_thread(lambda: harvest(target=moved, progress=False))
    assert planned.wait(10)
    curating = in_thread(curator_saves)
    time.sleep(0.5)  # the curator's save waits for the harvest's row lock (without one, it would commit now)
    release.set()
    harvesting.join(20)
    curating.join(20)
    entry.refresh_from_db()
    assert entry.message == "Empty URL: give the client a URL first."
    lines_after = sorted(entry.sites.values_list("line", flat=True))
    assert all(after > before for after, before in zip(lines_after, lines_before, strict=True))  # and harvested
