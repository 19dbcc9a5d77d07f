"""The entries tests build: a published, curated entry of its own repository unless a test says otherwise.

Entries are saved through the model (so their title, HTML and id are derived as in the app) and the
catalogue's revision moves, as every writer's does, so that lookups see them: after an entry, and after a
site or a wording added to one (the live index re-reads sites and variants only when the revision moved).
"""

import datetime

import factory
from factory.django import DjangoModelFactory

from kb.models import Catalogue, ErrorEntry, MessageVariant, RaiseSite, RelatedLink, Repository, Solution


class TouchingFactory(DjangoModelFactory):
    """Saves as the model does, then moves the catalogue's revision as every writer does."""

    class Meta:
        abstract = True

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        instance = super()._create(model_class, *args, **kwargs)
        Catalogue.touch()
        return instance


class RepositoryFactory(DjangoModelFactory):
    class Meta:
        model = Repository
        django_get_or_create = ("host", "owner", "name")

    host = "github.com"
    owner = "acme"
    name = factory.Sequence(lambda n: f"widgets{n}")


class ErrorEntryFactory(TouchingFactory):
    """`ErrorEntryFactory(draft=True)` for a draft; `sites=[{"path": ...}, ...]` adds raise sites in that order."""

    class Meta:
        model = ErrorEntry
        skip_postgeneration_save = True  # the sites hook saves the entry after its parts, as every writer does

    class Params:
        draft = factory.Trait(status=ErrorEntry.Status.DRAFT)

    repository = factory.SubFactory(RepositoryFactory)
    exception_type = "ValueError"
    message = factory.Sequence(lambda n: f"Widget {n} must be positive, got -1")
    signature = factory.LazyAttribute(lambda entry: entry.message.replace("-1", "{size}"))
    status = ErrorEntry.Status.PUBLISHED

    @factory.post_generation
    def sites(entry: ErrorEntry, create: bool, extracted: list[dict] | None, **kwargs) -> None:
        if create and extracted:
            for position, site in enumerate(extracted):
                RaiseSiteFactory(entry=entry, position=position, **site)
            entry.save()
            Catalogue.touch()


class RaiseSiteFactory(TouchingFactory):
    class Meta:
        model = RaiseSite

    entry = factory.SubFactory(ErrorEntryFactory)
    path = "widgets/core.py"
    line = factory.Sequence(lambda n: 10 + n)
    function = "Widget.resize"
    commit = "0123456789abcdef0123456789abcdef01234567"


class SolutionFactory(DjangoModelFactory):
    class Meta:
        model = Solution

    entry = factory.SubFactory(ErrorEntryFactory)
    body = "Pass a positive size."


class MessageVariantFactory(TouchingFactory):
    """An older wording of an entry's message; its signature is the message unless a test gives one."""

    class Meta:
        model = MessageVariant

    entry = factory.SubFactory(ErrorEntryFactory)
    message = factory.Sequence(lambda n: f"Widget {n} cannot be negative")
    signature = factory.LazyAttribute(lambda variant: variant.message)


class RelatedLinkFactory(DjangoModelFactory):
    class Meta:
        model = RelatedLink

    source = factory.SubFactory(ErrorEntryFactory)
    target = factory.SubFactory(ErrorEntryFactory)


GENERATED_SNIPPET = (
    "def __init__(self, *expressions, output_field=None):\n"
    "    if len(expressions) < 2:\n"
    '        raise ValueError("Func takes at least 2 expressions, got {count}".format(count=len(expressions)))\n'
)


def generated_entry(**fields) -> ErrorEntry:
    """A published card that harvest wrote from the code and nobody has reviewed: its site's conditions and callers,
    a triggering test and a docs mention as evidence, and the sections `kb.cards.explain` generates from them."""
    from kb.cards.explain import generate_sections

    repository = RepositoryFactory(owner="django", name="django")
    commit = "fedcba9876543210fedcba9876543210fedcba98"
    defaults = {
        "repository": repository,
        "exception_type": "ValueError",
        "method": ErrorEntry.Method.HARVESTED,
        "review_state": ErrorEntry.Review.GENERATED,
        "message": "Func takes at least 2 expressions, got 1",
        "signature": "Func takes at least 2 expressions, got {count}",
        "analysed_commit": commit,
        "analysed_at": datetime.date(2026, 5, 1),
        "evidence": {
            "tests": [
                {
                    "path": "tests/expressions/tests.py",
                    "line": 812,
                    "start": 810,
                    "how": "message",
                    "name": "FuncTests.test_too_few_expressions",
                    "assertion": "assertRaisesMessage",
                    "code": "    def test_too_few_expressions(self):\n"
                    "        with self.assertRaisesMessage(ValueError, 'at least 2 expressions'):\n"
                    "            Func('a')\n",
                }
            ],
            "docs": [
                {
                    "path": "docs/ref/models/expressions.txt",
                    "line": 44,
                    "term": "Func",
                    "text": "Func() expressions take at least two arguments.",
                }
            ],
        },
    }
    entry = ErrorEntryFactory(**{**defaults, **fields})
    RaiseSiteFactory(
        entry=entry,
        path="django/db/models/expressions.py",
        line=3,
        function="Func.__init__",
        commit=commit,
        snippet=GENERATED_SNIPPET,
        snippet_start=1,
        evidence={
            "conditions": [
                {
                    "kind": "if",
                    "code": "len(expressions) < 2",
                    "line": 2,
                    "sentence": "`expressions` has fewer than 2 items",
                }
            ],
            "under_condition": True,
            "values": [{"placeholder": "count", "expression": "len(expressions)"}],
            "parameters": ["expressions"],
            "function": {
                "name": "Func.__init__",
                "class": "Func",
                "doc": "An SQL function call.",
                "signature": "(self, *expressions, output_field=None)",
            },
            "callers": [
                {
                    "function": "Coalesce.__init__",
                    "path": "django/db/models/functions/comparison.py",
                    "line": 70,
                    "level": 1,
                    "guess": False,
                }
            ],
        },
    )
    entry.generated = generate_sections(entry=entry, sites=list(entry.sites.all()))
    entry.save()
    Catalogue.touch()
    return entry


def grow_card(public_id: str, extra: int) -> None:
    """`extra` more sites, solutions, wordings and links on one card: for tests that its cost does not grow."""
    from kb.models import ErrorEntry

    entry = ErrorEntry.objects.get(public_id=public_id)
    for n in range(extra):
        RaiseSiteFactory(entry=entry, path=f"x{n}.py", line=n + 1, position=10 + n)
        SolutionFactory(entry=entry, body=f"try {n}", position=10 + n)
        MessageVariantFactory(entry=entry)
        RelatedLinkFactory(source=entry, target=ErrorEntryFactory(), position=10 + n)


def grow_catalogue(extra: int) -> None:
    """`extra` more entries over five more repositories: for tests that a request's cost does not grow."""
    for n in range(extra):
        ErrorEntryFactory(repository=RepositoryFactory(name=f"more{n % 5}"), message=f"Gadget {n} is broken")
