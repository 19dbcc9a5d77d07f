"""`harvest --publish` publishes the raises readers hit, conditions or not, when public code reaches them, and keeps
a draft what tells them nothing: StopIteration ending an iterator, a message with no words of its own, a raise in
private code no public caller reaches. The repository's page counts each kind kept. On the installed Django and DRF.
"""

import io
import re
from pathlib import Path

import django
import pytest
import rest_framework
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.template import Engine
from rest_framework import serializers

from kb.matching import lookup
from kb.models import ErrorEntry

DJANGO = Path(django.__file__).parent


def publish(root: Path, prefix: str, repo: str = "django/django") -> None:
    arguments = [str(root), "--repo", repo, "--commit", "1.0", "--path-prefix", prefix, "--publish", "--no-progress"]
    call_command("harvest", *arguments, stdout=io.StringIO())


def first_answer(error: BaseException) -> ErrorEntry:
    [match, *_] = lookup(f"{type(error).__module__}.{type(error).__qualname__}: {error}").matches
    return ErrorEntry.objects.get(public_id=match.entry.public_id)


def test_casting_an_anonymous_user_to_int_finds_a_published_card(db):
    publish(DJANGO / "contrib" / "auth", "django/contrib/auth")
    with pytest.raises(TypeError) as raised:
        int(AnonymousUser())
    card = first_answer(raised.value)
    assert card.status == "published" and card.sites.get().function == "AnonymousUser.__int__"


def test_an_if_tag_cut_short_finds_a_published_card_of_the_type_templates_raise(db):
    publish(DJANGO / "template", "django/template")
    with pytest.raises(Exception) as raised:
        Engine().from_string("{% if user and %}hello{% endif %}")
    card = first_answer(raised.value)
    assert str(raised.value) == "Unexpected end of expression in if tag."
    assert (
        card.exception_type
        == "django.template.exceptions.TemplateSyntaxError"
        == type(raised.value).__module__ + ".TemplateSyntaxError"
    )
    assert card.status == "published"


def test_drfs_invalid_boolean_finds_a_published_card(db):
    publish(Path(rest_framework.__file__).parent, "rest_framework", repo="encode/django-rest-framework")
    with pytest.raises(serializers.ValidationError) as raised:
        serializers.BooleanField().run_validation("maybe")
    [message] = raised.value.detail
    assert message == "Must be a valid boolean."
    [card] = ErrorEntry.objects.filter(message=message)
    assert card.status == "published"


def test_the_repository_page_counts_the_bare_asserts_the_harvest_left_out(client, db):
    publish(Path(rest_framework.__file__).parent, "rest_framework", repo="encode/django-rest-framework")
    page = client.get("/repos/encode/django-rest-framework/").content.decode()
    assert re.search(r"<li>An assert without a message: [1-9]\d*</li>", page)


def test_iterators_ending_and_wordless_messages_stay_drafts_counted_on_the_repository_page(client, db):
    publish(DJANGO / "http", "django/http")
    drafts = ErrorEntry.objects.filter(status="draft")
    stops = drafts.filter(exception_type="StopIteration")
    assert stops.count() == 3 and {s.function for e in stops for s in e.sites.all()} == {
        "BoundaryIter.__next__",
        "InterBoundaryIter.__next__",
        "ChunkIter.__next__",
    }
    assert not ErrorEntry.objects.published().filter(
        exception_type="StopIteration", sites__function__endswith="__next__"
    )
    wordless = drafts.filter(signature="").exclude(exception_type="StopIteration").count()
    assert wordless and not ErrorEntry.objects.published().filter(signature="").exists()
    page = client.get("/repos/django/django/").content.decode()
    assert "<li>StopIteration ending an iterator (the iterator protocol, not an error): 3</li>" in page
    assert f"<li>A message with no words of its own (only a value, or none): {wordless}</li>" in page
