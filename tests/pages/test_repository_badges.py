"""A repository page marks each entry nobody has reviewed once: one review badge per row."""

from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, RepositoryFactory


def test_each_row_has_one_review_badge_and_a_reviewed_row_none(client, db):
    repository = RepositoryFactory(owner="acme", name="gears")
    ErrorEntryFactory(repository=repository, review_state=ErrorEntry.Review.GENERATED, method="harvested")
    ErrorEntryFactory(repository=repository, review_state=ErrorEntry.Review.REVIEWED)
    html = client.get("/repos/acme/gears/").content.decode()
    rows = html.split("<li>")[1:]
    badges = sorted(row.count('class="badge') for row in rows)
    assert badges == [0, 1]
