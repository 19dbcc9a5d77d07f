"""Raise real errors from glom, one JSON line each (see common.py): specs that walk paths the target lacks (keys,
attributes, indexes, `T` expressions), coalesces that find nothing, checks and matches that fail (types, values,
`one_of`, regular expressions, dict keys required and unexpected, `Or`/`And`/`Not`, `Switch`), assignments and
deletions on paths that cannot take them, folds, sums and flattens of what is not iterable, groups, iterations and
`Invoke` given bad arguments, targets of types no handler is registered for, specs of unknown kinds, and the glom
command line given what it cannot load; written from glom's documentation as a user would use it (held-out: see
SPLIT.md, sixth split)."""

import contextlib
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

TARGET = {"a": {"b": {"c": 1}}, "items": [{"id": 1, "tags": ["x"]}, {"id": 2}], "name": "glom", "n": 3}


def cases():
    import glom
    from glom import (
        Assign,
        Check,
        Coalesce,
        Delete,
        Flatten,
        Fold,
        Invoke,
        Iter,
        Match,
        Merge,
        Not,
        Optional,
        Or,
        Regex,
        Required,
        S,
        Spec,
        Sum,
        Switch,
        T,
        Val,
        cli,
    )
    from glom import (
        Path as GPath,
    )
    from glom.grouping import Group, Limit
    from glom.matching import And, M

    yield from [
        ("glom missing key", lambda: glom.glom(TARGET, "a.x.c")),
        ("glom missing top key", lambda: glom.glom(TARGET, "nope")),
        ("glom index out of range", lambda: glom.glom(TARGET, "items.5.id")),
        ("glom attribute of str", lambda: glom.glom(TARGET, "name.nope")),
        ("glom T missing", lambda: glom.glom(TARGET, T["a"]["nope"])),
        ("glom T attribute", lambda: glom.glom(TARGET, T.nope)),
        ("glom T call", lambda: glom.glom(TARGET, T["name"].upper(1))),
        ("glom T index", lambda: glom.glom(TARGET, T["items"][9])),
        ("glom T dunder", lambda: T.__nope__),
        ("glom Path missing", lambda: glom.glom(TARGET, GPath("a", "b", "zz"))),
        ("glom list spec missing", lambda: glom.glom(TARGET, ("items", ["tags"]))),
        ("glom dict spec missing", lambda: glom.glom(TARGET, {"x": "a.b.zz"})),
        ("glom tuple spec missing", lambda: glom.glom(TARGET, ("a", "b", "zz"))),
        ("glom bad spec type", lambda: glom.glom(TARGET, 5)),
        ("glom bad spec object", lambda: glom.glom(TARGET, object())),
        ("glom unexpected kwargs", lambda: glom.glom(TARGET, "a", nope=1)),
        ("glom iterate non-iterable", lambda: glom.glom(TARGET, ("n", ["x"]))),
        ("glom Coalesce none", lambda: glom.glom(TARGET, Coalesce("x", "y"))),
        ("glom Coalesce kwargs", lambda: Coalesce("x", nope=1)),
        ("glom Coalesce both defaults", lambda: Coalesce("x", default=1, default_factory=list)),
        ("glom Check type", lambda: glom.glom(TARGET, ("name", Check(type=int)))),
        ("glom Check value", lambda: glom.glom(TARGET, ("n", Check(validate=lambda x: x > 5)))),
        ("glom Check one_of", lambda: glom.glom(TARGET, ("n", Check(one_of=[1, 2])))),
        ("glom Check equal_to", lambda: glom.glom(TARGET, ("n", Check(equal_to=4)))),
        ("glom Check instance_of", lambda: glom.glom(TARGET, ("name", Check(instance_of=(int, float))))),
        ("glom Check empty one_of", lambda: Check(one_of=[])),
        ("glom Check both", lambda: Check(equal_to=1, one_of=[1])),
        ("glom Check bad kwarg", lambda: Check(nope=1)),
        ("glom Check bad type arg", lambda: Check(type=5)),
        ("glom Check bad validate", lambda: Check(validate=5)),
        (
            "glom Match type",
            lambda: glom.glom(TARGET, Match({"name": int}, default=glom.SKIP) and Match({"name": int})),
        ),
        ("glom Match value", lambda: glom.glom(TARGET, Match({"name": "other", str: object}))),
        ("glom Match missing key", lambda: glom.glom({"a": 1}, Match({"a": int, "b": int}))),
        ("glom Match extra key", lambda: glom.glom({"a": 1, "z": 2}, Match({"a": int}))),
        ("glom Match list", lambda: glom.glom([1, "x"], Match([int]))),
        ("glom Match tuple length", lambda: glom.glom((1, 2), Match((int,)))),
        ("glom Match tuple type", lambda: glom.glom([1], Match((int,)))),
        ("glom Match dict type", lambda: glom.glom([1], Match({"a": int}))),
        ("glom Match set", lambda: glom.glom({1, 2}, Match(frozenset([3])))),
        ("glom Match constant", lambda: glom.glom(3, Match(4))),
        ("glom Match M gt", lambda: glom.glom(3, Match(M > 5))),
        ("glom Match M eq", lambda: glom.glom(3, Match(M == 5))),
        ("glom Match M truthy", lambda: glom.glom(0, Match(M))),
        ("glom Match M spec", lambda: M(5)),
        ("glom Match Or", lambda: glom.glom(3, Match(Or(str, float)))),
        ("glom Match And", lambda: glom.glom(3, Match(And(int, M > 10)))),
        ("glom Match Not", lambda: glom.glom(3, Match(Not(int)))),
        ("glom Match Or empty", lambda: Or()),
        ("glom Match Or kwargs", lambda: Or(int, nope=1)),
        ("glom Match Regex", lambda: glom.glom("abc", Match(Regex("^x")))),
        ("glom Match Regex type", lambda: glom.glom(5, Match(Regex("^x")))),
        ("glom Match Regex func", lambda: Regex("x", func="nope")),
        ("glom Match Optional double", lambda: Optional(Optional("a"))),
        ("glom Match Optional key", lambda: Optional(int)),
        ("glom Match Optional value", lambda: glom.glom({"a": 2}, Match({Optional("a"): 1}))),
        ("glom Match Required double", lambda: Required(Required(str))),
        ("glom Match Required constant", lambda: Required("a")),
        ("glom Match Switch", lambda: glom.glom(3, Switch({str: "a", float: "b"}))),
        ("glom Match Switch empty", lambda: Switch({})),
        ("glom Match Switch type", lambda: Switch(5)),
        ("glom Match matches", lambda: Match(int).verify("x")),
        ("glom Assign missing", lambda: glom.assign({}, "a.b", 1)),
        ("glom Assign str", lambda: glom.assign({"a": "x"}, "a.b", 1)),
        ("glom Assign tuple", lambda: glom.assign({"a": (1,)}, "a.0", 2)),
        ("glom Assign empty path", lambda: Assign("", 1)),
        ("glom Assign bad path type", lambda: Assign(5, 1)),
        ("glom Assign call", lambda: Assign(T.a.b(), 1)),
        ("glom Assign missing callable", lambda: Assign("a.b", 1, missing=5)),
        ("glom Delete missing", lambda: glom.delete({"a": {}}, "a.b")),
        ("glom Delete attribute", lambda: glom.delete({"a": object()}, "a.b")),
        ("glom Delete index", lambda: glom.delete({"a": [1]}, "a.5")),
        ("glom Delete empty", lambda: Delete("")),
        ("glom Delete bad type", lambda: Delete(5)),
        ("glom Delete call", lambda: Delete(T.a())),
        ("glom Sum not iterable", lambda: glom.glom(5, Sum())),
        ("glom Sum strings", lambda: glom.glom(["a", "b"], Sum())),
        ("glom Fold bad op", lambda: Fold(T, init=int, op=5)),
        ("glom Fold bad init", lambda: Fold(T, init=5)),
        ("glom Flatten levels", lambda: Flatten(levels=-1)),
        ("glom Flatten kwargs", lambda: Flatten(nope=1)),
        ("glom Flatten not iterable", lambda: glom.glom(5, Flatten())),
        ("glom Flatten init", lambda: glom.glom([[1]], Flatten(init=5))),
        ("glom Merge non dict", lambda: glom.glom([1, 2], Merge())),
        ("glom Merge bad op", lambda: Merge(op=5)),
        ("glom Merge kwargs", lambda: Merge(nope=1)),
        ("glom Iter not iterable", lambda: glom.glom(5, Iter())),
        ("glom Iter kwargs", lambda: Iter(nope=1)),
        ("glom Iter slice", lambda: Iter().slice(1, 2, 3, 4)),
        ("glom Iter first missing", lambda: glom.glom([1], Iter("x").first())),
        ("glom Group non iterable", lambda: glom.glom(5, Group([T]))),
        ("glom Group bad spec", lambda: glom.glom([1], Group(5))),
        ("glom Group dict in list", lambda: glom.glom([1], Group([{T: T}]))),
        ("glom Limit outside group", lambda: glom.glom([1], Limit(1))),
        ("glom Invoke bad func", lambda: Invoke(5)),
        ("glom Invoke specfunc", lambda: Invoke.specfunc(5)),
        ("glom Invoke raises", lambda: glom.glom(TARGET, Invoke(int).specs("name"))),
        ("glom Invoke no args", lambda: Invoke(int).star()),
        ("glom Spec call", lambda: glom.glom(TARGET, Spec("a.zz"))),
        ("glom Val call", lambda: glom.glom(TARGET, Val(1)("x"))),
        ("glom S args", lambda: S(1)),
        ("glom S no kwargs", lambda: S()),
        ("glom unregistered", lambda: glom.glom(5, ["x"])),
        ("glom register instance", lambda: glom.register(5, get=getattr)),
        ("glom register bad handler", lambda: glom.Glommer().register(int, iterate=5)),
        ("glom register_op name", lambda: glom.Glommer().scope[glom.core.TargetRegistry].register_op(5)),
        ("glom Glommer kwargs", lambda: glom.Glommer(nope=1)),
        ("glom Path from T", lambda: GPath.from_t(T.a).items() and GPath(T.a, 5).nope),
        ("glom Path bad segment", lambda: GPath("a", T.b)),
        ("glom Path startswith", lambda: GPath("a").startswith(5)),
        ("glom Path index", lambda: GPath("a")[5]),
        ("glom cli bad target format", lambda: quiet(cli.main, ["glom", "--target-format", "nope", "a", "{}"])),
        ("glom cli bad spec format", lambda: quiet(cli.main, ["glom", "--spec-format", "nope", "a", "{}"])),
        ("glom cli bad target", lambda: quiet(cli.main, ["glom", "a", "{nope"])),
        ("glom cli spec file missing", lambda: quiet(cli.main, ["glom", "--spec-file", "/nonexistent/spec", "{}"])),
        (
            "glom cli target file missing",
            lambda: quiet(cli.main, ["glom", "--target-file", "/nonexistent/target", "a"]),
        ),
        ("glom cli spec both", lambda: quiet(cli.main, ["glom", "--spec-file", "/x", "a", "{}"])),
        ("glom cli missing path", lambda: quiet(cli.main, ["glom", "a.b", '{"a": {}}'])),
    ]


def quiet(main, argv):
    """glom's command line prints its result: kept off stdout, which carries the records."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(argv)


if __name__ == "__main__":
    Recorder("glom", ("glom",)).run_all(cases())
