"""A local a tuple of plain names unpacks from a call's result is said by what it is: "the first item of what
`popen_wrapper(['xgettext', '--version'], ...)` returns" (round 35's card 06 said "`m` is empty or false" and never
what `m` is). Not where another binding may reach the test, the call may have raised in a `try` a handler leaves,
or a loop binds it again below the test; not of a name unpacked from a name or with a starred target."""

import pytest

from tests.harvest.published import harvest_published
from tests.harvest.test_property_read_not_called import MAKEMESSAGES as GETTEXT_VERSION

# django/core/management/commands/makemessages.py:704-712 (Django 5.2.19), reduced, beside lines 465-477 (the
# other test's): `_, errors, status = popen_wrapper(args)`.
MAKEMESSAGES = (
    GETTEXT_VERSION
    + """
    def write_po_file(self, pofile, potfile):
        args = ["msgmerge", pofile, potfile]
        _, errors, status = popen_wrapper(args)
        if errors:
            if status != 0:
                raise CommandError("errors happened while running msgmerge\\n%s" % errors)
"""
)
# django/core/management/utils.py:10-24 (Django 5.2.19), reduced.
UTILS = r"""
from subprocess import run


def popen_wrapper(args, stdout_encoding="utf-8"):
    p = run(args, capture_output=True, close_fds=True)
    return (p.stdout.decode(stdout_encoding), p.stderr.decode(errors="replace"), p.returncode)
"""
BASE = """
class CommandError(Exception):
    pass


class BaseCommand:
    pass
"""
FUNCTIONAL = """
class cached_property:
    def __init__(self, func, name=None):
        self.func = func

    def __get__(self, instance, cls=None):
        return self.func(instance)
"""
# rest_framework/versioning.py:152-153 (DRF 3.18.3), the unpacking as written; the test and its raise made up: DRF's
# own raise there reads `version`, from `self.hostname_regex.match(hostname)`, which no card can say.
VERSIONING = r"""
import re


class NotFound(Exception):
    pass


class HostNameVersioning:
    hostname_regex = re.compile(r'^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$')
    default_version = None

    def determine_version(self, request, *args, **kwargs):
        hostname, separator, port = request.get_host().partition(':')
        if not hostname:
            raise NotFound('No host name in the request.')
        return hostname
"""
# Made up, each a rule that keeps a name unsaid: bound in one arm and unpacked in the other; unpacked in a `try`
# whose handler falls through; bound again further down the loop the test is in; unpacked from a name; starred.
REFUSED = r"""
class Refused(Exception):
    pass


def read_pair():
    return "a", "b"


def in_an_arm(flag):
    if flag:
        name, kind = read_pair()
    else:
        name = "x"
    if not name:
        raise Refused("Arm.")


def in_a_try():
    name = None
    try:
        name, kind = read_pair()
    except ValueError:
        pass
    if not name:
        raise Refused("Try.")


def in_a_loop(items):
    name, kind = read_pair()
    for item in items:
        if not name:
            raise Refused("Loop.")
        name, kind = item


def from_a_name(pair):
    name, kind = pair
    if not name:
        raise Refused("Name.")


def starred():
    name, *kinds = read_pair()
    if not kinds:
        raise Refused("Starred.")
"""


def _trigger(entries: dict, message: str) -> str:
    return str(entries[message].generated.get("trigger", ""))


@pytest.mark.django_db
def test_gettext_version_says_what_was_searched(git_repo) -> None:
    entries = harvest_published(
        git_repo,
        {
            "django/core/management/commands/makemessages.py": MAKEMESSAGES,
            "django/core/management/utils.py": UTILS,
            "django/core/management/base.py": BASE,
            "django/utils/functional.py": FUNCTIONAL,
        },
    )
    trigger = _trigger(entries, "Unable to get gettext version. Is it installed?")
    assert (
        "- the first item of what `popen_wrapper(['xgettext', '--version'], ...)` returns does not match the pattern "
        r"`'(\\d+)\\.(\\d+)\\.?(\\d+)?'` anywhere" in trigger
    ), trigger
    assert "`m` is empty or false" not in trigger
    # In the message too: "errors happened while running msgmerge\n{errors}".
    merged = _trigger(entries, "errors happened while running msgmerge\n{errors}")
    assert "`{errors}` is the second item of what `popen_wrapper(...)` returns" in merged, merged
    assert "- `errors` is true (`errors` is the second item of what `popen_wrapper(...)` returns)" in merged, merged


@pytest.mark.django_db
def test_a_drf_host_name_is_the_first_item_of_what_partition_returns(git_repo) -> None:
    entries = harvest_published(git_repo, {"rest_framework/versioning.py": VERSIONING}, "encode/django-rest-framework")
    trigger = _trigger(entries, "No host name in the request.")
    assert "`hostname` is the first item of what `request.get_host().partition(':')` returns" in trigger, trigger


@pytest.mark.django_db
def test_a_name_that_may_hold_another_value_is_not_said_an_item(git_repo) -> None:
    entries = harvest_published(git_repo, {"refused/checks.py": REFUSED}, "example/refused")
    for message in ("Arm.", "Try.", "Loop.", "Name.", "Starred."):
        entry = entries[message]
        text = str(entry.generated.get("meaning", "")) + str(entry.generated.get("trigger", ""))
        assert " item of " not in text, (message, text)
