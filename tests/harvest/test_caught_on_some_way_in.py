"""An error one public caller catches while other ways in let it out (session 19): the card says, of that caller
alone, that the error does not propagate through it and what it does instead; never of a caller that reaches the
raise again outside its `try`."""

from pathlib import Path

from kb.harvest.pipeline.scan import scan
from tests.harvest.published import harvest_published

# django/utils/autoreload.py:581-646 (5.2.19), reduced.
AUTORELOAD = '''
try:
    import pywatchman
except ImportError:
    pywatchman = None


class WatchmanUnavailable(RuntimeError):
    pass


class StatReloader:
    pass


class WatchmanReloader:
    @classmethod
    def check_availability(cls):
        if not pywatchman:
            raise WatchmanUnavailable("pywatchman not installed.")


def get_reloader():
    """Return the most suitable reloader for this environment."""
    try:
        WatchmanReloader.check_availability()
    except WatchmanUnavailable:
        return StatReloader()
    return WatchmanReloader()
'''

# django/core/paginator.py:27-100 (5.2.19), reduced: `get_page` catches EmptyPage from its own call, but
# `self.page(number)` validates the number again outside the `try`.
PAGINATOR = """
class InvalidPage(Exception):
    pass


class EmptyPage(InvalidPage):
    pass


class Paginator:
    def validate_number(self, number):
        if number < 1:
            raise EmptyPage("That page number is less than 1")
        return number

    def get_page(self, number):
        try:
            number = self.validate_number(number)
        except EmptyPage:
            number = self.num_pages
        return self.page(number)

    def page(self, number):
        number = self.validate_number(number)
        return number
"""


def _sites(tmp_path: Path, name: str, text: str) -> list:
    (tmp_path / "django").mkdir()
    (tmp_path / "django" / "__init__.py").touch()
    (tmp_path / "django" / name).write_text(text)
    return scan(tmp_path / "django", prefix="django", progress=False).sites


def test_the_watchman_check_records_that_get_reloader_returns_a_stat_reloader_instead(tmp_path):
    [found] = [s for s in _sites(tmp_path, "autoreload.py", AUTORELOAD) if s.exception_type.endswith("Unavailable")]
    [row] = found.evidence["caught_by"]
    assert (row["function"], row["does"], row["code"]) == ("get_reloader", "return", "StatReloader()")


def test_a_caller_that_calls_it_again_outside_its_try_is_not_said_to_keep_it(tmp_path):
    [found] = [s for s in _sites(tmp_path, "paginator.py", PAGINATOR) if s.exception_type.endswith("EmptyPage")]
    assert "caught_by" not in found.evidence


def test_the_watchman_card_says_it_does_not_propagate_through_get_reloader(db, git_repo):
    meaning = harvest_published(git_repo, {"django/utils/autoreload.py": AUTORELOAD})[
        "pywatchman not installed."
    ].generated["meaning"]
    assert (
        "Through `get_reloader()`, it does not propagate: `get_reloader` catches it and returns `StatReloader()` "
        "instead." in meaning
    )
    assert "check_availability()" in meaning  # the way in that lets it out is still said


# django/utils/translation/trans_real.py:501-611 (5.2.19), reduced: each call's handler does something else.
TRANS_REAL = """
def get_supported_language_variant(lang_code, strict=False):
    if lang_code:
        return lang_code
    raise LookupError(lang_code)


def get_language_from_request(request, check_path=False):
    lang_code = request.COOKIES.get("django_language")
    try:
        return get_supported_language_variant(lang_code)
    except LookupError:
        pass
    for accept_lang in request.META.get("HTTP_ACCEPT_LANGUAGE", "").split(","):
        try:
            return get_supported_language_variant(accept_lang)
        except LookupError:
            continue
    try:
        return get_supported_language_variant("en-us")
    except LookupError:
        return "en-us"
"""

# django/contrib/gis/gdal/field.py:82-182 (5.2.19), reduced: a property catches it.
GDAL_FIELD = """
class GDALException(Exception):
    pass


class Field:
    def as_datetime(self):
        "Retrieve the Field's value as a tuple of date & time components."
        status = self._status()
        if status:
            return status
        raise GDALException("Unable to retrieve date & time information from the field.")


class OFTDate(Field):
    @property
    def value(self):
        "Return a Python `date` object for the OFTDate field."
        try:
            yy, mm, dd = self.as_datetime()
            return (yy, mm, dd)
        except (TypeError, ValueError, GDALException):
            return None
"""


def test_a_caller_whose_handlers_differ_is_said_to_catch_it_at_each_call(tmp_path):
    sites = _sites(tmp_path, "trans_real.py", TRANS_REAL)
    [found] = [s for s in sites if s.function == "get_supported_language_variant" and s.line == 5 and s.evidence]
    [row] = found.evidence["caught_by"]
    assert (row["function"], row["does"]) == ("get_language_from_request", "each")


def test_a_property_that_catches_it_is_recorded_as_one(tmp_path):
    [found] = [s for s in _sites(tmp_path, "field.py", GDAL_FIELD) if s.exception_type.endswith("GDALException")]
    [row] = found.evidence["caught_by"]
    assert (row["function"], row["does"], row["code"], row["property"]) == ("OFTDate.value", "return", "None", True)


