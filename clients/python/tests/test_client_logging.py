"""The logging filter with real loggers: a record logged with an exception gets its card's URL and title in the
format; other records get empty strings; a dictConfig (Django's LOGGING) builds it; a failing server is not asked
again for a while, so logging stays fast."""

from __future__ import annotations

import io
import logging
import logging.config
from collections.abc import Iterator

import pytest
from errorkb_fake_server import ENTRY, MESSAGE, TITLE, FakeServer, Reply, SilentServer

from errorkb.logs import ErrorkbFilter, ErrorkbHandler

FORMAT = "%(levelname)s %(message)s | %(errorkb_title)s | %(errorkb_url)s"


class FieldError(Exception):
    pass


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    for name in ("ERRORKB_URL", "ERRORKB_BUNDLE", "ERRORKB_REDACT", "ERRORKB_VERBOSE"):
        monkeypatch.delenv(name, raising=False)
    fake = FakeServer()
    yield fake
    fake.close()


def logger_with(handler: logging.Handler, name: str) -> logging.Logger:
    logger = logging.getLogger(f"errorkb.tests.{name}")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def fail(logger: logging.Logger) -> None:
    try:
        raise FieldError(MESSAGE)
    except FieldError:
        logger.exception("the page failed")


def test_a_logged_exception_gets_its_cards_url_and_title(server: FakeServer) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ErrorkbFilter(url=server.url))
    logger = logger_with(handler, "exception")
    logger.info("a record without an exception")
    fail(logger)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "INFO a record without an exception |  | "
    assert lines[1] == f"ERROR the page failed | {TITLE} | http://errorkb.test/errors/{ENTRY}/"
    assert len(server.received) == 1


def test_the_same_error_is_asked_once(server: FakeServer) -> None:
    handler = logging.StreamHandler(io.StringIO())
    handler.addFilter(ErrorkbFilter(url=server.url))
    logger = logger_with(handler, "again")
    for _ in range(3):
        fail(logger)
    assert len(server.received) == 1


def test_the_filter_comes_from_a_dict_config_as_djangos_logging(server: FakeServer) -> None:
    stream = io.StringIO()
    logging.config.dictConfig(
        {
            "version": 1,
            "disable_existing_loggers": False,
            "filters": {"errorkb": {"()": "errorkb.logs.ErrorkbFilter", "url": server.url, "timeout": 1.0}},
            "formatters": {"card": {"format": FORMAT}},
            "handlers": {
                "card": {
                    "class": "logging.StreamHandler",
                    "stream": stream,
                    "formatter": "card",
                    "filters": ["errorkb"],
                }
            },
            "loggers": {"errorkb.tests.dict": {"handlers": ["card"], "level": "INFO", "propagate": False}},
        }
    )
    fail(logging.getLogger("errorkb.tests.dict"))
    assert stream.getvalue().startswith(f"ERROR the page failed | {TITLE} | http://errorkb.test/errors/{ENTRY}/\n")


def test_the_handler_wrapper_hands_its_target_the_attributes(server: FakeServer) -> None:
    stream = io.StringIO()
    target = logging.StreamHandler(stream)
    wrapper = ErrorkbHandler(target, url=server.url)
    wrapper.setFormatter(logging.Formatter("%(errorkb_id)s %(message)s"))
    fail(logger_with(wrapper, "wrapper"))
    assert stream.getvalue().startswith(f"{ENTRY} the page failed\n")


def test_with_no_server_the_format_still_works_and_nothing_is_sent(server: FakeServer) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ErrorkbFilter())
    fail(logger_with(handler, "unconfigured"))
    assert stream.getvalue().startswith("ERROR the page failed |  | \n")
    assert server.received == []


def test_after_a_failure_the_server_is_not_asked_for_a_while(server: FakeServer) -> None:
    server.replies["/api/match"] = Reply(body=b"{}", delay=1.0)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ErrorkbFilter(url=server.url, timeout=0.3, pause=3600))
    logger = logger_with(handler, "slow")
    fail(logger)
    try:
        raise KeyError("another error")
    except KeyError:
        logger.exception("another")
    assert stream.getvalue().count("|  | \n") == 2
    assert len(server.received) == 1  # the first error timed out; the second was not asked


def test_a_dead_server_never_breaks_the_logging_call() -> None:
    silent = SilentServer()
    try:
        stream = io.StringIO()
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.addFilter(ErrorkbFilter(url=silent.url, timeout=0.3))
        fail(logger_with(handler, "silent"))
    finally:
        silent.close()
    assert stream.getvalue().startswith("ERROR the page failed |  | \nTraceback (most recent call last):\n")
