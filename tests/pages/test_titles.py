"""An entry's title: the message's first line, cut at a word with an ellipsis; never only a runtime value."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command

from kb.models import ErrorEntry, derive_title
from tests.factories import ErrorEntryFactory, RepositoryFactory
from tests.samples import CARD

CARD_TITLE = "NIXL PD transfer does not support HiSparse combined with…"
TEMPLATE_MISSING = "893aaa1e9f94c0cd"  # django's TemplateDoesNotExist, whose signature is "{template_name}"


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def test_a_long_message_is_cut_at_a_word_boundary_with_an_ellipsis(catalogue):
    title = ErrorEntry.objects.get(public_id=CARD).title
    assert title == CARD_TITLE
    assert len(title) <= 60


def test_a_short_message_is_its_own_title_without_an_ellipsis():
    assert derive_title(message="Empty URL", signature="Empty URL", exception_type="ValueError") == "Empty URL"


def test_one_long_word_is_cut_with_an_ellipsis():
    title = derive_title(message="x" * 100, signature="", exception_type="ValueError")
    assert title == "x" * 59 + "…"


def test_a_message_that_is_only_a_runtime_value_is_titled_by_its_type(catalogue):
    entry = ErrorEntry.objects.get(public_id=TEMPLATE_MISSING)
    assert entry.message == "blog/post_list.html"
    assert entry.title == "TemplateDoesNotExist"


def test_the_literal_words_of_the_signature_make_the_title_when_the_value_is_only_decorated():
    title = derive_title(message="'blog.html'", signature="{name!r}", exception_type="app.errors.Missing")
    assert title == "Missing"


def test_the_title_is_the_same_everywhere_a_reader_sees_it(client, catalogue):
    page = client.get(f"/errors/{CARD}/").content.decode()
    assert f'<h1 class="card-title">{CARD_TITLE}</h1>' in page
    assert f"<title>NotImplementedError: {CARD_TITLE} · sgl-project/sglang · errorkb</title>" in page
    assert client.get(f"/api/errors/{CARD}").json()["title"] == CARD_TITLE
    assert CARD_TITLE in client.get("/repos/sgl-project/sglang/").content.decode()
    assert CARD_TITLE in client.get("/search/", {"q": "HiSparse decode"}).content.decode()
    linking = ErrorEntry.objects.filter(outgoing_links__target__public_id=CARD).first()
    assert CARD_TITLE in client.get(f"/errors/{linking.public_id}/").content.decode()
    assert "combined with dec<" not in page


def test_the_admin_lists_the_new_title(client, catalogue):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "a-long-password"))
    assert CARD_TITLE in client.get("/admin/kb/errorentry/").content.decode()


def test_the_migration_recomputes_titles_stored_the_old_way(catalogue):
    old_cut = "NIXL PD transfer does not support HiSparse combined with dec"
    ErrorEntry.objects.filter(public_id=CARD).update(title=old_cut)
    ErrorEntry.objects.filter(public_id=TEMPLATE_MISSING).update(title="blog/post_list.html")
    migration = importlib.import_module("kb.migrations.0005_titles_and_folded_reports")
    migration.recompute_titles(apps, None)
    assert ErrorEntry.objects.get(public_id=CARD).title == CARD_TITLE
    assert ErrorEntry.objects.get(public_id=TEMPLATE_MISSING).title == "TemplateDoesNotExist"


def test_harvested_entries_get_the_same_titles(db, git_repo):
    git_repo.write(
        "pkg/core.py",
        """
        def load(name):
            raise LookupError(name)


        def check(size):
            raise ValueError("The widget size must be a positive whole number of pixels, and not zero")
        """,
    )
    git_repo.commit()
    call_command("harvest", str(git_repo.root), "--repo", "acme/pkg", "--no-progress")
    titles = set(ErrorEntry.objects.values_list("title", flat=True))
    assert "The widget size must be a positive whole number of pixels,…" not in titles
    assert "The widget size must be a positive whole number of pixels…" in titles
    assert all(len(title) <= 60 for title in titles)


def test_an_entry_saved_again_keeps_a_correct_title(db):
    entry = ErrorEntryFactory(
        repository=RepositoryFactory(owner="acme", name="widgets"),
        exception_type="KeyError",
        message="'colour'",
        signature="{key!r}",
        sites=[{"path": "w.py", "line": 1, "commit": "abc"}],
    )
    assert ErrorEntry.objects.get(pk=entry.pk).title == "KeyError"
    entry.save()  # again, as every writer does after the entry's parts
    assert ErrorEntry.objects.get(pk=entry.pk).title == "KeyError"
