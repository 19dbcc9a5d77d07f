"""A setting tested above a `try` whose `except` raises only opens the path: what the `try` failed on is the cause.
"Check the `USE_TZ` setting: this is raised only while it is true" reads as "turn time zones off", which is no fix
for a time that does not exist (round 27's card 16, a wrong solution). Django 5.2.19, reduced where it says."""

from tests.harvest.published import harvest_published

# django/forms/utils.py:215-235 (`from_current_timezone`; the timezone helpers stand for django.utils.timezone's).
UTILS = """
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.utils import timezone


def from_current_timezone(value):
    \"\"\"
    When time zone support is enabled, convert naive datetimes
    entered in the current time zone to aware datetimes.
    \"\"\"
    if settings.USE_TZ and value is not None and timezone.is_naive(value):
        current_timezone = timezone.get_current_timezone()
        try:
            if timezone._datetime_ambiguous_or_imaginary(value, current_timezone):
                raise ValueError("Ambiguous or non-existent time.")
            return timezone.make_aware(value, current_timezone)
        except Exception as exc:
            raise ValidationError(
                "%(datetime)s couldn't be interpreted in time zone %(current_timezone)s; it may be ambiguous or "
                "it may not exist.",
                code="ambiguous_timezone",
                params={"datetime": value, "current_timezone": current_timezone},
            ) from exc
    return value


# django/http/request.py:301-313 (`HttpRequest.is_secure`'s scheme, reduced to the setting's check).
def proxy_scheme(request):
    if settings.SECURE_PROXY_SSL_HEADER:
        try:
            header, secure_value = settings.SECURE_PROXY_SSL_HEADER
        except ValueError:
            raise ImproperlyConfigured(
                "The SECURE_PROXY_SSL_HEADER setting must be a tuple containing two values."
            )
        return request.META.get(header) == secure_value
    return False


def localized(value):
    if settings.USE_L10N and value is None:
        raise ValueError("A value is needed while localizing.")
    return value
"""


def harvest(git_repo):
    return harvest_published(git_repo, {"django/forms/utils.py": UTILS})


def test_a_setting_above_a_caught_failure_is_no_advice(db, git_repo) -> None:
    card = harvest(git_repo)[
        "{datetime} couldn't be interpreted in time zone {current_timezone}; it may be ambiguous or it may not exist."
    ]
    assert not any("USE_TZ" in said for said in card.generated.get("solutions") or [])


def test_a_setting_in_the_deciding_test_is_still_said(db, git_repo) -> None:
    card = harvest(git_repo)["A value is needed while localizing."]
    assert any("`USE_L10N` setting" in said for said in card.generated.get("solutions") or [])


def test_a_setting_the_message_names_is_still_advised_without_when(db, git_repo) -> None:
    card = harvest(git_repo)["The SECURE_PROXY_SSL_HEADER setting must be a tuple containing two values."]
    assert "Check the `SECURE_PROXY_SSL_HEADER` setting." in card.generated["solutions"]
    assert not any("raised only" in said for said in card.generated["solutions"])


def test_a_longer_setting_in_the_message_does_not_name_a_shorter_one() -> None:
    from kb.cards.solutions import _SETTING_WORD

    assert "USE_TZ" not in _SETTING_WORD.findall("Set USE_TZ_OFFSET to a number.")
    assert "USE_TZ" in _SETTING_WORD.findall("USE_TZ is off; set it.")
