"""Raise real errors from docopt, one JSON line each (see common.py): usage messages it cannot read (no or two
"usage:" sections, unmatched brackets, options described twice or with arguments they do not take) and command
lines a usage rejects (unknown, ambiguous and duplicate options, missing and extra arguments: DocoptExit, a
SystemExit); written from docopt's documentation as a user would use it (held-out: see SPLIT.md, third split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

NAVAL = """Naval Fate.

Usage:
  naval_fate.py ship new <name>...
  naval_fate.py ship <name> move <x> <y> [--speed=<kn>]
  naval_fate.py mine (set|remove) <x> <y> [--moored | --drifting]
  naval_fate.py (-h | --help)
  naval_fate.py --version

Options:
  -h --help     Show this screen.
  --version     Show version.
  --speed=<kn>  Speed in knots [default: 10].
  --moored      Moored (anchored) mine.
  --drifting    Drifting mine.
"""

COMMAND_LINES = [
    [],
    ["ship"],
    ["ship", "new"],
    ["ship", "Guardian", "move", "1"],
    ["ship", "Guardian", "move", "1", "2", "--speed"],
    ["ship", "Guardian", "move", "1", "2", "--speed=5", "--speed=6"],
    ["ship", "Guardian", "move", "1", "2", "--spe"],
    ["ship", "Guardian", "move", "1", "2", "--nope"],
    ["mine", "set", "1", "2", "--moored", "--drifting"],
    ["mine", "set", "1", "2", "--m"],
    ["mine", "set", "1"],
    ["-x"],
    ["-hx"],
    ["--version=1"],
    ["--help=yes"],
    ["extra", "args"],
]

USAGES = [
    "no usage here",
    "Usage: prog\nUsage: prog again",
    "usage: prog (a",
    "usage: prog a)",
    "usage: prog [a",
    "usage: prog a]",
    "usage: prog --opt=<x>\n\noptions: --opt=<x>  An option.\n --opt  Again.",
    "usage: prog -a <x>\n\noptions: -a  Takes nothing.",
    "usage: prog --flag=<x>\n\noptions: --flag  A flag.",
    "usage: prog -ab\n\noptions:\n -a  One.\n -a  Two.",
    "usage: prog [options]\n\noptions:\n --alpha  A.\n --alpine  B.",
    "usage: prog <a> <a>",
    "usage: prog (a|)",
    "usage: prog |",
    "usage: prog ...",
    "usage: prog -",
    "usage:",
    "usage: prog [--] [--]",
]


def cases():
    from docopt import docopt

    for argv in COMMAND_LINES:
        yield f"docopt naval {argv}", lambda a=argv: docopt(NAVAL, argv=a, help=False)
    for usage in USAGES:
        yield f"docopt usage {usage!r:.40}", lambda u=usage: docopt(u, argv=[])
        yield f"docopt usage {usage!r:.40} argv", lambda u=usage: docopt(u, argv=["--alp", "-a", "x"])
    yield from [
        ("docopt options first", lambda: docopt(NAVAL, argv=["--speed=1", "ship"], options_first=True)),
        ("docopt argv string", lambda: docopt(NAVAL, argv="ship new")),
        ("docopt argv type", lambda: docopt(NAVAL, argv=12)),
        ("docopt doc type", lambda: docopt(None, argv=[])),
        (
            "docopt default bad",
            lambda: docopt("usage: prog [--n=<n>]\n\noptions: --n=<n>  N [default: ]", argv=["--n"]),
        ),
        ("docopt short stacked", lambda: docopt("usage: prog -ab <x>\n\noptions:\n -a\n -b <v>", argv=["-ab"])),
        ("docopt short needs value", lambda: docopt("usage: prog -o <f>\n\noptions: -o <f>  Output.", argv=["-o"])),
        ("docopt long no value", lambda: docopt("usage: prog --v\n\noptions: --v  Verbose.", argv=["--v=1"])),
        ("docopt repeated short", lambda: docopt("usage: prog -v\n\noptions: -v  Verbose.", argv=["-vv"])),
        ("docopt command missing", lambda: docopt("usage: prog run <x>\n       prog stop", argv=["go"])),
        ("docopt any options", lambda: docopt("usage: prog [options]\n\noptions: -q  Quiet.", argv=["-z"])),
    ]


if __name__ == "__main__":
    Recorder("docopt", ("docopt.py",)).run_all(cases())
