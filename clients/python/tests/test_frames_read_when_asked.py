"""A traceback's frames are read from the text when asked for (errorkb.matching.frames): the innermost frame and a
function's frames, read alone, are those of the whole read, and so is every answer that ranks by them."""

import pytest

from errorkb.matching.frames import Frames
from errorkb.matching.parse import parse

TEXTS = {
    "plain": (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/views.py", line 10, in get\n'
        "    return self.load(request)\n"
        '  File "/srv/app/.venv/lib/python3.11/site-packages/pkg/loader.py", line 42, in load\n'
        "    raise LoadError(name)\n"
        "pkg.errors.LoadError: cannot load 'x'"
    ),
    # The name in a path, in a source line and in a longer name; a class-qualified frame; trailing spaces.
    "mentions": (
        "Traceback (most recent call last):\n"
        '  File "/load/load.py", line 1, in loader\n'
        "    load(load)  # load\n"
        '  File "/srv/app/.venv/lib/python3.11/site-packages/pkg/loader.py", line 42, in Loader.load   \n'
        "    raise LoadError(name)\n"
        '  File "/srv/app/.venv/lib/python3.11/site-packages/pkg/loader.py", line 50, in load\n'
        "pkg.errors.LoadError: cannot load 'x'"
    ),
    # An unclosed quote: the path stops at its line, and the next frame is read.
    "unclosed quote": (
        "Traceback (most recent call last):\n"
        '  File "/broken/path.py, line 3, in load\n'
        '  File "/srv/app/pkg/loader.py", line 7, in load\n'
        "    raise LoadError(name)\n"
        "ValueError: bad"
    ),
    # A frame line without its function, last; a <template> frame.
    "no function": (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/pkg/loader.py", line 7, in load\n'
        '  File "<template>", line 3, in top-level template code\n'
        '  File "/srv/app/pkg/other.py", line 9\n'
        "ValueError: bad"
    ),
    # Chained: each exception its own frames.
    "chained": (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/pkg/a.py", line 1, in load\n'
        "KeyError: 'x'\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        "Traceback (most recent call last):\n"
        '  File "/srv/app/pkg/b.py", line 2, in load\n'
        '  File "/srv/app/pkg/c.py", line 3, in convert\n'
        "ValueError: bad"
    ),
}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_the_frames_read_alone_are_those_of_the_whole_read(name):
    for exception in parse(TEXTS[name]).exceptions:
        frames = exception.frames
        assert isinstance(frames, Frames)
        whole = tuple(Frames(frames._pieces))  # a fresh copy, read whole
        assert frames[-1] == whole[-1]
        for function in ("load", "convert", "Loader.load", "top-level template code", "get", "loader", "x"):
            bare = function.rpartition(".")[2]
            expected = [
                (i == len(whole) - 1, frame)
                for i, frame in enumerate(whole)
                if frame.function.rpartition(".")[2] == bare
            ]
            assert Frames(frames._pieces).named(bare) == expected, (name, function)
        assert frames == whole and hash(frames) == hash(whole) and len(frames) == len(whole)


def test_the_frames_of_the_whole_read_are_fields_of_the_text():
    frames = parse(TEXTS["mentions"]).exceptions[0].frames
    assert [tuple(frame) for frame in frames] == [
        ("/load/load.py", 1, "loader"),
        ("/srv/app/.venv/lib/python3.11/site-packages/pkg/loader.py", 42, "Loader.load"),
        ("/srv/app/.venv/lib/python3.11/site-packages/pkg/loader.py", 50, "load"),
    ]
    assert frames == tuple(frames) and tuple(frames) == frames


def test_an_exception_without_a_run_of_frames_has_a_tuple():
    assert parse("ValueError: bad").exceptions[0].frames == ()
    assert type(parse("ValueError: bad").exceptions[0].frames) is tuple
