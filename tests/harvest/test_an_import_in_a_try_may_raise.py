"""A `try` that imports a module before it calls anything: the caught error may come from the import, so the card
never says the call raised it (`warnings.warn()` raised `ImportError`, django/db/backends/oracle/oracledb_any.py)."""

from tests.harvest.reach_sources import scanned

# Django 5.2.19 django/db/backends/oracle/oracledb_any.py:1-20, as it is.
ORACLEDB_ANY = """
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


def test_an_import_before_a_call_is_not_said_as_the_call_raising(tmp_path) -> None:
    [site] = [s for s in scanned(tmp_path, {"oracledb_any.py": ORACLEDB_ANY}, "pkg") if s.line == 21]
    said = [row["sentence"] for row in site.evidence["conditions"]]
    # The inner `try` calls `warnings.warn()` after its import: what raised is not said. The outer one only imports
    # (and sets a flag): its import failed.
    assert said == ["`ImportError` was raised", "`ImportError` was raised by importing `oracledb`"]
    assert not any("warnings.warn" in sentence for sentence in said)
