"""The frozen base index (flat buffers): the same answers as the object index, changes through an overlay, and a
forked worker's memory that lookups do not grow."""

import gc
import os
import random
import subprocess
import sys

import pytest

from errorkb.matching import frozen as frozen_module
from errorkb.matching.frozen import FrozenIndex
from errorkb.matching.index import Entry, LookupIndex, MatchIndex, Site, path_matches
from errorkb.matching.overlay import layered
from errorkb.matching.rank import match_text
from errorkb.matching.template import compile_template

NOUNS = "valve pump gear sprocket boiler turbine piston rotor spindle nozzle gasket flange".split()
VERBS = "open close turn seal drain fill start stop prime vent".split()
SHAPES = (
    "{Noun} {n} could not {verb}: {{reason}}",
    "Cannot {verb} the {noun} '{{name}}' of unit {n} while it is {{state}}",
    "{{count}} {noun}s in unit {n} failed to {verb} after {{seconds}}s.",
    "Unit {n} has no {noun} named {{name!r}}; choices are: {{choices}}",
)


def catalogue(size: int, seed: int = 5) -> list[Entry]:
    """Signed entries of several shapes, some with older wordings; entries whose message could not be rebuilt
    (no signature) and templates of placeholders alone; one or two raise sites each, in a few packages."""
    rng = random.Random(seed)
    entries = []
    for key in range(size):
        noun, verb = rng.choice(NOUNS), rng.choice(VERBS)
        package = f"pkg{key % 5}"
        exception_type = f"{package}.errors.{noun.capitalize()}Error" if key % 3 else "ValueError"
        words = {"Noun": noun.capitalize(), "noun": noun, "verb": verb, "n": key}
        if key % 17 == 0:
            signature = ""
        elif key % 499 == 0:
            signature = "{value}"
        else:
            signature = rng.choice(SHAPES).format(**words)
        variants = ((f"{noun} {key} will not {verb}", f"{noun} {key} will not {{what}}"),) if key % 7 == 0 else ()
        sites = tuple(
            Site(f"src/{package}/{noun}s_{key % 40}.py", 10 + 7 * n + key % 50, f"{noun.capitalize()}.{verb}_{n}", "x")
            for n in range(1 + key % 2)
        )
        message = signature.replace("{{", "{").replace("}}", "}")
        entries.append(
            Entry(key, f"{key:016x}", exception_type, message, "published", "https://g/o/r", signature, variants, sites)
        )
    return entries


def rendered(signature: str, rng: random.Random) -> str:
    literals = compile_template(signature).literals
    values = [rng.choice(["x", "'a b'", "42"]) for _ in literals[1:]]
    return "".join(literal + value for literal, value in zip(literals, [*values, ""], strict=True))


