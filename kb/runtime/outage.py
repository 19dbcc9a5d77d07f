"""Whether this process finds the database away: what counts as away (a connection that failed, not a query), and
the per-process state that flips, and logs, once each way. The domain's modules read it (lookups answer from memory,
counts wait); config.outage answers the requests (503 with Retry-After) and watches for the database's return.

A database is "away" when the connection itself failed: connecting was refused or timed out, the server went
away mid-query or is shutting down. A deadlock, a statement timeout or a bad query is not an outage: those
stay 500s with their traceback, since they are bugs or load to look into. The state is per process (each
gunicorn worker logs its own pair of lines)."""

import logging
import sqlite3
import threading

# Imported unconditionally, SQLite or not: django.contrib.postgres, an installed app, cannot load without it.
import psycopg
from django.conf import settings
from django.db import InterfaceError, OperationalError

logger = logging.getLogger("config.outage")  # the name operators' log filters know

# SQLSTATE classes and codes that mean the server, not the query: connection exceptions (08...), the server
# shutting down or starting up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), and
# no connection slot left for us (53300 too_many_connections).
_OUTAGE_SQLSTATES = ("08", "57P01", "57P02", "57P03", "53300")
_SQLITE_OUTAGES = {"SQLITE_CANTOPEN", "SQLITE_BUSY"}
_INTERFACE_ERRORS: tuple[type[Exception], ...] = (InterfaceError, psycopg.InterfaceError)
_OPERATIONAL_ERRORS: tuple[type[Exception], ...] = (OperationalError, psycopg.OperationalError)
DEFAULT_RETRY_AFTER = 10


def is_database_unavailable(exc: BaseException) -> bool:
    """True when `exc` says the database cannot be reached, rather than that a query failed."""
    current: BaseException | None = exc
    seen = 0
    while current is not None and seen < 5:  # Django's error wraps the driver's as its __cause__
        if isinstance(current, _INTERFACE_ERRORS):
            return True
        if isinstance(current, psycopg.Error):
            state = current.sqlstate
            # No SQLSTATE: the client library's own failure (refused, timed out, connection lost).
            return isinstance(current, psycopg.OperationalError) and (
                state is None or state.startswith(_OUTAGE_SQLSTATES)
            )
        if isinstance(current, sqlite3.Error):
            return getattr(current, "sqlite_errorname", None) in _SQLITE_OUTAGES
        if not isinstance(current, _OPERATIONAL_ERRORS):
            return False
        current, seen = current.__cause__, seen + 1
    return False


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class DatabaseState:
    """Whether this process has found the database away: flips, and logs, once each way."""

    def __init__(self) -> None:
        self._down = False
        self._lock = threading.Lock()

    @property
    def is_down(self) -> bool:
        return self._down

    def went_away(self, exc: BaseException) -> None:
        with self._lock:
            if self._down:
                return
            self._down = True
        logger.warning("database unavailable: %s", _first_line(exc))

    def came_back(self) -> None:
        if not self._down:
            return
        with self._lock:
            if not self._down:
                return
            self._down = False
        logger.info("database available again")

    def reset(self) -> None:
        """For tests: forget an outage without logging."""
        with self._lock:
            self._down = False


database = DatabaseState()


def retry_after() -> int:
    return getattr(settings, "DATABASE_RETRY_AFTER", DEFAULT_RETRY_AFTER)
