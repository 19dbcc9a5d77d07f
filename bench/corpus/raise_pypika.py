"""Raise real errors from PyPika, one JSON line each (see common.py): queries built wrongly (a second FROM, INTO or
UPDATE table, joins without a criterion or with fields missing, selects with no table, unions of different widths,
rollups in the wrong place, a CASE without WHEN, DELETE and INSERT on a SELECT), dialects' own clauses misused
(PostgreSQL's ON CONFLICT and RETURNING, MSSQL's TOP, Oracle and MySQL extensions), DDL builders missing their parts
(CREATE TABLE, CREATE INDEX, DROP), terms used as they cannot be (a field subscripted, a function given the wrong
arguments); written from PyPika's documentation as a user would use it (held-out: see SPLIT.md, eighth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def cases():
    from pypika import (
        AliasedQuery,
        Case,
        Column,
        Criterion,
        CustomFunction,
        Field,
        MSSQLQuery,
        MySQLQuery,
        OracleQuery,
        PostgreSQLQuery,
        Query,
        Table,
        Tables,
        Tuple,
    )
    from pypika import functions as fn
    from pypika.terms import Rollup

    users, orders = Tables("users", "orders")
    events = Table("events")

    def sql(builder):
        return lambda: builder().get_sql()

    def on_conflict_twice():
        return PostgreSQLQuery.into(users).insert(1).on_conflict("id").do_nothing().do_update("name", "x")

    def do_nothing_then_update():
        return PostgreSQLQuery.into(users).insert(1).on_conflict("id").do_update("name", "x").do_nothing()

    yield from [
        ("pypika from twice", lambda: Query.from_(users).into(orders)),
        ("pypika into twice", lambda: Query.into(users).into(orders)),
        ("pypika update then into", lambda: Query.update(users).into(orders)),
        ("pypika into then update", lambda: Query.into(users).update(orders)),
        ("pypika delete on select", lambda: Query.from_(users).select("id").delete().insert(1)),
        ("pypika insert on select", lambda: Query.from_(users).select("id").insert(1)),
        ("pypika select without from", sql(lambda: Query.select(users.id))),
        (
            "pypika select field without from",
            lambda: Query.select(Field("id", table=users)).where(users.id == 1).get_sql(),
        ),
        ("pypika join without on", sql(lambda: Query.from_(users).join(orders).select("*"))),
        ("pypika join on wrong table", lambda: Query.from_(users).join(orders).on(events.id == users.id)),
        ("pypika join on_field none", lambda: Query.from_(users).join(orders).on_field()),
        ("pypika join using none", lambda: Query.from_(users).join(orders).using()),
        ("pypika join type", lambda: Query.from_(users).join(5)),
        ("pypika join cross on", lambda: Query.from_(users).join(orders, how="nope")),
        ("pypika union widths", sql(lambda: Query.from_(users).select("a") + Query.from_(orders).select("a", "b"))),
        ("pypika union all widths", sql(lambda: Query.from_(users).select("a") * Query.from_(orders).select("a", "b"))),
        (
            "pypika intersect widths",
            sql(lambda: Query.from_(users).select("a").intersect(Query.from_(orders).select("a", "b"))),
        ),
        ("pypika union with query", lambda: (Query.from_(users).select("a") + 5).get_sql()),
        ("pypika rollup mysql", lambda: MySQLQuery.from_(users).select("a").rollup(users.a, users.b)),
        ("pypika rollup twice", lambda: MySQLQuery.from_(users).select("a").groupby("a").rollup().rollup()),
        ("pypika rollup mysql vendor", lambda: MySQLQuery.from_(users).groupby(Rollup(users.a)).rollup(users.b)),
        ("pypika case without when", sql(lambda: Query.from_(users).select(Case().else_("x")))),
        ("pypika case empty", lambda: Case().get_sql()),
        ("pypika field subscript", lambda: users.id[5]),
        ("pypika function arguments", lambda: fn.Count(users.id, users.name, users.age).get_sql()),
        ("pypika cast type", lambda: fn.Cast(users.id, None).get_sql()),
        ("pypika extract unit", lambda: fn.Extract("nope", users.created).get_sql()),
        ("pypika criterion any", lambda: Criterion.any(5)),
        ("pypika tuple in", lambda: Tuple(1, 2).isin(5).get_sql()),
        ("pypika order direction", lambda: Query.from_(users).select("a").orderby("a", order="up").get_sql()),
        ("pypika limit string", lambda: Query.from_(users).select("a").limit("ten").get_sql()),
        ("pypika slice step", lambda: Query.from_(users).select("a")[1:10:2]),
        ("pypika for_ twice", lambda: Table("t").for_(users.id).for_portion(users.id)),
        ("pypika for_portion twice", lambda: Table("t").for_portion(users.id).for_portion(users.id)),
        ("pypika table query_cls", lambda: Table("t", query_cls=dict)),
        ("pypika aliased query", lambda: Query.from_(AliasedQuery("q")).select("*").get_sql()),
        ("pypika postgres on conflict twice", on_conflict_twice),
        ("pypika postgres do nothing after update", do_nothing_then_update),
        ("pypika postgres on conflict select", lambda: PostgreSQLQuery.from_(users).select("a").on_conflict("id")),
        (
            "pypika postgres update field",
            lambda: PostgreSQLQuery.into(users).insert(1).on_conflict("id").do_update(5, "x"),
        ),
        (
            "pypika postgres do nothing where",
            lambda: PostgreSQLQuery.into(users).insert(1).on_conflict("id").do_nothing().where(users.id == 1),
        ),
        (
            "pypika postgres fieldless where",
            lambda: PostgreSQLQuery.into(users).insert(1).on_conflict().where(users.id == 1),
        ),
        ("pypika postgres no handler", sql(lambda: PostgreSQLQuery.into(users).insert(1).on_conflict("id"))),
        (
            "pypika postgres fieldless update",
            sql(lambda: PostgreSQLQuery.into(users).insert(1).on_conflict().do_update("name", "x")),
        ),
        (
            "pypika postgres returning aggregate",
            lambda: PostgreSQLQuery.into(users).insert(1).returning(fn.Count(users.id)),
        ),
        ("pypika postgres returning select", lambda: PostgreSQLQuery.from_(users).select("a").returning("id")),
        ("pypika postgres returning other table", lambda: PostgreSQLQuery.into(users).insert(1).returning(orders.id)),
        ("pypika postgres distinct on", lambda: PostgreSQLQuery.from_(users).distinct_on(5).get_sql()),
        ("pypika mssql top string", lambda: MSSQLQuery.from_(users).select("a").top("ten")),
        ("pypika mssql top percent", lambda: MSSQLQuery.from_(users).select("a").top(150, percent=True)),
        ("pypika mssql fetch next", lambda: MSSQLQuery.from_(users).select("a").fetch_next("x").get_sql()),
        ("pypika oracle", lambda: OracleQuery.from_(users).select("a").limit(5).offset("x").get_sql()),
        (
            "pypika mysql on duplicate",
            lambda: MySQLQuery.from_(users).select("a").on_duplicate_key_update(5, 1).get_sql(),
        ),
        ("pypika create table twice", lambda: Query.create_table("a").create_table("b")),
        (
            "pypika create table as_select twice",
            lambda: (
                Query.create_table("a")
                .as_select(Query.from_(users).select("a"))
                .as_select(Query.from_(users).select("a"))
            ),
        ),
        ("pypika create table as_select type", lambda: Query.create_table("a").as_select("SELECT 1")),
        (
            "pypika create table columns and select",
            lambda: Query.create_table("a").columns("id").as_select(Query.from_(users).select("a")),
        ),
        (
            "pypika create table select and columns",
            lambda: Query.create_table("a").as_select(Query.from_(users).select("a")).columns("id"),
        ),
        ("pypika create table primary key twice", lambda: Query.create_table("a").primary_key("id").primary_key("id")),
        (
            "pypika create table foreign key twice",
            lambda: Query.create_table("a").foreign_key(["x"], users, ["id"]).foreign_key(["y"], users, ["id"]),
        ),
        ("pypika create table column type", lambda: Query.create_table("a").columns(Column("id", 5)).get_sql()),
        ("pypika create index no columns", lambda: Query.create_index("idx").on(users).get_sql()),
        ("pypika create index no table", lambda: Query.create_index("idx").columns("a").get_sql()),
        ("pypika drop twice", lambda: Query.drop_table("a").drop_table("b")),
        ("pypika drop database twice", lambda: Query.drop_database("a").drop_user("b")),
        ("pypika update set value", lambda: Query.update(users).set(5, 1).get_sql()),
        ("pypika insert columns", lambda: Query.into(users).columns(5).insert(1).get_sql()),
        ("pypika query attribute", lambda: Query.nope),
        ("pypika builder attribute", lambda: Query.from_(users).nope()),
        ("pypika select string without from", lambda: Query.select("id")),
        ("pypika join on none", lambda: Query.from_(users).join(orders).on(None)),
        ("pypika rollup without group", lambda: Query.from_(users).select("a").rollup(vendor="mysql")),
        ("pypika rollup after mysql rollup", lambda: MySQLQuery.from_(users).groupby("a").rollup().rollup()),
        ("pypika custom function arguments", lambda: CustomFunction("DATE_DIFF", ["interval", "start"])(1)),
        (
            "pypika mysql ignore then update",
            lambda: MySQLQuery.into(users).insert(1).ignore().on_duplicate_key_update("a", 1),
        ),
        ("pypika local without temporary", lambda: Query.create_table("a").local()),
        ("pypika preserve rows without temporary", lambda: Query.create_table("a").preserve_rows()),
        ("pypika drop on cluster twice", lambda: Query.drop_table("a").on_cluster("c").on_cluster("d")),
        ("pypika update then delete", lambda: Query.update(users).set("a", 1).update(orders)),
        ("pypika insert then update", lambda: Query.into(users).insert(1).update(orders)),
        ("pypika deepcopy attribute", lambda: Query.from_(users).__deepcopy__),
        (
            "pypika postgres returning delete select",
            lambda: PostgreSQLQuery.from_(users).select("a").returning(users.id),
        ),
    ]


if __name__ == "__main__":
    Recorder("PyPika", ("pypika",)).run_all(cases())
