"""A test on a local set by a regular expression's match (issue 29) is said of what was matched: "`ver` does not
match the pattern `...` at its start", not "`m` is empty or false" with `m` glossed as the call. Only the `re`
module's functions and a pattern the function compiled itself; any other `.match()` keeps the general wording."""

import pytest

from tests.harvest.published import harvest_published

# django/contrib/gis/gdal/libgdal.py:112-117 (Django 5.2.19), reduced.
LIBGDAL = r"""
import re


class GDALException(Exception):
    pass


def gdal_version():
    return b"3.6.2"


def gdal_version_info():
    ver = gdal_version()
    m = re.match(rb"^(?P<major>\d+)\.(?P<minor>\d+)(?:\.(?P<subminor>\d+))?", ver)
    if not m:
        raise GDALException('Could not parse GDAL version string "%s"' % ver)
    return m.groups()
"""
# django/contrib/gis/db/backends/postgis/operations.py:371-382 (Django 5.2.19), reduced.
OPERATIONS = r"""
import re


class PostGISOperations:
    def postgis_proj_version(self):
        return "9.1.1"

    def proj_version_tuple(self):
        proj_regex = re.compile(r"(\d+)\.(\d+)\.(\d+)")
        proj_ver_str = self.postgis_proj_version()
        m = proj_regex.search(proj_ver_str)
        if m:
            return tuple(map(int, m.groups()))
        else:
            raise Exception("Could not determine PROJ version from PostGIS.")
"""
# django/core/management/commands/runserver.py:88-93 (Django 5.2.19), reduced to a function: a pattern named, not
# written there; then made up: a `.match()` of an object the function did not compile says nothing of a pattern.
RUNSERVER = r'''
import re

naiveip_re = re.compile(r"""^(?P<addr>[^:]+):(?P<port>\d+)$""")


class CommandError(Exception):
    pass


def parse_addrport(addrport):
    m = re.match(naiveip_re, addrport)
    if m is None:
        raise CommandError('"%s" is not a valid port number or address:port pair.' % addrport)
    return m


def parse_with(matcher, addrport):
    m = matcher.match(addrport)
    if m is None:
        raise CommandError('"%s" is not matched.' % addrport)
    return m
'''


@pytest.mark.django_db
def test_a_local_set_by_a_match_is_said_as_the_subject_not_matching(git_repo) -> None:
    entries = harvest_published(
        git_repo,
        {
            "django/contrib/gis/gdal/libgdal.py": LIBGDAL,
            "django/contrib/gis/db/backends/postgis/operations.py": OPERATIONS,
            "django/core/management/commands/runserver.py": RUNSERVER,
        },
    )
    gdal = entries['Could not parse GDAL version string "{ver}"'].generated.get("trigger", "")
    assert (
        r"- `gdal_version()` does not match the pattern "
        r"`b'^(?P<major>\\d+)\\.(?P<minor>\\d+)(?:\\.(?P<subminor>\\d+))?'`"
        " at its start" in gdal
    )
    assert "`m` is empty or false" not in gdal

    proj = entries["Could not determine PROJ version from PostGIS."].generated.get("meaning", "")
    assert (
        "when the value your `PostGISOperations.postgis_proj_version()` returns does not match the pattern "
        r"`'(\\d+)\\.(\\d+)\\.(\\d+)'` anywhere" in proj
    )

    named = entries['"{addrport}" is not a valid port number or address:port pair.'].generated.get("meaning", "")
    assert "called with an `addrport` that does not match the expected pattern at its start" in named

    other = entries['"{addrport}" is not matched.'].generated
    assert "pattern" not in other.get("meaning", "") + other.get("trigger", "")


# Made up (codereview16b): the subject is given a new value between the match and the test, so the value the test
# is about is not the one matched; said of `value` now, the card would claim `value.strip()` failed the pattern.
REBOUND = r"""
import re


class ParseError(Exception):
    pass


def parse_number(value):
    m = re.match(r"\d+", value)
    value = value.strip()
    if not m:
        raise ParseError("Not a number: %s" % value)
    return m
"""


@pytest.mark.django_db
def test_a_subject_given_a_new_value_after_the_match_is_not_said_to_not_match(git_repo) -> None:
    entries = harvest_published(git_repo, {"django/utils/numbers.py": REBOUND})
    card = entries["Not a number: {value}"].generated
    said = card.get("meaning", "") + card.get("trigger", "")
    assert "`value` does not match the pattern" not in said
