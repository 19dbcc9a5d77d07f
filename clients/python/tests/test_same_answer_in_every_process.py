"""Two workers asked the same near miss give the same candidates: the order of a set of strings changes from one
process to the next (PYTHONHASHSEED), and ties between signatures must not follow it."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import json
    from errorkb.matching.frozen import FrozenIndex
    from errorkb.matching.index import Entry, MatchIndex

    # Each message shares exactly one rare word with the query: every candidate ties on one shared word.
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    entries = [
        Entry(n, f"{n:016x}", "ValueError", f"{word} unit{n} refused", "published", "https://g/o/r",
              f"{word} unit{n} refused {{reason}}", (), ())
        for n, word in enumerate(words)
    ]
    query = "alpha bravo charlie delta echo foxtrot golf hotel, none of them fits"
    plain = MatchIndex.build(entries)
    frozen = FrozenIndex.build(entries)
    print(json.dumps([plain.similar_candidates(query, limit=3), frozen.similar_candidates(query, limit=3)]))
    """
)


def candidates(seed: str) -> list[list[int]]:
    environment = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=environment, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("seed", ["1", "2", "3", "4", "5"])
def test_ties_between_candidates_do_not_depend_on_the_process(seed: str) -> None:
    assert candidates(seed) == candidates("0")
