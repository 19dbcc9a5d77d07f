"""The entries tests build: a published, curated entry of its own repository unless a test says otherwise.

Entries are saved through the model (so their title, HTML and id are derived as in the app) and the
catalogue's revision moves, as every writer's does, so that lookups see them.
"""

import factory
from factory.django import DjangoModelFactory

from kb.models import Catalogue, ErrorEntry, RaiseSite, Repository, Solution


class RepositoryFactory(DjangoModelFactory):
    class Meta:
        model = Repository
        django_get_or_create = ("host", "owner", "name")

    host = "github.com"
    owner = "acme"
    name = factory.Sequence(lambda n: f"widgets{n}")


class ErrorEntryFactory(DjangoModelFactory):
    class Meta:
        model = ErrorEntry

    repository = factory.SubFactory(RepositoryFactory)
    exception_type = "ValueError"
    message = factory.Sequence(lambda n: f"Widget {n} must be positive, got -1")
    signature = factory.LazyAttribute(lambda entry: entry.message.replace("-1", "{size}"))
    status = ErrorEntry.Status.PUBLISHED

    @classmethod
    def _create(cls, model_class: type[ErrorEntry], *args, **kwargs) -> ErrorEntry:
        entry = super()._create(model_class, *args, **kwargs)
        Catalogue.touch()
        return entry


class RaiseSiteFactory(DjangoModelFactory):
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
