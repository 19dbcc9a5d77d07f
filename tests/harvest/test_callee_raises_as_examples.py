"""What a called function raises itself is not every way it raises the caught type when it also calls out:
"`clean_ipv6_address()` raises this when `_ipv6_address_from_str()` raised `ValueError` (“... (value too long).”),
because `ip_str` has more than `max_length` items" (a sampled Django card) left out every malformed address, which
`ipaddress.IPv6Address()` refuses with its own `ValueError`; likewise `import_string()` lets a missing module's
`ImportError` through. Such a callee's raises are said as examples; one that calls nothing stays the list."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/utils/ipv6.py:1-44.
IPV6 = """
import ipaddress


class ValidationError(Exception):
    pass


MAX_IPV6_ADDRESS_LENGTH = 39


def _ipv6_address_from_str(ip_str, max_length=MAX_IPV6_ADDRESS_LENGTH):
    if len(ip_str) > max_length:
        raise ValueError(f"Unable to convert {ip_str} to an IPv6 address (value too long).")
    return ipaddress.IPv6Address(int(ipaddress.IPv6Address(ip_str)))


def clean_ipv6_address(ip_str, unpack_ipv4=False, error_message="This is not a valid IPv6 address.", max_length=39):
    try:
        addr = _ipv6_address_from_str(ip_str, max_length)
    except ValueError:
        raise ValidationError(error_message)
    return str(addr)


class TokenError(Exception):
    pass


def _check_token(token):
    if not token:
        raise TokenError("The token is empty.")


def check_token(token):
    try:
        _check_token(token)
    except TokenError:
        raise ValidationError("Bad token.")
"""


def test_a_callee_that_calls_out_is_said_by_examples(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"utils/ipv6.py": IPV6}, repo="example/ipv6")
    meaning = cards["This is not a valid IPv6 address."].generated["meaning"]
    assert meaning == (
        "Calling `clean_ipv6_address()` raises this when `_ipv6_address_from_str()` raised `ValueError` (for example "
        "“Unable to convert \\{ip\\_str\\} to an IPv6 address \\(value too long\\)\\.”, when `ip_str` has more than "
        "`max_length` items)."
    )
    # A callee whose only way to raise the type is its own raise: that raise is the condition.
    assert cards["Bad token."].generated["meaning"] == (
        "Calling `check_token()` raises this when `_check_token()` raised `TokenError` (“The token is empty\\.”), "
        "because `token` is empty or false."
    )
