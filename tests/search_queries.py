"""Queries over the fixtures and the entry each must find first, on PostgreSQL and on SQLite alike.

tests/search/test_ranking.py asserts them on the suite's database; tests/search/test_sqlite.py runs that
module again on SQLite. The two rankings differ in detail (ts_rank_cd with trigram similarity; FTS5's bm25),
so only the first result is compared."""

from tests.samples import CARD

FIRST_RESULTS = [
    ("NIXL HiSparse", CARD),
    ("HiSprase decode-only", CARD),  # a typo, and a hyphenated word
    ("speculative decoding", CARD),
    ('"speculative decoding"', CARD),
    ("HiSparse -speculative", "555ac02bec734d53"),
    ("settings configured", "242829d5c8611fb8"),  # stemmed: "setting", "configure"
    ("field", "d636f75289d4efbb"),
    ("keyword field choices", "2f70a93935f33691"),
    ("secret key", "a608f546312fdff7"),
    ("application context", "8921f88cd6beaefa"),
    ("jinja undefined", "994320d4113fa586"),
    ("ALLOWED_HOSTS", "e5b5c9108b3d79fc"),
    ("valid integer", "2ae32fcbb6de3de9"),
    ("json decode", "c2b1a59c68f4b151"),
    ("no such command", "5deb18dabb8787cb"),
    ("naive datetime", "4404d9c8586e933c"),
    ("reverse not found", "0dd41b598af63be8"),
    ("session unavailable", "a608f546312fdff7"),
    ("kv memory segments", "2afe80e9746fae65"),
    ("Ascend", "555ac02bec734d53"),
    ("decode offload", "05786e3f4768f6f1"),
    ("radix cache", "25f96f09e4278340"),
]
