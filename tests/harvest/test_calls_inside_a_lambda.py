"""A lambda is read as the function it is: `too_short = lambda item_count: raise_(ValueError, f"Too few items in
iterable (got {item_count})")` hands a raising helper its class and message, so the call is a site, and the
helper's raise (where the traceback ends) too. Pared down from more-itertools 11's `strictly_n`, and on its own
source (bench/lookup_corpus.py installs it)."""

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
def raise_(exception, *args):
    raise exception(*args)


def strictly_n(iterable, n, too_short=None):
    if too_short is None:
        too_short = lambda item_count: raise_(ValueError, f"Too few items in iterable (got {item_count})")
    items = list(iterable)
    if len(items) < n:
        too_short(len(items))
    return items
"""


def test_the_call_in_the_lambda_is_a_site_named_as_a_traceback_names_it(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert ("strictly_n.<lambda>", "Too few items in iterable (got {item_count})") in {
        (s.function, s.signature) for s in found
    }


def test_the_helper_s_raise_is_a_site_of_the_lambda_s_message(tmp_path):
    found = harvest_source(tmp_path, SOURCE).sites
    assert [s.signature for s in found if s.function == "raise_"] == ["Too few items in iterable (got {item_count})"]


@installed("more_itertools")
def test_more_itertools_s_strictly_n_errors_are_found_where_raise_raises_them():
    more_itertools = imported("more_itertools")
    for items in ("ab", "abcdef"):
        error = raised(lambda items=items: list(more_itertools.strictly_n(items, 4)))
        assert found_where_it_ends("more_itertools", error), str(error)
