"""At equal fit, a reviewed card ranks above a generated one: the curator's card for a message is the one a reader
lands on first, whatever the ids say, through the index every process builds from the database."""

from errorkb.matching.index import Entry, MatchIndex
from errorkb.matching.rank import match_text
from kb.matching import lookup
from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, RepositoryFactory

MESSAGE = "Post matching query does not exist."


def card(key: int, *, reviewed: bool) -> Entry:
    return Entry(
        key=key,
        public_id=f"{key:016x}",
        exception_type="django.core.exceptions.ObjectDoesNotExist",
        message=MESSAGE,
        status="published",
        repository_url="https://github.com/django/django",
        signature="{model} matching query does not exist.",
        variants=(),
        sites=(),
        reviewed=reviewed,
    )


def test_a_reviewed_card_comes_before_a_generated_one_fitting_as_well():
    index = MatchIndex.build([card(1, reviewed=False), card(2, reviewed=True), card(3, reviewed=False)])
    matches = match_text(index, MESSAGE, limit=5).matches
    assert [m.entry.key for m in matches] == [2, 1, 3]
    assert len({m.score for m in matches}) == 1


def test_lookups_from_the_database_put_the_reviewed_card_first(db):
    django = RepositoryFactory(owner="django", name="django")
    fields = {
        "repository": django,
        "exception_type": "django.core.exceptions.ObjectDoesNotExist",
        "message": MESSAGE,
        "signature": "{model} matching query does not exist.",
    }
    generated = ErrorEntryFactory(
        public_id="0000000000000001",
        method=ErrorEntry.Method.HARVESTED,
        review_state=ErrorEntry.Review.GENERATED,
        **fields,
    )
    reviewed = ErrorEntryFactory(public_id="ffffffffffffffff", review_state=ErrorEntry.Review.REVIEWED, **fields)
    found = [m.entry.public_id for m in lookup(MESSAGE).matches]
    assert found == [reviewed.public_id, generated.public_id]
