"""A release harvested from PyPI whose project names no repository has no page per file to link."""

import pytest

from kb.models import Repository

pytestmark = pytest.mark.django_db


def test_a_pypi_project_without_a_repository_links_no_file() -> None:
    repository = Repository.objects.create(
        host="pypi.org", owner="pypi", name="tinylib", url="https://pypi.org/project/tinylib/"
    )
    assert repository.blob_url(commit="1.0", path="tinylib/core.py", line=3) == ""


def test_a_github_repository_links_the_pinned_line() -> None:
    repository = Repository.objects.create(owner="pallets", name="click")
    assert repository.blob_url(commit="8.1.7", path="click/core.py", line=3) == (
        "https://github.com/pallets/click/blob/8.1.7/click/core.py#L3"
    )
