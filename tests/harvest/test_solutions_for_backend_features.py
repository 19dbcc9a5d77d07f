"""A raise under `not connection.features.<flag>` (round 30's S, card 16: "use a backend with FOR UPDATE OF") is
avoided on a database backend that has the feature: the card says so, where the flag is one the deciding test
wants false, alone, beside other parts of an `and`, or in every part of an `or`; never for a flag it wants true."""

from tests.harvest.published import harvest_published, solutions

# Django 5.2.19 django/db/models/sql/compiler.py:839-880 (SQLCompiler.as_sql), reduced to its FOR UPDATE checks.
COMPILER = """
class NotSupportedError(Exception):
    pass


class TransactionManagementError(Exception):
    pass


class SQLCompiler:
    def __init__(self, query, connection, using):
        self.query = query
        self.connection = connection
        self.using = using

    def as_sql(self, with_limits=True):
        features = self.connection.features
        if self.query.select_for_update and features.has_select_for_update:
            if self.connection.get_autocommit() and features.supports_transactions:
                raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
            nowait = self.query.select_for_update_nowait
            of = self.query.select_for_update_of
            if nowait and not features.has_select_for_update_nowait:
                raise NotSupportedError("NOWAIT is not supported on this database backend.")
            elif of and not features.has_select_for_update_of:
                raise NotSupportedError("FOR UPDATE OF is not supported on this database backend.")
        return "", ()
"""

# Django 5.2.19 django/db/models/expressions.py:1978-1983 (Window.as_sql) and
# django/contrib/gis/db/models/fields.py:435-440 (RasterField._check_connection).
WINDOW = """
class NotSupportedError(Exception):
    pass


class ImproperlyConfigured(Exception):
    pass


class Window:
    def as_sql(self, compiler, connection, template=None):
        if not connection.features.supports_over_clause:
            raise NotSupportedError("This backend does not support window expressions.")
        return "", []


class RasterField:
    def _check_connection(self, connection):
        if not connection.features.gis_enabled or not connection.features.supports_raster:
            raise ImproperlyConfigured("Raster fields require backends with raster support.")
"""


def test_a_feature_the_backend_lacks_is_advised_as_a_backend_that_has_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/sql/compiler.py": COMPILER})
    assert solutions(cards, "FOR UPDATE OF") == [
        "Use a database backend for which `connection.features.has_select_for_update_of` is true."
    ]
    assert solutions(cards, "NOWAIT") == [
        "Use a database backend for which `connection.features.has_select_for_update_nowait` is true."
    ]


def test_a_feature_the_test_wants_true_is_not_advised(db, git_repo) -> None:
    # `features.supports_transactions` must be true to raise: no backend is chosen for lacking transactions.
    cards = harvest_published(git_repo, {"django/db/models/sql/compiler.py": COMPILER})
    assert not any("backend" in said for said in solutions(cards, "outside of a transaction")), cards


def test_a_feature_alone_and_every_feature_of_an_or_are_advised(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/expressions.py": WINDOW})
    assert solutions(cards, "window expressions") == [
        "Use a database backend for which `connection.features.supports_over_clause` is true."
    ]
    assert solutions(cards, "raster support") == [
        "Use a database backend for which `connection.features.gis_enabled` and "
        "`connection.features.supports_raster` are true."
    ]