def queries(entries: list[Entry], count: int, seed: int = 9) -> list[str]:
    """Messages, typed and in tracebacks, cut short, reworded; frames with no message of theirs; noise."""
    rng = random.Random(seed)
    texts = []
    for entry in rng.sample(entries, count):
        message = rendered(entry.signature, rng) if entry.signature else "something odd happened"
        site = rng.choice(entry.sites)
        frame = f'  File "/venv/site-packages/{site.path.removeprefix("src/")}", line {site.line}, in {site.function}'
        words = message.split(" ")
        words[rng.randrange(len(words))] = rng.choice(NOUNS)
        texts += [
            message,
            f"{entry.exception_type}: {message}",
            f"Traceback (most recent call last):\n{frame}\n{entry.exception_type}: {message}",
            message[: len(message) * 2 // 3].rsplit(" ", 1)[0],
            " ".join(words),
            f"Traceback (most recent call last):\n{frame.replace(site.function, 'elsewhere')}\nKeyError: 'k'",
            " ".join(rng.choice(NOUNS + VERBS) for _ in range(6)),
        ]
    return texts


def answers(index: MatchIndex, text: str) -> list[tuple]:
    """Everything a lookup's user sees of its matches."""
    seen = []
    for m in match_text(index, text, limit=5).matches:
        wording_from = m.message_from.entry.key if m.message_from else None
        seen.append((m.entry, round(m.score, 6), m.exact, m.partial, m.similarity, m.signature, m.params, m.why))
        seen.append((m.sites, m.raise_site, m.nearby, wording_from))
    return seen


def test_the_frozen_index_answers_every_lookup_as_the_object_index_does():
    entries = catalogue(3000)
    objects, frozen = MatchIndex.build(entries), FrozenIndex.build(entries)
    texts = queries(entries, 400)
    differing = [text for text in texts if answers(objects, text) != answers(frozen, text)]
    assert differing == []
    assert sum(1 for text in texts if answers(frozen, text)) > len(texts) // 2  # most lookups find something


def test_the_frozen_index_reads_as_the_object_index_does():
    entries = catalogue(500)
    objects, frozen = MatchIndex.build(entries, first_signature=100), FrozenIndex.build(entries, first_signature=100)
    assert (len(frozen), frozen.next_signature) == (len(objects), objects.next_signature)
    assert dict(frozen.entries) == dict(objects.entries)
    assert dict(frozen.signatures) == dict(objects.signatures)
    assert all(frozen.signatures_of(entry.key) == objects.signatures_of(entry.key) for entry in entries)
    assert frozen.entries.get(10_000) is None and 10_000 not in frozen.entries and frozen.signatures_of(10_000) == ()


def test_a_change_over_a_frozen_base_is_seen_and_the_base_is_left_as_it_was():
    entries = catalogue(300)
    base = FrozenIndex.build(entries)
    old = entries[5]
    reworded = Entry(
        5,
        old.public_id,
        old.exception_type,
        "Gasket 5 melted: x",
        "published",
        old.repository_url,
        "Gasket 5 melted: {why}",
        (),
        old.sites,
    )
    added = Entry(900, f"{900:016x}", "ValueError", "", "published", "https://g/o/r", "Brand new {x} appeared", (), ())
    view = layered(base, [reworded, added], removed=[6])
    old_text, gone_text = rendered(old.signature, random.Random(1)), rendered(entries[6].signature, random.Random(1))

    def exact_keys(index: MatchIndex, text: str) -> list[int]:
        return [m.entry.key for m in match_text(index, text, limit=5).matches if m.exact]

    assert exact_keys(view, "Gasket 5 melted: x") == [5]
    assert exact_keys(view, "Brand new thing appeared") == [900]
    assert exact_keys(view, old_text) == [] and exact_keys(view, gone_text) == []
    assert exact_keys(base, old_text) == [5] and exact_keys(base, gone_text) == [6]
    assert exact_keys(base, "Brand new thing appeared") == []


def test_every_kind_of_index_is_a_lookup_index_with_no_way_to_change_it():
    entries = catalogue(10)
    base = FrozenIndex.build(entries)
    kinds = (MatchIndex.build(entries), base, layered(base, entries[:1], removed=()))
    assert [type(index).__name__ for index in kinds] == ["MatchIndex", "FrozenIndex", "LayeredIndex"]
    assert all(isinstance(index, LookupIndex) for index in kinds)
    assert not any(hasattr(index, name) for index in kinds for name in ("upsert", "remove", "commit"))


def private_mb(pid: int) -> float:
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        fields = {line.split()[0]: int(line.split()[1]) for line in rollup if line.endswith("kB\n")}
    return (fields["Private_Clean:"] + fields["Private_Dirty:"]) / 1024


def growth_of_a_forked_worker(index: MatchIndex, texts: list[str]) -> float:
    """Megabytes of its own that a process forked after the build gains by looking up every text."""
    gc.collect()
    gc.freeze()  # as gunicorn's master does before forking: the collector's own writes are not the lookups'
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: never returns
        try:
            match_text(index, texts[0], limit=5)  # the code's own first-call allocations are not the index's
            before = private_mb(os.getpid())
            for text in texts:
                match_text(index, text, limit=5)
            os.write(write, f"{private_mb(os.getpid()) - before:.3f}".encode())
        finally:
            os._exit(0)
    os.close(write)
    try:
        return float(os.read(read, 64))
    finally:
        os.close(read)
        os.waitpid(pid, 0)
        gc.unfreeze()


# Both indexes built and forked in a new interpreter, as a gunicorn master is: in the suite's own process, after
# thousands of tests, a worker's lookups also copy the pages of whatever the earlier tests left on the heap.
FORKED_GROWTH = """
import sys
sys.path.insert(0, sys.argv[1])
import test_frozen as t
t.frozen_module.CACHED = 256  # the objects it keeps are its own, bounded: not the index
entries = t.catalogue(15_000)
texts = t.queries(entries, 700)
print(t.growth_of_a_forked_worker(t.FrozenIndex.build(entries), texts))
print(t.growth_of_a_forked_worker(t.MatchIndex.build(entries), texts))
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/smaps_rollup"), reason="reads Linux's /proc")
def test_a_forked_workers_lookups_copy_little_of_a_frozen_index_and_much_of_an_object_index():
    folder = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run(
        [sys.executable, "-c", FORKED_GROWTH, folder], capture_output=True, text=True, check=True, timeout=600
    )
    frozen, objects = (float(line) for line in run.stdout.split())
    assert objects > 20, f"{objects:.1f} MB"  # the measure sees copying at all
    assert frozen < objects / 5, f"{frozen:.1f} MB against {objects:.1f} MB"


def test_the_sites_a_frame_points_at_are_those_the_object_index_finds_by_comparing_paths():
    entries = catalogue(2000)
    objects, frozen = MatchIndex.build(entries), FrozenIndex.build(entries)
    rng = random.Random(3)
    frames = []
    for entry in rng.sample(entries, 300):
        site = rng.choice(entry.sites)
        bare = site.path.removeprefix("src/")
        frames += [
            (f"/venv/site-packages/{bare}", site.function.rsplit(".", 1)[-1]),  # installed
            (site.path, site.function),  # the repository's own path, qualified function
            ("C:\\work\\" + site.path.replace("/", "\\"), site.function),  # Windows
            (f"/elsewhere/other/{bare.rsplit('/', 1)[-1]}", site.function),  # a file of that name elsewhere
            (f"/venv/site-packages/{bare}", "no_such_function"),
        ]
    for path, function in frames:
        for unsigned_only in (False, True):
            expected = [
                pair
                for pair in objects.sites_for(path, function, unsigned_only=unsigned_only)
                if path_matches(path, pair[1])
            ]
            assert objects.sites_at(path, function, unsigned_only=unsigned_only) == expected
            assert frozen.sites_at(path, function, unsigned_only=unsigned_only) == expected, (path, function)
    found = [path for path, function in frames if frozen.sites_at(path, function)]
    assert len(found) >= len(frames) // 3  # installed, repository and Windows paths point at their sites


def test_a_frame_points_at_the_same_sites_when_their_entries_were_just_made():
    # A message fit makes its entry just before the frame is asked for (rank._put_raise_first): its sites are then
    # the entry's own, not read again from the record; and a frame of no harvested function finds nothing.
    entries = catalogue(300)
    objects, frozen = MatchIndex.build(entries), FrozenIndex.build(entries)
    for entry in entries[:40]:
        made = frozen.entries[entry.key]
        site = entry.sites[-1]
        path = f"/venv/site-packages/{site.path.removeprefix('src/')}"
        for unsigned_only in (False, True):
            found = frozen.sites_at(path, site.function, unsigned_only=unsigned_only)
            assert found == objects.sites_at(path, site.function, unsigned_only=unsigned_only)
        assert (entry.key, made.sites[-1]) in frozen.sites_at(path, site.function)
        assert frozen.sites_at(path, "no_such_function") == [] == frozen.sites_at(path, "x", unsigned_only=True)


def test_a_frames_file_is_found_by_its_path_making_only_the_sites_of_that_file(monkeypatch):
    # A file name is shared across a catalogue (`__init__.py`, `models.py`; here each name is in five packages):
    # the entries near an unharvested frame (rank._nearby) are those of its own file, and only their sites are
    # made. Making every site of the name to compare its path took 4 ms a lookup of a Django traceback at 100k.
    entries = catalogue(2000)
    objects, frozen = MatchIndex.build(entries), FrozenIndex.build(entries)
    made: list[int] = []
    make = frozen._make_site

    def counted(n: int) -> Site:
        made.append(n)
        return make(n)

    monkeypatch.setattr(frozen, "_make_site", counted)
    site = entries[3].sites[0]
    installed = f"/venv/site-packages/{site.path.removeprefix('src/')}"
    elsewhere = f"/srv/other/{site.path.rsplit('/', 1)[-1]}"
    for path in (installed, site.path, "C:\\venv\\" + installed[1:].replace("/", "\\"), elsewhere):
        made.clear()
        found = frozen.sites_in_file(path)
        assert (
            found == objects.sites_in_file(path) == [p for p in objects.sites_in_file(path) if path_matches(path, p[1])]
        )
        assert len(made) == len(found), path
    assert frozen.sites_in_file(installed) and not frozen.sites_in_file(elsewhere)
    assert all(path_matches(installed, found) for _key, found in frozen.sites_in_file(installed))


def test_a_frame_asked_again_points_at_the_same_sites_whatever_the_last_caller_did_with_its_list():
    entries = catalogue(300)
    objects, frozen = MatchIndex.build(entries), FrozenIndex.build(entries)
    site = entries[1].sites[0]
    path = f"/venv/site-packages/{site.path.removeprefix('src/')}"
    frozen.sites_at(path, site.function).clear()  # a caller's list is its own
    assert frozen.sites_at(path, site.function) == objects.sites_at(path, site.function) != []


def test_a_process_keeps_the_sites_of_a_bounded_number_of_frames():
    frozen = FrozenIndex.build(catalogue(300))
    for n in range(frozen_module.CACHED_FRAMES + 50):
        frozen.sites_at(f"/venv/site-packages/pkg0/module_{n}.py", "run")
    assert len(frozen._kept_sites) == frozen_module.CACHED_FRAMES


def test_a_message_holding_a_lone_surrogate_is_read_back_as_it_was():
    odd = Entry(
        1,
        "0001",
        "ValueError",
        "Bad byte \ud800 in {name}",
        "published",
        "https://g/o/r",
        "Bad byte \ud800 in {name}",
        (),
        (),
    )
    objects, frozen = MatchIndex.build([odd]), FrozenIndex.build([odd])
    sid = objects.signatures_of(1)[0]
    assert frozen.wording_of(sid) == objects.wording_of(sid) == "Bad byte \ud800 in {name}"
    assert frozen.entries[1] == odd


def test_keys_of_any_characters_are_found_in_a_text_as_the_object_index_finds_them():
    """The frozen index searches its keys in UTF-8 (flat.key_finder): a key or a text holding accents, a character
    beyond the BMP or a lone surrogate, wherever it stands in the text, finds the signatures the object index finds."""
    wordings = [
        "Überlauf im Ventil {name}: Druck zu hoch",
        "Bad byte \ud800 in the stream of {name}",
        "Der Schlüssel 🔑 {key} passt nicht ins Schloss",
        "Ventil {name}: Druck zu hoch",
    ]
    entries = [
        Entry(n, f"{n:04}", "ValueError", wording, "published", "https://g/o/r", wording, (), ())
        for n, wording in enumerate(wordings, start=1)
    ]
    objects, frozen = MatchIndex.build(entries), FrozenIndex.build(entries)
    texts = [
        "Überlauf im Ventil V1: Druck zu hoch",
        "é… Bad byte \ud800 in the stream of sensor",
        "🔑🔑 Der Schlüssel 🔑 k9 passt nicht ins Schloss",
        "ValueError: Ventil \ud800: Druck zu hoch",
        "Bad byte \udc00 in the stream of sensor",
    ]
    for text in texts:
        assert frozen.candidates(text, "ValueError") == objects.candidates(text, "ValueError")
        assert answers(frozen, text) == answers(objects, text)
    assert [len(frozen.candidates(text)) for text in texts] == [2, 1, 1, 1, 0]
