"""The settings, command-line flags and environment variables a raise's condition reads (issue 29), each by
the name a user sets and with the help its declaration gives."""

from pathlib import Path

from tests.harvest.reach_sources import django_sites, site
from tests.harvest.test_evidence import evidence_of


def switches(found) -> list[tuple[str, str, str]]:
    return [(s["kind"], s["name"], s["declared"]) for s in found.evidence["switches"]]


def test_runserver_s_allowed_hosts_error_names_both_settings_as_global_settings_declares_them() -> None:
    found = site(django_sites(), "You must set settings.ALLOWED_HOSTS if DEBUG is False.", "Command.handle")
    assert switches(found) == [("setting", "DEBUG", "DEBUG"), ("setting", "ALLOWED_HOSTS", "ALLOWED_HOSTS")]
    hosts = found.evidence["switches"][1]
    assert hosts["path"] == "django/conf/global_settings.py"
    assert hosts["help"].startswith("Hosts/domain names that are valid for this site.")


def test_runserver_s_port_error_names_the_addrport_argument_not_the_guard_s_settings() -> None:
    found = site(django_sites(), "is not a valid port number or address:port pair.", "Command.handle")
    [addrport] = found.evidence["switches"]
    assert addrport == {
        "name": "addrport",
        "kind": "flag",
        "declared": "addrport",
        "help": "Optional port number, or ipaddr:port",
        "path": "django/core/management/commands/runserver.py",
        "line": addrport["line"],
    }


def test_a_management_command_option_is_named_as_the_user_types_it() -> None:
    found = site(django_sites(), "Migrations can be pruned only when an app is specified.", "Command.handle")
    assert ("flag", "prune", "--prune") in switches(found)


def test_an_environment_variable_held_in_a_constant_is_named() -> None:
    found = site(django_sites(), "but settings are not configured.", "LazySettings._setup")
    assert switches(found) == [("env", "DJANGO_SETTINGS_MODULE", "DJANGO_SETTINGS_MODULE")]


def test_a_click_option_read_as_its_parameter_is_a_flag(tmp_path: Path) -> None:
    source = """
    import click

    @click.command()
    @click.option("--count", "-c", default=1, help="How many times to greet.")
    def greet(count):
        if count < 1:
            raise click.BadParameter("Count must be positive")
    """
    evidence = evidence_of(tmp_path, source, "Count must be positive")
    assert [(s["name"], s["declared"], s["help"]) for s in evidence["switches"]] == [
        ("count", "--count", "How many times to greet.")
    ]
    assert [(e["function"], e["kind"]) for e in evidence["entry_points"]] == [("greet", "command")]


def test_a_server_args_field_read_in_another_module_is_the_flag_argparse_declares(tmp_path: Path) -> None:
    server_args = """
import argparse
import dataclasses


@dataclasses.dataclass
class ServerArgs:
    enable_hisparse: bool = False

    @staticmethod
    def add_cli_args(parser: argparse.ArgumentParser):
        parser.add_argument("--enable-hisparse", action="store_true", help="Enable hierarchical sparse attention.")
"""
    source = """
    class Scheduler:
        def __init__(self, server_args):
            self.server_args = server_args

        def check(self, spec):
            if self.server_args.enable_hisparse and spec:
                raise NotImplementedError("HiSparse does not support speculative decoding")
    """
    evidence = evidence_of(tmp_path, source, "HiSparse does not", extra={"server_args.py": server_args})
    [flag] = evidence["switches"]
    assert (flag["declared"], flag["help"], flag["path"]) == (
        "--enable-hisparse",
        "Enable hierarchical sparse attention.",
        "pkg/server_args.py",
    )


def test_opts_of_a_model_s_meta_is_no_command_line(tmp_path: Path) -> None:
    source = """
    import argparse

    def add(parser):
        parser.add_argument("--managers", help="Managers to show.")

    def check(cls):
        opts = cls._meta
        if not opts.managers:
            raise ValueError("A model needs a manager")
    """
    assert evidence_of(tmp_path, source, "A model needs a manager")["switches"] == []
