"""An attribute `__init__` sets from an argument, that code of its module sets on another instance, is not that
argument: Django's `QueryDict.fromkeys()` builds `q = cls("", mutable=True)` and then sets `q._mutable = False`
itself. Round 22's card 08 said "the `mutable` argument of `QueryDict()` is false (the default)", false for the
card's own test, `QueryDict.fromkeys([...])` then `q["key4"] = "nope"`. Round 17's rule read `self.x` alone."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/http/request.py: `QueryDict.__init__` (lines 580-608), `fromkeys`
# (610-621), `_assert_mutable` (633-635) and `__setitem__` (637-641).
REQUEST = """
class QueryDict(dict):
    _mutable = True

    def __init__(self, query_string=None, mutable=False, encoding=None):
        super().__init__()
        self.encoding = encoding
        self._mutable = mutable

    @classmethod
    def fromkeys(cls, iterable, value="", mutable=False, encoding=None):
        q = cls("", mutable=True, encoding=encoding)
        for key in iterable:
            q.appendlist(key, value)
        if not mutable:
            q._mutable = False
        return q

    def _assert_mutable(self):
        if not self._mutable:
            raise AttributeError("This QueryDict instance is immutable")

    def __setitem__(self, key, value):
        self._assert_mutable()
        super().__setitem__(key, value)
"""

# Reduced from django/db/models/sql/compiler.py: `SQLCompiler.__init__` (lines 47-53), `_get_combinator_part_sql`
# (633-642) and `as_sql`'s test of the combinator (772-779). A copy of the attribute's own value is still what the
# argument gave.
COMPILER = """
class NotSupportedError(Exception):
    pass


class SQLCompiler:
    def __init__(self, query, connection, using, elide_empty=True):
        self.query = query
        self.connection = connection
        self.using = using

    def _get_combinator_part_sql(self, compiler):
        features = self.connection.features
        selected = self.query.selected
        if selected is not None and compiler.query.selected is None:
            compiler.query = compiler.query.clone()
            compiler.query.set_values(selected)
        return compiler.as_sql(with_col_aliases=True)

    def as_sql(self, with_limits=True, with_col_aliases=False):
        combinator = self.query.combinator
        if combinator:
            if not getattr(self.connection.features, "supports_select_{}".format(combinator)):
                raise NotSupportedError(
                    "{} is not supported on this database backend.".format(combinator)
                )
        return "", ()
"""


def test_an_attribute_set_on_a_local_instance_is_not_the_constructor_s_argument(db, git_repo) -> None:
    files = {"http/__init__.py": "", "http/request.py": REQUEST, "sql/__init__.py": "", "sql/compiler.py": COMPILER}
    cards = harvest_published(git_repo, files, repo="example/web")
    text = "\n".join(str(value) for value in cards["This QueryDict instance is immutable"].generated.values())
    assert "argument of `QueryDict()`" not in text
    # `compiler.query = compiler.query.clone()`: a copy of what the argument gave, still said as the argument.
    trigger = cards["{combinator} is not supported on this database backend."].generated["trigger"]
    assert "`self.query` is the `query` argument of `SQLCompiler()`" in trigger
