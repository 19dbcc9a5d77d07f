"""Two tests an argument of the entry point decides, said as what to pass (issue 29: "Meet what the message
requires" is no action): `not callable(on_delete)` ("Pass a callable as `on_delete` to `ForeignKey()`."), and a
test of the positional arguments beside a keyword one, `expressions and fields` of `Index(*expressions,
fields=())` ("Pass either positional arguments or a true value for `fields` to `Index()`, not both."). On Django
5.2.19, reduced where it says."""

from tests.harvest.published import harvest_published

# django/db/models/fields/json.py:30-42 (`JSONField.__init__`, its base class left out).
JSON = """
class JSONField:
    def __init__(self, verbose_name=None, name=None, encoder=None, decoder=None, **kwargs):
        if encoder and not callable(encoder):
            raise ValueError("The encoder parameter must be a callable object.")
        if decoder and not callable(decoder):
            raise ValueError("The decoder parameter must be a callable object.")
        self.encoder = encoder
"""
# django/db/models/fields/related.py:1014-1015 (`ForeignKey.__init__`, all but its `on_delete` test left out).
RELATED = """
class ForeignKey:
    def __init__(self, to, on_delete, related_name=None, **kwargs):
        if not callable(on_delete):
            raise TypeError("on_delete must be callable.")
        self.remote_field = to
"""
# django/db/models/indexes.py:19-52 (`Index.__init__`, the tests between left out).
INDEXES = """
class Index:
    def __init__(self, *expressions, fields=(), name=None, db_tablespace=None, opclasses=(), condition=None):
        if not expressions and not fields:
            raise ValueError(
                "At least one field or expression is required to define an index."
            )
        if expressions and fields:
            raise ValueError(
                "Index.fields and expressions are mutually exclusive.",
            )
        if expressions and opclasses:
            raise ValueError(
                "Index.opclasses cannot be used with expressions. Use "
                "django.contrib.postgres.indexes.OpClass() instead."
            )
        self.fields = list(fields)
"""


def harvest(git_repo):
    files = {
        "django/db/models/fields/json.py": JSON,
        "django/db/models/fields/related.py": RELATED,
        "django/db/models/indexes.py": INDEXES,
    }
    return {
        message: card.generated.get("solutions") or [] for message, card in harvest_published(git_repo, files).items()
    }


def test_an_argument_that_must_be_callable_is_said_so(db, git_repo) -> None:
    said = harvest(git_repo)
    assert said["on_delete must be callable."] == ["Pass a callable as `on_delete` to `ForeignKey()`."]
    # `decoder and not callable(decoder)`: only a value given is checked, so the advice is of that value alone.
    assert said["The decoder parameter must be a callable object."] == [
        "Pass a callable as `decoder` to `JSONField()`."
    ]


def test_positional_arguments_and_a_keyword_one_that_may_not_be_given_together(db, git_repo) -> None:
    said = harvest(git_repo)
    assert said["Index.fields and expressions are mutually exclusive."] == [
        "Pass either positional arguments or a true value for `fields` to `Index()`, not both."
    ]
    # The message's own advice comes first.
    assert said[
        "Index.opclasses cannot be used with expressions. Use django.contrib.postgres.indexes.OpClass() instead."
    ][1:] == ["Pass either positional arguments or a true value for `opclasses` to `Index()`, not both."]
