"""An example's own values in a code span are kept (issue 29, round 23's cards 09, 10 and 12, whose direct fixes were
dropped): after "e.g.", a URL on a host reserved for examples (`https://example.com/page/`) and a tuple's plain
value (`tenant_id` in `pk=(tenant_id, id)`); anywhere, a scheme alone (`https://`). No link reaches the card and
every other name is still checked: a URL said to be where something is, one on a real host, a call, an argument,
an attribute or a keyword the code does not have is still dropped."""

import json

from kb.analysis import salvage
from kb.analysis.verify import check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import python_calls

# Django 5.2.19, reduced: django/middleware/csrf.py:30-37 and 297-313.
CSRF = """
REASON_NO_REFERER = "Referer checking failed - no Referer."
REASON_MALFORMED_REFERER = "Referer checking failed - Referer is malformed."
REASON_INSECURE_REFERER = "Referer checking failed - Referer is insecure while host is secure."


class CsrfViewMiddleware(MiddlewareMixin):
    def _check_referer(self, request):
        referer = request.META.get("HTTP_REFERER")
        if referer is None:
            raise RejectRequest(REASON_NO_REFERER)
        referer = urlsplit(referer)
        if "" in (referer.scheme, referer.netloc):
            raise RejectRequest(REASON_MALFORMED_REFERER)
        if referer.scheme != "https":
            raise RejectRequest(REASON_INSECURE_REFERER)
"""
# django/db/models/fields/tuple_lookups.py:39-55 and django/db/models/base.py:655-657 (5.2.19), reduced.
LOOKUPS = """
class TupleLookupMixin:
    def get_prep_lookup(self):
        if self.rhs_is_direct_value():
            self.check_rhs_is_tuple_or_list()
        return self.rhs

    def check_rhs_is_tuple_or_list(self):
        if not isinstance(self.rhs, (tuple, list)):
            lhs_str = self.get_lhs_str()
            raise ValueError(f"{self.lookup_name!r} lookup of {lhs_str} must be a tuple or a list")


class Model:
    def _get_pk_val(self, meta=None):
        meta = meta or self._meta
        return getattr(self, meta.pk.attname)
"""
# The direct fixes of round 23's answers (/work/review/round23ai/out-django_django.jsonl), dropped at 1592331.
REFERER_FIX = (
    "Make the client send a full absolute `Referer`, with scheme and host (e.g. `https://example.com/page/`), "
    "not a bare path or host."
)
HTTPS_FIX = "Serve the page that submits the form over HTTPS, so its `Referer` starts with `https://`."
TUPLE_FIX = "Pass a tuple or list with one value per field of the composite key, e.g. `pk=(tenant_id, id)`."


def vocabulary(code: str) -> Vocabulary:
    known = Vocabulary()
    known.read_code(code)
    return known


def solutions(texts: list[str], code: str):
    result = check_answer(json.loads(card(solutions=texts)), vocabulary(code))
    return result.solutions, result.unknown


def test_an_examples_url_and_values_are_kept_without_a_link() -> None:
    assert solutions([REFERER_FIX, HTTPS_FIX], CSRF) == ([REFERER_FIX, HTTPS_FIX], [])
    assert solutions([TUPLE_FIX], LOOKUPS) == ([TUPLE_FIX], [])
    result = check_answer(json.loads(card(solutions=[REFERER_FIX, HTTPS_FIX])), vocabulary(CSRF))
    assert result.dropped == 0
    assert "<a " not in json.dumps(result.solutions)  # shown as code, never linked


def test_a_url_or_name_outside_an_example_or_of_the_code_is_still_dropped() -> None:
    planted = {
        # Said to be where something is, not an example of a value.
        "Django's CSRF guide is at `https://example.com/csrf/`.": CSRF,
        # A real host after "e.g.".
        "Send a full `Referer` (e.g. `https://evil.io/page/`).": CSRF,
        "Send a full `Referer` (e.g. `javascript:alert(1)`).": CSRF,
        # An example's call, attribute and keyword are names of the code, checked.
        "Pass a tuple, e.g. `pk=make_composite(tenant_id, id)`.": LOOKUPS,
        "Pass a tuple, e.g. `pk=(request.tenant_key, id)`.": LOOKUPS,
        "Pass a tuple, e.g. `filter(composite_key=(tenant_id, id))`.": LOOKUPS,
        "Pass a key function, e.g. `sorted(rows, key=composite_key)`.": LOOKUPS,
        # Not introduced as an example: a bare name is the code's.
        "Pass `(tenant_id, id)` as `pk`.": LOOKUPS,
    }
    for text, code in planted.items():
        kept, unknown = solutions([text], code)
        assert kept == [] and unknown, text


def test_the_example_readers_run_in_linear_time_on_a_hostile_answer() -> None:
    for unit in ["e.g. `https://example.com/` ", "e.g. e.g. e.g. `", "`https://` `x` "]:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        assert python_calls(salvage.introduced_as_examples, large) <= 10 * python_calls(
            salvage.introduced_as_examples, small
        ), unit
    host = "https://" + "a." * 100_000 + "example.com/"
    assert not salvage.example_url(host, True)  # too long to be an example