# click/core.py:2555-2583 (8.x), reduced: the function that catches it is nested in a method.
CLICK_CORE = """
class BadParameter(Exception):
    pass


def _check_iter(value):
    if isinstance(value, str):
        raise TypeError
    return iter(value)


class Parameter:
    def type_cast_value(self, ctx, value):
        def check_iter(value):
            try:
                return _check_iter(value)
            except TypeError:
                raise BadParameter("Value must be an iterable.") from None

        return check_iter(value)
"""


def test_a_nested_function_that_catches_it_is_no_way_in(tmp_path):
    [found] = [s for s in _sites(tmp_path, "core.py", CLICK_CORE) if s.function == "_check_iter"]
    assert "caught_by" not in found.evidence


# django/utils/ipv6.py:1-64 (5.2.19), reduced: one caller raises another type in its place, another returns False.
IPV6 = '''
import ipaddress

from django.core.exceptions import ValidationError

MAX_IPV6_ADDRESS_LENGTH = 39


def _ipv6_address_from_str(ip_str, max_length=MAX_IPV6_ADDRESS_LENGTH):
    if len(ip_str) > max_length:
        raise ValueError(
            f"Unable to convert {ip_str} to an IPv6 address (value too long)."
        )
    return ipaddress.IPv6Address(int(ipaddress.IPv6Address(ip_str)))


def clean_ipv6_address(ip_str, unpack_ipv4=False, error_message="This is not a valid IPv6 address."):
    try:
        addr = _ipv6_address_from_str(ip_str)
    except ValueError:
        raise ValidationError(error_message, code="invalid")
    return str(addr)


def is_valid_ipv6_address(ip_addr):
    """
    Return whether the `ip_addr` object is a valid IPv6 address.
    """
    if isinstance(ip_addr, ipaddress.IPv6Address):
        return True
    try:
        _ipv6_address_from_str(ip_addr)
    except (TypeError, ValueError):
        return False
    return True
'''


def test_the_ipv6_card_says_what_each_public_caller_does_in_its_place(db, git_repo):
    cards = harvest_published(git_repo, {"django/utils/ipv6.py": IPV6})
    [meaning] = [e.generated["meaning"] for e in cards.values() if e.message.startswith("Unable to convert")]
    assert (
        "Through `clean_ipv6_address()`, it does not propagate: `clean_ipv6_address` catches it and raises "
        "`ValidationError` in its place." in meaning
    )
    assert (
        "Through `is_valid_ipv6_address()`, it does not propagate: `is_valid_ipv6_address` catches it and returns "
        "`False` instead." in meaning
    )


def test_a_caller_whose_handlers_differ_is_said_to_catch_it_wherever_it_calls_it(db, git_repo):
    cards = harvest_published(git_repo, {"django/utils/translation/trans_real.py": TRANS_REAL})
    meanings = [e.generated["meaning"] for e in cards.values() if e.exception_type == "LookupError"]
    said = "Through `get_language_from_request()`, it does not propagate: `get_language_from_request` catches it "
    assert any(said + "wherever it calls it." in meaning for meaning in meanings)
    assert not any(said + "and" in meaning for meaning in meanings)  # no one handler's action said of all


# The harvest sees calls alone. A caller that also hands the raising function on to be called later, or reads a
# property that runs it, may let the error out there: nothing is said of it. No such caller was found in Django
# 5.2.19, DRF 3.18.3 or the libraries of this project's environment; these are Django's autoreload and paginator
# shapes (django/utils/autoreload.py:640-646, django/core/paginator.py:74-86) given those other ways.
RELOADER_HANDED_ON = """
class WatchmanUnavailable(RuntimeError):
    pass


class WatchmanReloader:
    @classmethod
    def check_availability(cls):
        raise WatchmanUnavailable("pywatchman not installed.")


def run_checks(checks):
    return [check() for check in checks]


def get_reloader():
    try:
        WatchmanReloader.check_availability()
    except WatchmanUnavailable:
        return None
    return run_checks([WatchmanReloader.check_availability])


def start_django():
    WatchmanReloader.check_availability()
"""

PAGE_THROUGH_A_PROPERTY = """
class EmptyPage(Exception):
    pass


class Paginator:
    def validate_number(self, number):
        if number < 1:
            raise EmptyPage("That page number is less than 1")
        return number

    @property
    def first_page(self):
        return self.validate_number(self.first)

    def get_page(self, number):
        try:
            number = self.validate_number(number)
        except EmptyPage:
            return None
        return self.first_page

    def page(self, number):
        return self.validate_number(number)
"""


def test_a_caller_that_hands_the_raising_function_on_is_not_said_to_keep_it(tmp_path):
    [found] = [s for s in _sites(tmp_path, "autoreload.py", RELOADER_HANDED_ON) if s.function.endswith("availability")]
    assert "caught_by" not in found.evidence


def test_a_caller_that_reads_a_property_running_it_is_not_said_to_keep_it(tmp_path):
    [found] = [s for s in _sites(tmp_path, "paginator.py", PAGE_THROUGH_A_PROPERTY) if s.function.endswith("number")]
    assert "caught_by" not in found.evidence
