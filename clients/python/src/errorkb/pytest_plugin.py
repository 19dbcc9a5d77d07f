"""The pytest plugin: a failing test whose exception matches an entry gets an "errorkb" section in its report.

Registered by the `pytest11` entry point, so it is loaded wherever errorkb is installed, and it is INERT unless
enabled (`-p errorkb`, `--errorkb`, or `errorkb = true` in the ini file): disabled, it registers its options and
nothing else, imports nothing, and no hook of it runs per test. Enabled, it looks up each failure once (answers are
kept for the whole run, per text), and the whole run spends at most the timeout waiting for the server: each
lookup gets what is left of it, and after a timeout or an unreachable server it stops asking."""

from __future__ import annotations

import pytest

NAMES = ("errorkb", "errorkb.pytest_plugin")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("errorkb", "errorkb: the card of a failing test's error")
    group.addoption("--errorkb", action="store_true", default=False, help="look up failing tests' errors")
    group.addoption("--errorkb-url", default=None, help="the errorkb server (default: ERRORKB_URL)")
    group.addoption("--errorkb-bundle", default=None, help="an offline errorkb bundle, instead of a server")
    parser.addini("errorkb", "look up failing tests' errors (true/false)", type="bool", default=False)
    parser.addini("errorkb_url", "the errorkb server (default: ERRORKB_URL)", default="")
    parser.addini("errorkb_bundle", "an offline errorkb bundle, instead of a server", default="")
    parser.addini("errorkb_timeout", "seconds the whole run may wait for the server (default 2)", default="")


def enabled(config: pytest.Config) -> bool:
    plugins = getattr(config.known_args_namespace, "plugins", None) or []
    return bool(any(name in NAMES for name in plugins) or config.getoption("errorkb") or config.getini("errorkb"))


def pytest_configure(config: pytest.Config) -> None:
    if enabled(config):
        from errorkb.pytest_cards import Cards

        config.pluginmanager.register(Cards.from_config(config), "errorkb-cards")
