"""A traceback's frames, read from the pasted text when asked for: a lookup reads few of them.

A 60-line traceback's frames cost half its lookup to read and make (the frame regex over every path, a tuple, an
int and two strings a frame, then freeing them), and ranking reads only the innermost frame and those named after the
functions of the few entries it weighs. `Frames` keeps the runs of frame lines that parse.py's FRAME_RUN found as
spans of the text and reads from them the last frame (`frames[-1]`) and the frames of a function (`named`) alone;
any other use (a length, an index, a loop, a comparison with a tuple) reads them all, once, as they were always read.
Either way each frame is what FRAME_IN_RUN reads on its line: one match a line, from the newline before it.
"""

import re
from collections.abc import Iterator, Sequence
from itertools import chain, repeat
from typing import Any, NamedTuple, overload

# parse.py's FRAME_RUN finds a run of frame lines; these read its frames (see parse.py on linear patterns).
# FRAME_IN_RUN, run over the run with the newline before it, finds the frame lines FRAME_LINE would. Its path stops
# at a newline, so that an unclosed quote costs one line, not the rest of the run, and each attempt starts at a
# newline of its own: a match holds one newline, its first character, so a run's frames are its lines' own matches.
FRAME_IN_RUN = re.compile(r'\n[^\S\n]*+File "([^"\n]*+)", line (\d{1,9}+)(?:, in (.++)|[^\S\n]*+(?=\n|\Z))')
# The same with a path that stops at a quote alone: `re` reads a run of one excluded character several times faster
# than a run of two, and the paths are most of a run's characters. Its findings are FRAME_IN_RUN's unless a path
# it found holds a newline (an unclosed quote, then a `", line N` on a later line), and then FRAME_IN_RUN is run
# instead. Still linear: an attempt's path ends at the first quote after its own, so no two paths overlap, and
# the lines a path crosses hold no quote, so their own attempts stop within `File "`.
FRAME_PATHS_IN_RUN = re.compile(r'\n[^\S\n]*+File "([^"]*+)", line (\d{1,9}+)(?:, in (.++)|[^\S\n]*+(?=\n|\Z))')


class Frame(NamedTuple):  # a tuple, not a dataclass: a long traceback makes dozens per lookup
    path: str
    line: int | None
    function: str


# A NamedTuple made by tuple.__new__ skips its Python-level __new__: a long traceback makes dozens of frames.
_new_tuple = tuple.__new__


class Run(NamedTuple):
    """A run of frame lines with the newline before it, `text[begin:end]`, that holds at least one frame."""

    text: str
    begin: int
    end: int


def frames_in_run(text: str, begin: int, end: int) -> tuple[Frame, ...]:
    """The frames of a run of frame lines with the newline before it (FRAME_RUN's match, `text[begin:end]`, read
    in place), as FRAME_IN_RUN finds them (see FRAME_PATHS_IN_RUN)."""
    found = FRAME_PATHS_IN_RUN.findall(text, begin, end)
    if not found:
        return ()
    paths, numbers, functions = zip(*found, strict=True)
    if "\n" in "".join(paths):
        found = FRAME_IN_RUN.findall(text, begin, end)
        if not found:
            return ()
        paths, numbers, functions = zip(*found, strict=True)
    # Made in C, with no Python loop per frame.
    fields = zip(paths, map(int, numbers), map(str.rstrip, functions), strict=True)
    return tuple(map(_new_tuple, repeat(Frame), fields))


def run_of(text: str, begin: int, end: int) -> Run | None:
    """The run `text[begin:end]` if it holds a frame (one search, which stops at its first frame line)."""
    return Run(text, begin, end) if FRAME_IN_RUN.search(text, begin, end) is not None else None


def _frame(match: re.Match[str]) -> Frame:
    path, number, function = match.groups()
    return _new_tuple(Frame, (path, int(number), function.rstrip() if function else ""))


def _last_in_run(run: Run) -> tuple[int, Frame]:
    """(its line's start, the frame) of the run's last frame: its lines tried from the last one up, each once."""
    text, begin, end = run
    start = end
    while (start := text.rfind("\n", begin, start)) >= 0:
        if match := FRAME_IN_RUN.match(text, start, end):
            return start, _frame(match)
    raise ValueError("a run without a frame")  # runs are made by run_of: never


