"""Raise real errors from sqlglot, one JSON line each (see common.py): SQL it cannot tokenize or parse (unterminated
strings, comments and identifiers, missing parentheses and keywords, stray tokens, bad CASE, CAST, JOIN, INSERT and
CREATE statements), transpiling what a dialect does not support with `unsupported_level` raised, unknown dialects,
expression builders misused, the optimizer given columns and tables it cannot resolve, schemas of the wrong shape,
lineage of columns a query lacks, bad JSON paths, and the Python executor given tables it lacks; written from
sqlglot's documentation as a user would use it (held-out: see SPLIT.md, sixth split).

sqlglot is installed from its pure-Python wheel: neither its deprecated Rust tokenizer (sqlglotrs) nor its compiled
build (sqlglotc) is, so every error is raised by a Python file a harvest reads (checked below)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Statements sqlglot.parse_one rejects, one mistake each.
BAD_SQL = [
    "SELECT 'unterminated",
    'SELECT "unterminated',
    "SELECT /* open comment",
    "SELECT `a FROM t",
    "SELECT (1 + 2 FROM t",
    "SELECT 1 + FROM t",
    "SELECT * FROM",
    "SELECT * FROM t WHERE",
    "SELECT a FROM t GROUP",
    "SELECT a FROM t ORDER BY",
    "SELECT CASE WHEN a THEN 1 FROM t",
    "SELECT CAST(a) FROM t",
    "SELECT CAST(a AS) FROM t",
    "SELECT a FROM t JOIN u ON",
    "SELECT a FROM t LIMIT",
    "SELECT a, FROM t",
    "SELECT a FROM t)",
    "INSERT INTO t VALUES (1, 2",
    "INSERT INTO VALUES (1)",
    "UPDATE t SET WHERE a = 1",
    "DELETE t",
    "CREATE TABLE t (a INT,",
    "CREATE TABLE (a INT)",
    "DROP",
    "SELECT a FROM t UNION",
    "WITH x AS SELECT 1 SELECT * FROM x",
    "SELECT a FROM t WHERE a IN (1, 2",
    "SELECT a FROM t WHERE a BETWEEN 1",
    "SELECT COUNT( FROM t",
    "SELECT * FROM t AS",
    "SELECT a FROM t WINDOW w AS",
    "SELECT ROW_NUMBER() OVER (PARTITION BY) FROM t",
    "SELECT INTERVAL FROM t",
    "SELECT 1 1",
    "SELECT a FROM t t2 t3",
    "SELECT {a FROM t",
    "SELECT x'zz'",
    "SELECT a[1 FROM t",
    "ALTER TABLE t ADD",
    "SELECT * FROM t PIVOT (SUM(a) FOR)",
    "MERGE INTO t USING u ON",
]
# Statements a dialect cannot write, transpiled with unsupported_level=RAISE: (sql, read, write).
UNSUPPORTED = [
    ("SELECT APPROX_DISTINCT(a) FROM t", "presto", "sqlite"),
    ("SELECT * FROM t TABLESAMPLE (10 PERCENT)", "tsql", "sqlite"),
    ("SELECT a FROM t QUALIFY ROW_NUMBER() OVER (ORDER BY a) = 1", "snowflake", "postgres"),
    ("SELECT * FROM UNNEST([1, 2], [3, 4])", "bigquery", "postgres"),
    ("SELECT STRUCT(1 AS a)", "bigquery", "mysql"),
    ("SELECT a FROM t LIMIT 1 WITH TIES", "postgres", "mysql"),
    ("SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY a) FROM t", "postgres", "sqlite"),
    ("SELECT a FROM t FOR UPDATE SKIP LOCKED", "postgres", "sqlite"),
]


def cases():
    import sqlglot
    from sqlglot import exp, tokenizer_core
    from sqlglot.errors import ErrorLevel
    from sqlglot.executor import execute
    from sqlglot.lineage import lineage
    from sqlglot.optimizer import optimize
    from sqlglot.optimizer.qualify import qualify
    from sqlglot.schema import MappingSchema

    assert tokenizer_core.__file__.endswith(".py"), "sqlglot's compiled tokenizer is installed"
    for index, sql in enumerate(BAD_SQL):
        yield f"sqlglot parse_one {index} {sql!r}", lambda s=sql: sqlglot.parse_one(s)
    for index, (sql, read, write) in enumerate(UNSUPPORTED):
        yield (
            f"sqlglot transpile unsupported {index}",
            lambda s=sql, r=read, w=write: sqlglot.transpile(s, read=r, write=w, unsupported_level=ErrorLevel.RAISE),
        )
    schema = {"t": {"a": "INT", "b": "TEXT"}, "u": {"a": "INT", "c": "INT"}}
    yield from [
        ("sqlglot parse error level raise", lambda: sqlglot.parse("SELECT (1", error_level=ErrorLevel.RAISE)),
        ("sqlglot tokenize", lambda: sqlglot.tokenize("SELECT 'x")),
        ("sqlglot parse_one empty", lambda: sqlglot.parse_one("")),
        ("sqlglot parse_one comment only", lambda: sqlglot.parse_one("-- nothing")),
        ("sqlglot parse_one into", lambda: sqlglot.parse_one("SELECT 1", into=exp.Table)),
        ("sqlglot parse_one into unknown", lambda: sqlglot.parse_one("x", into=exp.Alias)),
        ("sqlglot unknown read dialect", lambda: sqlglot.transpile("SELECT 1", read="postgress")),
        ("sqlglot unknown write dialect", lambda: sqlglot.transpile("SELECT 1", write="nope")),
        ("sqlglot dialect type", lambda: sqlglot.transpile("SELECT 1", read=5)),
        ("sqlglot dialect settings", lambda: sqlglot.Dialect.get_or_raise("mysql, normalization_strategy = nope")),
        ("sqlglot dialect bad setting", lambda: sqlglot.Dialect.get_or_raise("mysql, x")),
        ("sqlglot normalize identify", lambda: sqlglot.Dialect.get_or_raise("mysql").normalize_identifier(5)),
        ("sqlglot exp to_identifier int", lambda: exp.to_identifier(5)),
        ("sqlglot exp to_table empty", lambda: exp.to_table("")),
        ("sqlglot exp to_column bad", lambda: exp.to_column(5)),
        ("sqlglot exp var empty", lambda: exp.var("")),
        ("sqlglot exp alias columns", lambda: exp.alias_("x", "", table=True, columns=["a"])),
        ("sqlglot exp func both", lambda: exp.func("COALESCE", "a", b="c")),
        ("sqlglot exp func unknown kwargs", lambda: exp.func("nope_fn", a=1)),
        ("sqlglot exp func bad arity", lambda: exp.func("ABS", "a", "b", "c")),
        ("sqlglot exp convert object", lambda: exp.convert(object())),
        ("sqlglot exp interval", lambda: exp.Interval(this=exp.Literal.number(1)).to_dot()),
        ("sqlglot exp cast bad type", lambda: exp.cast("a", "NOT A TYPE(")),
        ("sqlglot exp DataType build", lambda: exp.DataType.build("NOPE<")),
        ("sqlglot exp DataType build int", lambda: exp.DataType.build(5)),
        ("sqlglot exp assert_is", lambda: sqlglot.parse_one("SELECT 1").assert_is(exp.Table)),
        ("sqlglot exp maybe_parse none", lambda: exp.maybe_parse(None)),
        ("sqlglot exp maybe_parse bad", lambda: exp.maybe_parse("SELECT (", into=exp.Select)),
        ("sqlglot exp select where bad", lambda: exp.select("a").from_("t").where("a = (")),
        ("sqlglot exp replace", lambda: exp.column("a").replace(5)),
        ("sqlglot exp set unknown", lambda: exp.column("a").set("nope", 1)),
        ("sqlglot exp union bad", lambda: exp.union("SELECT 1")),
        ("sqlglot exp condition bad", lambda: exp.condition("a = ")),
        ("sqlglot exp and_ bad", lambda: exp.and_("a = 1", "b = ")),
        ("sqlglot exp subquery", lambda: exp.subquery("SELECT (", "x")),
        ("sqlglot exp table_name", lambda: exp.table_name(5)),
        ("sqlglot exp to_interval", lambda: exp.to_interval(exp.Literal.number(5))),
        ("sqlglot exp from_ bad", lambda: exp.select("a").from_(5)),
        ("sqlglot exp insert bad", lambda: exp.insert("VALUES (", "t")),
        ("sqlglot exp column bad fields", lambda: exp.column("a", fields=[5])),
        ("sqlglot exp expression sql unknown dialect", lambda: exp.column("a").sql(dialect="nope")),
        ("sqlglot exp generator unsupported", lambda: sqlglot.Generator().generate(exp.Expression())),
        ("sqlglot optimize unknown column", lambda: optimize("SELECT z FROM t", schema=schema)),
        ("sqlglot optimize unknown table", lambda: optimize("SELECT t.a FROM x", schema=schema)),
        ("sqlglot optimize ambiguous", lambda: optimize("SELECT a FROM t JOIN u ON t.a = u.a", schema=schema)),
        ("sqlglot optimize unknown output", lambda: optimize("SELECT a FROM t ORDER BY 3", schema=schema)),
        (
            "sqlglot optimize missing join source",
            lambda: qualify(sqlglot.parse_one("SELECT a FROM t JOIN u USING (z)"), schema=schema),
        ),
        ("sqlglot qualify star unknown", lambda: qualify(sqlglot.parse_one("SELECT x.* FROM t"), schema=schema)),
        (
            "sqlglot qualify validate",
            lambda: qualify(sqlglot.parse_one("SELECT nope FROM t"), schema=schema, validate_qualify_columns=True),
        ),
        ("sqlglot optimize bad sql", lambda: optimize("SELECT (", schema=schema)),
        ("sqlglot optimize unknown rule", lambda: sqlglot.optimizer.nope),
        ("sqlglot schema depth", lambda: MappingSchema({"t": {"a": "INT"}, "db": {"u": {"b": "INT"}}})),
        ("sqlglot schema empty table", lambda: MappingSchema({"t": {}})),
        ("sqlglot schema bad type", lambda: MappingSchema({"t": {"a": "NOT_A_TYPE<"}}).column_names("t")),
        (
            "sqlglot schema type build",
            lambda: (
                MappingSchema({"t": {"a": "INT"}}).get_column_type("t", "a")
                and MappingSchema({"t": {"a": "ARRAY<"}}).get_column_type("t", "a")
            ),
        ),
        (
            "sqlglot schema add table depth",
            lambda: MappingSchema({"t": {"a": "INT"}}).add_table("db.cat.x.y", {"b": "INT"}),
        ),
        (
            "sqlglot schema ambiguous",
            lambda: MappingSchema({"d1": {"t": {"a": "INT"}}, "d2": {"t": {"a": "INT"}}}).column_names("t"),
        ),
        ("sqlglot schema mapping type", lambda: MappingSchema({"t": 5})),
        ("sqlglot schema columns list", lambda: MappingSchema({"t": ["a", 5]}).column_names("t")),
        ("sqlglot lineage missing column", lambda: lineage("z", "SELECT a FROM t")),
        ("sqlglot lineage not select", lambda: lineage("a", "INSERT INTO t VALUES (1)")),
        ("sqlglot lineage index", lambda: lineage(5, "SELECT a FROM t")),
        ("sqlglot jsonpath", lambda: sqlglot.parse_one("SELECT JSON_EXTRACT(a, '$.[') FROM t", read="mysql")),
        ("sqlglot jsonpath bad index", lambda: sqlglot.jsonpath.parse("$[1.5.2]")),
        ("sqlglot jsonpath empty segment", lambda: sqlglot.jsonpath.parse("$[]")),
        ("sqlglot jsonpath dot", lambda: sqlglot.jsonpath.parse("$.")),
        ("sqlglot jsonpath unexpected", lambda: sqlglot.jsonpath.parse("$)")),
        ("sqlglot execute missing table", lambda: execute("SELECT a FROM nope", tables={"t": [{"a": 1}]})),
        ("sqlglot execute missing column", lambda: execute("SELECT z FROM t", tables={"t": [{"a": 1}]})),
        ("sqlglot execute bad function", lambda: execute("SELECT NOPE_FN(a) FROM t", tables={"t": [{"a": 1}]})),
        ("sqlglot execute type error", lambda: execute("SELECT a + 'x' FROM t", tables={"t": [{"a": 1}]})),
        ("sqlglot execute tables shape", lambda: execute("SELECT a FROM t", tables={"t": [{"a": 1}, {"b": 2}]})),
        ("sqlglot diff bad", lambda: sqlglot.diff.diff("SELECT 1", exp.column("a"))),
        ("sqlglot transpile pretty none", lambda: sqlglot.transpile(None)),
        ("sqlglot parse_one int", lambda: sqlglot.parse_one(5)),
    ]


if __name__ == "__main__":
    Recorder("sqlglot", ("sqlglot",)).run_all(cases())
