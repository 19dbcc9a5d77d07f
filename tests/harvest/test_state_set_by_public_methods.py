"""A private attribute's test said by the public methods that alone set it (round 30's card 09): `QuerySet.only()`
raises "Cannot call only() after .values() or .values_list()" under `self._fields is not None`, and `_fields` is
`None` but on what `values()` and `values_list()` return (through `_values()`). Said only where every store of it
is read: one written by a function outside the class (`Prefetch.__getstate__`'s `queryset._prefetch_done = True`)
leaves the test unsaid."""

from tests.harvest.published import harvest_published

# Django 5.2.19 django/db/models/query.py:281-294 (`__init__`), 1360-1412 (`_values`, `values`, `values_list`),
# 1786-1793 (`only`), 1936-1950 (`_chain`, `_clone`), 2246-2251 (`Prefetch.__getstate__`), reduced.
QUERY = """
class QuerySet:
    \"\"\"Represent a lazy database lookup for a set of objects.\"\"\"

    def __init__(self, model=None, query=None, using=None, hints=None):
        self.model = model
        self._db = using
        self._result_cache = None
        self._prefetch_done = False
        self._iterable_class = None
        self._fields = None

    def _values(self, *fields, **expressions):
        clone = self._chain()
        if expressions:
            clone = clone.annotate(**expressions)
        clone._fields = fields
        clone.query.set_values(fields)
        return clone

    def values(self, *fields, **expressions):
        fields += tuple(expressions)
        clone = self._values(*fields, **expressions)
        clone._iterable_class = dict
        return clone

    def values_list(self, *fields, flat=False, named=False):
        if flat and named:
            raise TypeError("'flat' and 'named' can't be used together.")
        _fields = list(fields)
        clone = self._values(*_fields)
        clone._iterable_class = tuple if named else list
        return clone

    def only(self, *fields):
        \"\"\"
        Essentially, the opposite of defer(). Only the fields passed into this
        method and that are not already specified as deferred are loaded
        immediately when the queryset is evaluated.
        \"\"\"
        if self._fields is not None:
            raise TypeError("Cannot call only() after .values() or .values_list()")
        clone = self._chain()
        return clone

    def prefetched(self):
        if self._prefetch_done is not None:
            raise TypeError("Cannot call prefetched() once prefetch is done.")
        return self

    def _chain(self):
        obj = self._clone()
        return obj

    def _clone(self):
        c = self.__class__(model=self.model, using=self._db)
        c._prefetch_done = self._prefetch_done
        c._iterable_class = self._iterable_class
        c._fields = self._fields
        return c


class Prefetch:
    def __init__(self, lookup, queryset=None):
        self.queryset = queryset

    def __getstate__(self):
        obj_dict = self.__dict__.copy()
        if self.queryset is not None:
            queryset = self.queryset._chain()
            queryset._prefetch_done = True
            obj_dict["queryset"] = queryset
        return obj_dict
"""


def meanings(git_repo) -> dict[str, str]:
    cards = harvest_published(git_repo, {"django/db/models/query.py": QUERY})
    return {message: str(entry.generated.get("meaning") or "") for message, entry in cards.items()}


def test_a_private_attribute_s_test_is_said_by_the_public_methods_that_set_it(db, git_repo) -> None:
    said = meanings(git_repo)
    only = next(text for message, text in said.items() if message.startswith("Cannot call only()"))
    assert "`QuerySet.only()` raises this when the `QuerySet` comes from `values()` or `values_list()`" in only
    # Set from outside the class too (`Prefetch.__getstate__`): not said by the class's methods.
    prefetched = next(text for message, text in said.items() if message.startswith("Cannot call prefetched()"))
    assert "comes from" not in prefetched


# A store by the attribute's name as a string, in another module: Django writes attributes so too
# (django/conf/__init__.py:229, `self.__dict__["_deleted"] = set()`; django/db/models/query.py:332-334,
# `obj.__dict__[k] = ...`), which no `.<name> =` of the text shows.
BY_NAME = """
def values_of(queryset, fields):
    queryset.__dict__["_fields"] = tuple(fields)
    return queryset
"""


def test_an_attribute_written_by_its_name_elsewhere_is_not_said_by_the_class_s_methods(db, git_repo) -> None:
    files = {"django/db/models/query.py": QUERY, "django/db/models/sql/by_name.py": BY_NAME}
    cards = harvest_published(git_repo, files)
    only = next(entry for message, entry in cards.items() if message.startswith("Cannot call only()"))
    assert "comes from" not in str(only.generated.get("meaning") or "")
