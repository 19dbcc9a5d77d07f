"""Raise real errors from pycparser, one JSON line each (see common.py): C code its parser rejects (missing
semicolons and braces, bad declarations, declarators and initialisers, misused keywords, types redeclared as names,
statements outside functions, bad casts, labels and switch bodies, unterminated comments, strings and characters,
bad numbers and escapes, stray characters, preprocessor lines it cannot read), files `parse_file` cannot open or
preprocess, and its AST, generator and visitor APIs misused; written from pycparser's documentation as a user would
use it (held-out: see SPLIT.md, fifth split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

SOURCES = [
    "int x",
    "int x = ;",
    "int main() { return 0 }",
    "int main() { return 0;",
    "int main() }",
    "int 1x;",
    "int int x;",
    "x;",
    "int f(int a, ) {}",
    "int f(int a, ...) { ... }",
    "int f(..., int a);",
    "int a[;",
    "int a[2] = {1, 2,, 3};",
    "int a = {;",
    "struct { int x } s;",
    "struct s { int x; ;",
    "struct s { int x: ; } v;",
    "enum { A, B,, } e;",
    "enum e { = 1 };",
    "union u { int x; } = 1;",
    "typedef int T; int T;",
    "typedef int T; T T;",
    "typedef;",
    "typedef int;",
    "void f() { int x; x = (int) ; }",
    "void f() { goto ; }",
    "void f() { label: }",
    "void f() { switch (x) { case : break; } }",
    "void f() { case 1: ; }",
    "void f() { if x { } }",
    "void f() { for (;;;) {} }",
    "void f() { while () {} }",
    "void f() { do {} while (1) }",
    "void f() { return return; }",
    "void f() { x = 1 +; }",
    "void f() { x = (1; }",
    "void f() { x = a ? b; }",
    "void f() { x = sizeof(); }",
    "void f() { x = a[; }",
    "void f() { x = f(1,); }",
    "void f() { x = a->; }",
    "void f() { x = a.1; }",
    "void f() { break }",
    "void f() { continue 1; }",
    "void f() { int (*)(int); }",
    "void f() { { }",
    "int f() { } }",
    "static static int x;",
    "const volatile;",
    "int x = 'ab;",
    'char *s = "unterminated;',
    "int x = 0x;",
    "int x = 08;",
    "float f = 1e;",
    "int x = 1 @ 2;",
    "int x = `1`;",
    "int x = $;",
    "/* unterminated comment",
    "int x = '\\q';",
    "#include <stdio.h>\nint x;",
    "#line x\nint y;",
    "#pragma\nint x = ;",
    "_Static_assert(1);",
    "_Static_assert(1, 2, 3);",
    "int f(void) { _Alignas() int x; }",
    "_Atomic int x = _Atomic;",
    "int f(int a[static]);",
    "int x = (struct {int a;}){ .a = };",
    "int a[] = { [0 = 1 };",
    "int a[] = { .x. = 1 };",
    "__attribute__((nope)) int x;",
    "asm(;",
    "int f(a, b) int a; { }",
    "int f(int);\nint f(int) = 1;",
    "auto x;",
    "register",
    "int x, ;",
    "int (x;",
    "int *const;",
    "long long long x;",
]


def cases():
    import pycparser
    from pycparser import c_ast, c_generator, c_parser

    parser = c_parser.CParser()
    for index, source in enumerate(SOURCES):
        yield f"pycparser parse {index} {source!r:.30}", lambda s=source: parser.parse(s, filename="example.c")
    with tempfile.TemporaryDirectory() as folder:
        broken = Path(folder) / "broken.c"
        broken.write_text("int main( {\n")
        yield from [
            ("pycparser parse_file missing", lambda: pycparser.parse_file(str(Path(folder) / "missing.c"))),
            ("pycparser parse_file broken", lambda: pycparser.parse_file(str(broken))),
            (
                "pycparser parse_file cpp missing",
                lambda: pycparser.parse_file(str(broken), use_cpp=True, cpp_path="/nonexistent/cpp"),
            ),
            ("pycparser parse_file cpp args", lambda: pycparser.parse_file(str(broken), use_cpp=True, cpp_args=1)),
            ("pycparser preprocess_file missing", lambda: pycparser.preprocess_file(str(broken), cpp_path="/nope/cpp")),
        ]
    yield from [
        ("pycparser parse bytes", lambda: parser.parse(b"int x;")),
        ("pycparser parse None", lambda: parser.parse(None)),
        ("pycparser parse int", lambda: parser.parse(12)),
        ("pycparser generator unknown node", lambda: c_generator.CGenerator().visit(object())),
        ("pycparser generator bad child", lambda: c_generator.CGenerator().visit(c_ast.BinaryOp("+", None, None))),
        (
            "pycparser generator bad decl",
            lambda: c_generator.CGenerator().visit(c_ast.Decl("x", [], [], [], [], 1, None, None)),
        ),
        ("pycparser node show", lambda: c_ast.ID(1).show(buf=None, offset="x")),
        ("pycparser node children", lambda: c_ast.Compound(block_items=1).children()),
        ("pycparser node iter", lambda: list(c_ast.FileAST(ext=1))),
        ("pycparser node kwargs", lambda: c_ast.ID(name="x", nope=1)),
        ("pycparser visitor", lambda: c_ast.NodeVisitor().visit(None)),
        ("pycparser CParser options", lambda: c_parser.CParser(lex_optimize=False, nope=1)),
        ("pycparser ParseError", lambda: c_parser.CParser().parse("int x = 1", debug=True)),
    ]


if __name__ == "__main__":
    Recorder("pycparser", ("pycparser",)).run_all(cases())
