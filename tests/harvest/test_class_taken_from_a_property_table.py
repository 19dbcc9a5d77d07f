"""A raise of an instance made from an item of a table another object's property builds: `exception_mapping =
dbapi._asyncpg_error_translate` (a parameter's attribute), `exception_mapping[super_](message, error)`, the property
one class of the module defines, returning a dict of the classes nested in it (`self.IntegrityError`). Each class is an
entry at the raise, worded as its own `__init__` words the message; a table of anything else says nothing."""

from tests.harvest.test_messages import harvest_source

HELD = "raises an exception object held in a variable"

# SQLAlchemy 2.1.9, sqlalchemy/dialects/postgresql/asyncpg.py:842-856 (AsyncAdapt_asyncpg_connection.
# _handle_exception_no_connection) and 967-1086 (AsyncAdapt_asyncpg_dbapi, reduced to three of its classes).
ASYNCPG = """
class AsyncAdapt_Error(Exception):
    pass


class AsyncAdapt_asyncpg_connection:
    @classmethod
    def _handle_exception_no_connection(
        cls, dbapi: Any, error: Exception
    ) -> NoReturn:
        if not isinstance(error, AsyncAdapt_asyncpg_dbapi.Error):
            exception_mapping = dbapi._asyncpg_error_translate

            for super_ in type(error).__mro__:
                if super_ in exception_mapping:
                    message = error.args[0]
                    translated_error = exception_mapping[super_](
                        message, error
                    )
                    raise translated_error from error
        super()._handle_exception_no_connection(dbapi, error)


class AsyncAdapt_asyncpg_dbapi:
    class Error(AsyncAdapt_Error):
        def __init__(self, message, error=None):
            super().__init__(message, error)
            self.detail = getattr(error, "detail", None)

    class DatabaseError(Error):
        pass

    class IntegrityError(DatabaseError):
        pass

    class NotSupportedError(DatabaseError):
        pass

    class InvalidCachedStatementError(NotSupportedError):
        def __init__(self, message, error=None):
            super().__init__(
                message + " (SQLAlchemy asyncpg dialect will now invalidate "
                "all prepared caches in response to this exception)",
            )

    @util.memoized_property
    def _asyncpg_error_translate(self):
        import asyncpg

        return {
            asyncpg.exceptions.IntegrityConstraintViolationError: self.IntegrityError,  # noqa: E501
            asyncpg.exceptions.PostgresError: self.Error,
            asyncpg.exceptions.InvalidCachedStatementError: self.InvalidCachedStatementError,  # noqa: E501
        }
"""

# The same property returning something that is not a class of the module: nothing is said.
NOT_CLASSES = ASYNCPG.replace("self.IntegrityError,", "self.integrity_error,")


def test_each_class_of_the_property_table_is_an_entry_at_the_raise(tmp_path):
    found = harvest_source(tmp_path, ASYNCPG)
    raised = {s.exception_type: s for s in found.sites if s.line == 20}
    assert sorted(raised) == [
        "pkg.mod.AsyncAdapt_asyncpg_dbapi.Error",
        "pkg.mod.AsyncAdapt_asyncpg_dbapi.IntegrityError",
        "pkg.mod.AsyncAdapt_asyncpg_dbapi.InvalidCachedStatementError",
    ]
    assert raised["pkg.mod.AsyncAdapt_asyncpg_dbapi.IntegrityError"].signature == ""  # the driver's message alone
    cached = raised["pkg.mod.AsyncAdapt_asyncpg_dbapi.InvalidCachedStatementError"]
    assert cached.message == (
        "{message} (SQLAlchemy asyncpg dialect will now invalidate all prepared caches in response to this exception)"
    )
    assert HELD not in found.skipped


def test_a_property_table_of_other_values_is_not_read(tmp_path):
    found = harvest_source(tmp_path, NOT_CLASSES)
    assert not [s for s in found.sites if s.line == 20]
    assert found.skipped[HELD] == 1
