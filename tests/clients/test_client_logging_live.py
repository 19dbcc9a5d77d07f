"""The logging filter configured as Django configures logging (LOGGING through django.utils.log), against a live
errorkb: a real Django error logged with its exception carries its card's URL and title in the formatted line."""

from __future__ import annotations

import io
import logging

from django.contrib.auth.models import User
from django.core.exceptions import FieldError
from django.utils.log import configure_logging
from pytest_django.live_server_helper import LiveServer

FIELD_ERROR = "2f70a93935f33691"
LOGGER = "errorkb.tests.live"


def test_a_logged_django_error_carries_its_card(cards: None, live_server: LiveServer) -> None:
    configure_logging(
        "logging.config.dictConfig",
        {
            "version": 1,
            "disable_existing_loggers": False,
            "filters": {"errorkb": {"()": "errorkb.logs.ErrorkbFilter", "url": live_server.url}},
            "formatters": {"card": {"format": "%(levelname)s %(message)s | %(errorkb_title)s | %(errorkb_url)s"}},
            "handlers": {"card": {"class": "logging.StreamHandler", "formatter": "card", "filters": ["errorkb"]}},
            "loggers": {LOGGER: {"handlers": ["card"], "level": "INFO", "propagate": False}},
        },
    )
    logger = logging.getLogger(LOGGER)
    written = io.StringIO()
    (handler,) = logger.handlers
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(written)
    try:
        logger.info("a request without an error")
        try:
            User.objects.filter(titel="Hello").exists()
        except FieldError:
            logger.exception("the post list failed")
    finally:
        logger.handlers.clear()
    lines = written.getvalue().splitlines()
    assert lines[0] == "INFO a request without an error |  | "
    assert lines[1] == (
        "ERROR the post list failed | Cannot resolve keyword 'titel' into field. Choices are… | "
        f"{live_server.url}/errors/{FIELD_ERROR}/"
    )