def _named_in_run(run: Run, function: str) -> list[tuple[int, Frame]]:
    """(its line's start, the frame) of the run's frames whose function without its class is `function` (not empty).
    A frame's function ends its line (spaces aside): one test a line that holds the name, however often, and only
    then the line's frame read, from the newline before it (the run starts with one)."""
    text, begin, end = run
    found = []
    at = text.find(function, begin, end)
    while at >= 0:
        line_end = text.find("\n", at, end)
        if line_end < 0:
            line_end = end
        if text[at:line_end].rstrip().endswith(function):
            start = text.rfind("\n", begin, at)
            match = FRAME_IN_RUN.match(text, start, end)
            if match is not None and (name := (match[3] or "").rstrip()).rpartition(".")[2] == function:
                found.append((start, _new_tuple(Frame, (match[1], int(match[2]), name))))
        at = text.find(function, line_end, end)
    return found


def _bare(function: str) -> str:
    """A frame's function without its class (`Query.names_to_path`): what a site's frame key names."""
    return function.rpartition(".")[2]


class Frames(Sequence[Frame]):
    """Frames (of parse.py's pieces: runs of frame lines, and frames read line by line), read when asked for."""

    __slots__ = ("_all", "_last", "_pieces")

    def __init__(self, pieces: tuple[Run | tuple[Frame, ...], ...]) -> None:
        """`pieces`: none empty, at least one a Run (else the frames are a plain tuple)."""
        self._pieces = pieces
        self._all: tuple[Frame, ...] | None = None
        self._last: tuple[int, Frame] | None = None  # the last run's last frame: (its line's start, the frame)

    def _read(self) -> tuple[Frame, ...]:
        if self._all is None:
            self._all = tuple(
                chain.from_iterable(
                    frames_in_run(*piece) if isinstance(piece, Run) else piece for piece in self._pieces
                )
            )
        return self._all

    def last(self) -> Frame:
        """The innermost frame, read alone."""
        if self._last is not None:
            return self._last[1]
        piece = self._pieces[-1]
        if not isinstance(piece, Run):
            return piece[-1]
        self._last = _last_in_run(piece)
        return self._last[1]

    def named(self, function: str) -> list[tuple[bool, Frame]]:
        """(whether it is the innermost, the frame) of the frames whose function without its class is `function`,
        outermost first. In a run, only the lines that end with the name are read as frames."""
        if not function:
            last = len(self) - 1
            return [(i == last, frame) for i, frame in enumerate(self._read()) if not _bare(frame.function)]
        found: list[tuple[bool, Frame]] = []
        final = len(self._pieces) - 1
        for n, piece in enumerate(self._pieces):
            if not isinstance(piece, Run):
                last = len(piece) - 1 if n == final else -1
                found += [(i == last, frame) for i, frame in enumerate(piece) if _bare(frame.function) == function]
                continue
            named = _named_in_run(piece, function)
            if named and n == final:
                self.last()  # the innermost frame: the last run's last one, at the line `_last` holds
                innermost = self._last[0] if self._last is not None else -1
                found += [(start == innermost, frame) for start, frame in named]
            else:
                found += [(False, frame) for _start, frame in named]
        return found

    # The Sequence, read whole -------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._read())

    @overload
    def __getitem__(self, index: int) -> Frame: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Frame, ...]: ...

    def __getitem__(self, index: int | slice) -> Frame | tuple[Frame, ...]:
        if index == -1:
            return self._last[1] if self._last is not None else self.last()
        return self._read()[index]

    def __iter__(self) -> Iterator[Frame]:
        return iter(self._read())

    def __reversed__(self) -> Iterator[Frame]:
        return reversed(self._read())

    def __bool__(self) -> bool:
        return True  # never made without a frame

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Frames):
            return self._read() == other._read()
        if isinstance(other, tuple):
            return self._read() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._read())

    def __repr__(self) -> str:
        return repr(self._read())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self._read(),))
