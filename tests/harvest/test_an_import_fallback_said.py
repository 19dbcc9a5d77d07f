"""A `try` of imports that also sets a flag to a constant (`import oracledb` then `is_oracledb = True`) still fails
only at its imports: its `except ImportError` branch runs when the module cannot be imported, and a card says so
(round 32's card 04, the cx_Oracle deprecation warning, which said nothing at all). A `try` that also calls
something is left as before: the call may be what raised."""

import textwrap

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19: django/db/backends/oracle/oracledb_any.py:1-17.
ORACLEDB_ANY = textwrap.dedent(
    """
    import warnings

    from django.utils.deprecation import RemovedInDjango60Warning

    try:
        import oracledb

        is_oracledb = True
    except ImportError as e:
        try:
            import cx_Oracle as oracledb  # NOQA

            warnings.warn(
                "cx_Oracle is deprecated. Use oracledb instead.",
                RemovedInDjango60Warning,
                stacklevel=2,
            )
            is_oracledb = False
        except ImportError:
            raise e from None
    """
)

# The same with a call in the first `try`: `oracledb.init_oracle_client()` may raise `ImportError` too.
CALLED = ORACLEDB_ANY.replace("    is_oracledb = True\n", "    oracledb.init_oracle_client()\n", 1)


def test_an_import_that_fails_is_said_past_a_flag_set_beside_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/backends/oracle/oracledb_any.py": ORACLEDB_ANY})
    meaning = cards["cx_Oracle is deprecated. Use oracledb instead."].generated["meaning"]
    assert "issues this when importing `oracledb` failed (it is not installed, or fails to import)" in meaning


def test_a_try_that_also_calls_is_not_said_as_an_import(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/backends/oracle/oracledb_any.py": CALLED})
    meaning = cards["cx_Oracle is deprecated. Use oracledb instead."].generated.get("meaning") or ""
    assert "importing `oracledb` failed" not in meaning
