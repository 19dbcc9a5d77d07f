"""Raise real errors from email-validator, one JSON line each (see common.py): addresses `validate_email` rejects (no
@-sign, empty or too long parts, dots misplaced, characters not allowed, quoted local parts and domain literals it was
not told to allow, internationalized addresses where SMTPUTF8 is off, special-use and reserved domains, bad IDNA
labels), domains its deliverability check rejects (answered by a stub resolver: no network), and its options given at
odds; written from email-validator's documentation as a user would use it (held-out: see SPLIT.md, eighth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Addresses validate_email rejects with its default options, one mistake each.
ADDRESSES = [
    "",
    "plainaddress",
    "@example.com",
    "user@",
    "user@@example.com",
    "user@exam@ple.com",
    ".user@example.com",
    "user.@example.com",
    "us..er@example.com",
    "user@.example.com",
    "user@example..com",
    "user@example.com.",
    "user@-example.com",
    "user@example-.com",
    "user name@example.com",
    "user(comment)@example.com",
    "user@exa mple.com",
    "user@exam_ple.com",
    "user@localhost",
    "user@com",
    "user@123",
    "user@example.123",
    "user@example.invalid",
    "user@example.local",
    "user@test",
    "user@sub.localhost",
    "user@onion.onion",
    '"quoted"@example.com',
    '"unterminated@example.com',
    "user@[127.0.0.1]",
    "user@[IPv6:::1]",
    "user@[nope]",
    "a" * 65 + "@example.com",
    "user@" + "a" * 64 + ".com",
    "user@" + ".".join(["a" * 60] * 5) + ".com",
    "user\u00e9@example.com",
    "user@\u00e9xample.com\u200b",
    "user@xn--zz.com",
    "user@xn--.com",
    "user\u0301@example.com",
    "user\u202e@example.com",
    "user\x00@example.com",
    "user@\uff0eexample.com",
    "user@example.c\u00f6m\u0000",
    "user@exa\u2028mple.com",
    "us\ter@example.com",
    "user@example.com\n",
    "\u00e9\u00e9@\u00e9\u00e9.\u00e9\u00e9" + "x" * 300,
    "user@.",
    "<user@example.com>",
    "Name <user@example.com",
]


class StubResolver:
    """Answers every query as the named DNS failure would (email-validator's own tests stub dnspython so)."""

    def __init__(self, failure):
        self.failure = failure

    def resolve(self, domain, rdtype):
        import dns.exception
        import dns.resolver

        if self.failure == "nxdomain":
            raise dns.resolver.NXDOMAIN()
        if self.failure == "noanswer":
            raise dns.resolver.NoAnswer()
        if self.failure == "nonameservers":
            raise dns.resolver.NoNameservers()
        if self.failure == "timeout":
            raise dns.exception.Timeout()
        if self.failure == "null mx" and rdtype == "MX":
            return [type("Record", (), {"preference": 0, "exchange": "."})()]
        if self.failure == "private a":
            if rdtype == "MX":
                raise dns.resolver.NoAnswer()
            if rdtype == "A":
                return [type("Record", (), {"address": "10.0.0.1"})()]
            raise dns.resolver.NoAnswer()
        if self.failure == "spf reject":
            if rdtype in ("MX", "AAAA"):
                raise dns.resolver.NoAnswer()
            if rdtype == "A":
                return [type("Record", (), {"address": "10.0.0.1"})()]
            return [type("Record", (), {"strings": [b"v=spf1 -all"]})()]
        raise dns.resolver.NoAnswer()


def cases():
    import email_validator
    from email_validator import validate_email

    def check(address, **options):
        options.setdefault("check_deliverability", False)
        return lambda: validate_email(address, **options)

    def deliverable(address, failure):
        return lambda: validate_email(address, dns_resolver=StubResolver(failure))

    yield from ((f"email-validator {address[:40]!r}", check(address)) for address in ADDRESSES)
    yield from [
        ("email-validator smtputf8 off", check("us\u00e9r@example.com", allow_smtputf8=False)),
        ("email-validator smtputf8 off domain", check("user@\u00e9xample.com", allow_smtputf8=False)),
        ("email-validator quoted allowed", check('"a\x01b"@example.com', allow_quoted_local=True)),
        ("email-validator quoted too long", check('"' + "a" * 70 + '"@example.com', allow_quoted_local=True)),
        ("email-validator literal allowed", check("user@[999.1.1.1]", allow_domain_literal=True)),
        ("email-validator literal ipv6", check("user@[IPv6:zz::1]", allow_domain_literal=True)),
        ("email-validator literal general", check("user@[tag:value]", allow_domain_literal=True)),
        ("email-validator empty local", check("@example.com", allow_empty_local=True, allow_smtputf8=False)),
        ("email-validator display name", check("Name <user@example.com>")),
        ("email-validator display name allowed", check('"Name <user@example.com>', allow_display_name=True)),
        ("email-validator display name unquoted", check("Na,me <user@example.com>", allow_display_name=True)),
        ("email-validator no tld", check("user@intranet", globally_deliverable=True)),
        ("email-validator test environment", check("user@test.local", test_environment=True)),
        ("email-validator bytes", check(b"user@\xff.com")),
        ("email-validator not a string", check(5)),
        ("email-validator timeout and resolver", lambda: validate_email("a@b.com", timeout=5, dns_resolver=object())),
        ("email-validator nxdomain", deliverable("user@gone.example.org", "nxdomain")),
        ("email-validator no answer", deliverable("user@quiet.example.org", "noanswer")),
        ("email-validator no nameservers", deliverable("user@lame.example.org", "nonameservers")),
        ("email-validator null mx", deliverable("user@nomail.example.org", "null mx")),
        ("email-validator private address", deliverable("user@private.example.org", "private a")),
        ("email-validator spf reject", deliverable("user@spf.example.org", "spf reject")),
        ("email-validator result attribute", lambda: validate_email("a@b.com", check_deliverability=False).nope),
        ("email-validator special use names", lambda: email_validator.SPECIAL_USE_DOMAIN_NAMES.remove("nope")),
    ]


if __name__ == "__main__":
    Recorder("email-validator", ("email_validator",)).run_all(cases())
