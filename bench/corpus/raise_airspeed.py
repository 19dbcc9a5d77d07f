"""Raise real errors from airspeed, one JSON line each (see common.py): Velocity templates it cannot parse (directives
never closed or misspelt, bad expressions, ranges, maps and lists, macros with reserved names or defined twice,
`#set` without an assignment), and templates that fail as they are merged (calls of missing macros, loops over what is
not iterable, `#include` and `#parse` without a loader or of missing files, errors raised by the namespace's own
methods); written from airspeed's documentation as a user would use it (held-out: see SPLIT.md, eighth split).

airspeed holds few raise sites (a syntax error is one `raise self.syntax_error(...)` of a few parser methods, an
execution error one `raise TemplateExecutionError(self) from e`)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Templates airspeed refuses to parse, one mistake each.
SYNTAX = [
    "#if ($a) yes",
    "#if $a) yes #end",
    "#if ($a yes #end",
    "#foreach ($x in) $x #end",
    "#foreach ($x on $list) $x #end",
    "#foreach ($x in $list) $x",
    "#set ($a 1)",
    "#set ($a = )",
    "#set (a = 1)",
    "#set ($a = [1, 2)",
    "#set ($a = {'k': })",
    "#set ($a = [1..])",
    "#set ($a = 'unterminated)",
    "#macro (if) x #end",
    "#macro () x #end",
    "#macro (m $a x #end",
    "#else",
    "#end",
    "#elseif ($a) x",
    "#if ($a) x #else y #else z #end",
    "${a",
    "$a.b(",
    "$a.b(1,)",
    "$a[",
    "#include()",
    "#parse",
    "#define ($d) text",
    "#evaluate(",
    "#if ($a == ) x #end",
    "#if ($a && ) x #end",
    "#if (!) x #end",
    "$!{",
    "#{if}($a) x #{else",
    "#set ($a = 1 +)",
    "#set ($a = (1 + 2)",
]


class Account:
    """An object a template calls methods of: one of them fails as a real model's might."""

    name = "corpus"

    def balance(self):
        raise RuntimeError("the ledger is closed")

    def greet(self, who):
        return "hello " + who


def cases():
    import airspeed

    folder = Path(tempfile.mkdtemp(prefix="corpus-airspeed-"))
    (folder / "page.vm").write_text("#parse('missing.vm')")
    (folder / "broken.vm").write_text("#if ($a) never closed")
    loader = airspeed.CachingFileLoader(str(folder))

    def merged(text, namespace=None, loader=None):
        return lambda: airspeed.Template(text).merge(namespace or {}, loader=loader)

    yield from ((f"airspeed syntax {text!r}", merged(text)) for text in SYNTAX)
    yield from [
        ("airspeed missing macro", merged("#nosuchmacro()")),
        ("airspeed missing macro arguments", merged("#m(1 2)")),
        ("airspeed macro redefined", merged("#macro (m) x #end#macro (m) y #end")),
        ("airspeed macro arity", merged("#macro (m $a $b) $a$b #end#m(1)")),
        ("airspeed foreach not iterable", merged("#foreach ($x in $n) $x #end", {"n": 5})),
        ("airspeed foreach none", merged("#foreach ($x in $nothing.attr) $x #end", {"nothing": None})),
        ("airspeed range not numbers", merged("#foreach ($x in [1..$a]) $x #end", {"a": "z"})),
        ("airspeed method raises", merged("$account.balance()", {"account": Account()})),
        ("airspeed method arguments", merged("$account.greet()", {"account": Account()})),
        ("airspeed method wrong type", merged("$account.greet(5)", {"account": Account()})),
        ("airspeed call not callable", merged("$account.name()", {"account": Account()})),
        ("airspeed index out of range", merged("$list[5]", {"list": [1, 2]})),
        ("airspeed index missing key", merged("$map['nope']", {"map": {}})),
        ("airspeed division by zero", merged("#set ($a = 1 / 0)$a")),
        ("airspeed modulo by zero", merged("#set ($a = 1 % 0)$a")),
        ("airspeed add mismatched", merged("#set ($a = 'x' + 1)$a")),
        ("airspeed compare mismatched", merged("#if ('x' < 1) y #end")),
        ("airspeed include no loader", merged("#include('other.vm')")),
        ("airspeed parse no loader", merged("#parse('other.vm')")),
        ("airspeed include missing", merged("#include('missing.vm')", loader=loader)),
        ("airspeed parse missing", merged("#parse('missing.vm')", loader=loader)),
        ("airspeed parse nested missing", merged("#parse('page.vm')", loader=loader)),
        ("airspeed parse broken", merged("#parse('broken.vm')", loader=loader)),
        ("airspeed loader missing", lambda: loader.load_template("nope.vm")),
        ("airspeed evaluate broken", merged("#evaluate('#if (')")),
        ("airspeed evaluate not a string", merged("#evaluate($n)", {"n": 5})),
        ("airspeed set index", merged("#set ($list[0] = 1)", {"list": []})),
        ("airspeed merge not a dict", lambda: airspeed.Template("$a").merge(5)),
        ("airspeed template not a string", lambda: airspeed.Template(5).merge({})),
        ("airspeed define call", merged("#define ($d) $x.y() #end$d", {"x": 5})),
        ("airspeed size of int", merged("$n.size()", {"n": 5})),
        ("airspeed string method", merged("$s.substring(10, 2)", {"s": "abc"})),
        ("airspeed dictionary key", merged("#set ($m = {[1]: 2})$m")),
    ]


if __name__ == "__main__":
    Recorder("airspeed", ("airspeed",)).run_all(cases())
