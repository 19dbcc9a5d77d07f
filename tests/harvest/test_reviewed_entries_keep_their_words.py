"""A harvest never rewords, demotes or empties a reviewed entry while the code raises its wording: what the code
raises at its sites joins it, even read as another type (`self.model.DoesNotExist` for a curator's
`ObjectDoesNotExist`) or with other placeholder names; a loose wording elsewhere does not. On the demo's real sites:
tests/deploy/test_demo_keeps_curated_cards.py."""

import io

import pytest
from django.core.management import call_command

from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, RepositoryFactory

SOURCE = """
class QuerySet:
    def get(self):
        if not self.rows:
            raise self.model.DoesNotExist("%s matching query does not exist." % self.model.name)
        return self.rows[0]


def find_template(name, tried):
    for loader in tried:
        pass
    raise TemplateDoesNotExist(name, tried=tried)


def get_template(name, chain):
    raise TemplateDoesNotExist(name, chain=chain)


def resolve(text):
    raise ObjectDoesNotExist(f"{text} does not exist.")
"""


def harvest(repo) -> str:
    out = io.StringIO()
    call_command("harvest", str(repo.root), "--repo", "acme/orm", "--no-progress", "--publish", stdout=out)
    return out.getvalue()


@pytest.fixture
def reviewed(db, git_repo) -> tuple[ErrorEntry, ErrorEntry]:
    git_repo.write("orm.py", SOURCE)
    commit = git_repo.commit("v1")
    repository = RepositoryFactory(owner="acme", name="orm")
    reviewed = {"repository": repository, "review_state": ErrorEntry.Review.REVIEWED, "method": "curated"}
    missing = ErrorEntryFactory(
        exception_type="ObjectDoesNotExist",
        message="Post matching query does not exist.",
        signature="{model} matching query does not exist.",
        meaning="`get()` found no row.",
        sites=[{"path": "orm.py", "line": 5, "function": "QuerySet.get", "commit": commit}],
        **reviewed,
    )
    template = ErrorEntryFactory(
        exception_type="TemplateDoesNotExist",
        message="blog/post_list.html",
        signature="{template_name}",
        sites=[
            {"path": "orm.py", "line": 12, "function": "find_template", "commit": commit},
            {"path": "orm.py", "line": 16, "function": "get_template", "commit": commit},
        ],
        **reviewed,
    )
    return missing, template


def test_a_reviewed_entry_keeps_its_words_and_sites_and_is_not_removed(reviewed, git_repo):
    missing, template = reviewed
    output = harvest(git_repo)
    assert "0 reworded, 0 no longer raised" in output
    for before in (missing, template):
        after = ErrorEntry.objects.get(pk=before.pk)
        assert (after.exception_type, after.message, after.signature, after.meaning, after.review_state) == (
            before.exception_type,
            before.message,
            before.signature,
            before.meaning,
            "reviewed",
        )
        assert not after.removed_in_commit
    assert [s.function for s in ErrorEntry.objects.get(pk=missing.pk).sites.all()] == ["QuerySet.get"]
    assert {s.function for s in ErrorEntry.objects.get(pk=template.pk).sites.all()} == {"find_template", "get_template"}
    # No generated entry took a reviewed entry's site or wording.
    generated = ErrorEntry.objects.filter(method=ErrorEntry.Method.HARVESTED)
    assert not generated.filter(sites__function__in=["QuerySet.get", "find_template", "get_template"]).exists()


def test_a_loose_wording_elsewhere_does_not_join_a_reviewed_entry(reviewed, git_repo):
    harvest(git_repo)
    loose = ErrorEntry.objects.get(sites__function="resolve")
    # It produces "Post matching query does not exist." too, spelling far less of it.
    assert loose.method == ErrorEntry.Method.HARVESTED and loose.signature == "{text} does not exist."
