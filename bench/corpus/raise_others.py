"""Raise real errors from the installed Jinja2, click, SQLAlchemy and requests, one JSON line each (see common.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

BAD = ["", "x", "-1", "abc", "1.5", "2020-13-45", "maybe", "/no/such/path", "99999999999999999999", "nan"]


def jinja_cases():
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    env = jinja2.Environment(loader=jinja2.DictLoader({"base.html": "{% block a %}{% endblock %}"}))
    strict = jinja2.Environment(undefined=jinja2.StrictUndefined)
    tags = [
        "for",
        "if",
        "elif",
        "else",
        "block",
        "extends",
        "include",
        "import",
        "from",
        "macro",
        "call",
        "filter",
        "set",
        "with",
        "autoescape",
        "raw",
        "endfor",
        "endif",
        "endblock",
        "endmacro",
        "break",
        "continue",
        "trans",
    ]
    shapes = [
        "{%% %s %%}",
        "{%% %s x %%}",
        "{%% %s x in %%}",
        "{%% %s 1 + %%}",
        "{%% %s x y z %%}",
        "{%% %s x %%}{%% endnope %%}",
        "{%% %s ( %%}",
        "{%% %s x, %%}",
        "{%% %s 'a' as %%}",
    ]
    for tag in tags:
        for shape in shapes:
            source = shape % tag
            yield f"jinja {source}", lambda s=source: env.from_string(s)
    expressions = [
        "{{ }}",
        "{{ x | }}",
        "{{ x|nofilter }}",
        "{{ x is notest }}",
        "{{ x. }}",
        "{{ x[ }}",
        "{{ ( }}",
        "{{ 'a }}",
        "{{ x + }}",
        "{{ 1 2 }}",
        "{{ x(1=2) }}",
        "{{ x(a=1, 2) }}",
        "{{ {1: } }}",
        "{{ [1, }}",
        "{% for x in y %}{% endif %}",
        "{% if x %}{% endfor %}",
        "{% macro m(a=1, b) %}{% endmacro %}",
        "{% set x %}",
        "{{ x.__class__ }}",
        "{% block a %}{% endblock %}{% block a %}{% endblock %}",
        "{{ x|default(1, 2, 3, 4) }}",
        "{% extends %}",
        "{% import 'a' %}",
        "{% from 'a' import %}",
        "{{ x if }}",
        "{{ not }}",
        "{{ x ** }}",
        "{% with %}{% endwith %}",
        "{% for %}{% endfor %}",
    ]
    for source in expressions:
        yield f"jinja {source}", lambda s=source: env.from_string(s)
    renders = [
        "{{ x }}",
        "{{ x.y }}",
        "{{ x + 1 }}",
        "{{ x() }}",
        "{{ x[0] }}",
        "{% for a in x %}{% endfor %}",
        "{{ x|length }}",
        "{{ x is divisibleby 2 }}",
        "{{ -x }}",
        "{{ x ~ 'a' }}",
    ]
    for source in renders:
        yield f"jinja strict {source}", lambda s=source: strict.from_string(s).render()
    yield from [
        ("jinja missing", lambda: env.get_template("missing.html")),
        ("jinja none found", lambda: env.select_template(["a.html", "b.html"])),
        ("jinja none given", lambda: env.select_template([])),
        ("jinja no loader", lambda: jinja2.Environment().get_template("a.html")),
        ("jinja extends missing", lambda: env.from_string("{% extends 'nope.html' %}").render()),
        ("jinja include missing", lambda: env.from_string("{% include 'nope.html' %}").render()),
        ("jinja round method", lambda: env.from_string("{{ 1.5|round(method='x') }}").render()),
        ("jinja sandbox", lambda: SandboxedEnvironment().from_string("{{ ''.__class__.__mro__ }}").render()),
        ("jinja sandbox call", lambda: SandboxedEnvironment().from_string("{{ x.mro() }}").render(x=int)),
        ("jinja undefined filter at runtime", lambda: env.from_string("{{ x|nofilter }}").render()),
        ("jinja batch", lambda: env.from_string("{{ [1]|batch(0)|list }}").render()),
        ("jinja slice", lambda: env.from_string("{{ [1]|slice(0)|list }}").render()),
        ("jinja attr", lambda: SandboxedEnvironment().from_string("{{ x|attr('__class__') }}").render(x=1)),
        ("jinja call non-callable", lambda: env.from_string("{{ x() }}").render(x=1)),
        ("jinja macro kwargs", lambda: env.from_string("{% macro m(a) %}{% endmacro %}{{ m(1, 2, 3) }}").render()),
        ("jinja macro unknown kwarg", lambda: env.from_string("{% macro m(a) %}{% endmacro %}{{ m(b=2) }}").render()),
        ("jinja bad delimiters", lambda: jinja2.Environment(block_start_string="{{")),
        ("jinja sum", lambda: env.from_string("{{ ['a']|sum }}").render()),
        ("jinja int base", lambda: env.from_string("{{ 'z'|int(base=99) }}").render()),
        ("jinja undefined getattr", lambda: str(jinja2.StrictUndefined(name="x"))),
        ("jinja chainable", lambda: str(jinja2.ChainableUndefined(name="x"))),
        # Added in round 15, to check the round's changes against errors they were not written for.
        ("jinja dictsort by", lambda: env.from_string("{{ {'a': 1}|dictsort(by='nope') }}").render()),
        ("jinja set attribute", lambda: env.from_string("{% set a.b = 1 %}")),
        ("jinja loop not recursive", lambda: env.from_string("{% for a in [1] %}{{ loop([]) }}{% endfor %}").render()),
        ("jinja sandbox range", lambda: SandboxedEnvironment().from_string("{{ range(10**7) }}").render()),
        ("jinja from missing", lambda: env.from_string("{% from 'base.html' import nope %}").render()),
        ("jinja import missing", lambda: env.from_string("{% import 'nope.html' as n %}").render()),
        ("jinja unknown test at runtime", lambda: env.from_string("{{ x is nope }}").render()),
        ("jinja map no attribute", lambda: env.from_string("{{ [1]|map()|list }}").render()),
        ("jinja compile expression", lambda: env.compile_expression("1 +")),
    ]


def click_cases():
    import click

    types = [
        click.INT,
        click.FLOAT,
        click.BOOL,
        click.UUID,
        click.Choice(["a", "b"]),
        click.IntRange(0, 5),
        click.FloatRange(0, 1),
        click.IntRange(0, 5, min_open=True, max_open=True),
        click.DateTime(),
        click.Path(exists=True),
        click.Path(exists=False, dir_okay=False),
        click.File("r"),
        click.Tuple([int, int]),
        click.IntRange(min=3),
        click.FloatRange(max=0, max_open=True),
    ]
    for t in types:
        for value in BAD:
            yield f"click {t!r:.30}.convert({value!r})", lambda t=t, v=value: t.convert(v, None, None)

    @click.command()
    @click.option("--n", type=int, required=True)
    @click.option("--flag/--no-flag")
    @click.option("--pair", nargs=2, type=int)
    @click.option("--mode", type=click.Choice(["x", "y"]))
    @click.argument("name")
    def cmd(n, flag, pair, mode, name):
        pass

    @click.group()
    def group():
        pass

    group.add_command(cmd, "run")
    argvs = [
        [],
        ["a"],
        ["--nope", "a"],
        ["--n"],
        ["--n", "x", "a"],
        ["--n", "1", "a", "b"],
        ["--pair", "1", "a"],
        ["--mode", "z", "--n", "1", "a"],
        ["--flag=1", "a"],
        ["--n", "1"],
        ["-x"],
        ["--fla", "a"],
    ]
    for argv in argvs:
        yield f"click cmd {argv}", lambda a=argv: cmd.main(a, standalone_mode=False)
        yield f"click group run {argv}", lambda a=argv: group.main(["run", *a], standalone_mode=False)
    yield from [
        ("click no command", lambda: group.main(["nope"], standalone_mode=False)),
        ("click group missing", lambda: group.main([], standalone_mode=False)),
        ("click bad option name", lambda: click.Option(["n"])),
        ("click argument bad", lambda: click.Argument(["--x"])),
        ("click prompt and flag", lambda: click.Option(["--x"], prompt=True, is_flag=True, multiple=True)),
        ("click count and type", lambda: click.Option(["--x"], count=True, multiple=True)),
        ("click nargs negative", lambda: click.Option(["--x"], nargs=-1)),
        ("click ctx missing", lambda: click.get_current_context()),
        ("click file missing", lambda: click.open_file("/no/such/file")),
        ("click path dir not file", lambda: click.Path(exists=True, file_okay=False).convert(__file__, None, None)),
        ("click path file not dir", lambda: click.Path(exists=True, dir_okay=False).convert("/", None, None)),
        ("click datetime formats", lambda: click.DateTime(formats=["%Y"]).convert("x", None, None)),
        ("click choice nocase", lambda: click.Choice(["A"], case_sensitive=False).convert("b", None, None)),
        ("click flag with nargs", lambda: click.Option(["--x"], is_flag=True, nargs=2)),
        ("click secondary without flag", lambda: click.Option(["--x/--no-x"], is_flag=False)),
        ("click chain with optional", lambda: click.Group(chain=True).add_command(click.Group("g"))),
    ]


def sqlalchemy_cases():
    import sqlalchemy as sa
    from sqlalchemy import orm
    from sqlalchemy.exc import ArgumentError

    class Base(orm.DeclarativeBase):
        pass

    class User(Base):
        __tablename__ = "users"
        id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
        name: orm.Mapped[str] = orm.mapped_column(sa.String(20), unique=True)

    engine = sa.create_engine("sqlite://")
    Base.metadata.create_all(engine)
    session = orm.Session(engine)
    session.add_all([User(id=1, name="a"), User(id=2, name="b")])
    session.commit()

    def broken_mapping():
        class Bad(Base):
            __tablename__ = "bad"
            id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
            other = orm.relationship("Nowhere")

        orm.configure_mappers()

    def no_pk():
        class NoPk(orm.DeclarativeBase):
            pass

        class Thing(NoPk):
            __tablename__ = "thing"
            name = sa.Column(sa.String)

    cases = [
        ("sa one none", lambda: session.execute(sa.select(User).where(User.id == 9)).scalar_one()),
        ("sa one many", lambda: session.execute(sa.select(User)).scalar_one()),
        ("sa one_or_none many", lambda: session.execute(sa.select(User)).scalar_one_or_none()),
        ("sa query one", lambda: session.query(User).filter(User.id == 9).one()),
        ("sa query one many", lambda: session.query(User).one()),
        ("sa bad sql", lambda: session.execute(sa.text("SELEC 1"))),
        ("sa no table", lambda: session.execute(sa.text("select * from nope"))),
        ("sa no column", lambda: session.execute(sa.text("select nope from users"))),
        ("sa integrity", lambda: engine.connect().execute(sa.text("insert into users (id, name) values (1, 'a')"))),
        ("sa unknown dialect", lambda: sa.create_engine("nope://")),
        ("sa bad url", lambda: sa.create_engine("not a url")),
        ("sa make_url", lambda: sa.engine.make_url("::::")),
        ("sa bad kwarg", lambda: sa.create_engine("sqlite://", nope=1)),
        ("sa inspect", lambda: sa.inspect(object())),
        ("sa broken mapping", broken_mapping),
        ("sa no pk", no_pk),
        ("sa bind param missing", lambda: session.execute(sa.text("select :x"))),
        ("sa column missing", lambda: sa.select(User).subquery().c["nope"]),
        ("sa unknown table metadata", lambda: sa.Table("users", Base.metadata, sa.Column("x", sa.Integer))),
        ("sa reflect missing", lambda: sa.Table("nothere", sa.MetaData(), autoload_with=engine)),
        ("sa get bad pk", lambda: session.get(User, (1, 2))),
        ("sa closed result", lambda: (r := session.execute(sa.select(User)), r.close(), r.all())),
        ("sa update no where tuple", lambda: session.execute(sa.update(User).values(nope=1))),
        ("sa insert unknown col", lambda: session.execute(sa.insert(User).values(nope=1))),
        ("sa select args", lambda: sa.select(User).where("raw string")),
        ("sa order by bad", lambda: sa.select(User).order_by(object())),
        ("sa detached", lambda: orm.Session().refresh(User(id=5))),
        ("sa flush dup", lambda: (session.add(User(id=1, name="z")), session.flush())),
        ("sa string len", lambda: sa.String(-1).compile()),
        ("sa ArgumentError", lambda: sa.Column("x", sa.Integer, sa.Integer)),
        ("sa scalar on none", lambda: session.scalars(sa.select(User).where(User.id == 9)).one()),
        ("sa execute non-executable", lambda: session.execute("select 1")),
        ("sa limit bad", lambda: sa.select(User).limit("x")),
        ("sa label", lambda: sa.literal_column("x").label(None).compile().nope),
        ("sa ArgumentError direct", lambda: (_ for _ in ()).throw(ArgumentError("x"))),
        ("sa filter_by unknown", lambda: session.query(User).filter_by(nope=1).all()),
        ("sa bindparams unknown", lambda: sa.text("select :x").bindparams(y=1)),
        ("sa in_ not list", lambda: sa.column("x").in_(1)),
        ("sa enum bad", lambda: session.execute(sa.select(sa.cast("x", sa.Enum("a", "b", validate_strings=True))))),
        ("sa with_for_update of", lambda: sa.select(User).with_for_update(of=1)),
        ("sa join nothing", lambda: session.execute(sa.select(User).join(User))),
        ("sa values no columns", lambda: sa.values().data([(1,)])),
        ("sa session closed bind", lambda: orm.Session().execute(sa.text("select 1"))),
    ]
    for case, call in cases:
        yield case, call
        session.rollback()


def requests_cases():
    import requests

    urls = [
        "nope",
        "http://",
        "ftp://x",
        "http://[::1",
        "://x",
        "http://exa mple.com",
        "localhost:8000",
        "http://.x",
        "http://x:port/",
        "*://x",
        "http://\u2603.com:99999",
    ]
    for url in urls:
        yield f"requests prepare {url}", lambda u=url: requests.Request("GET", u).prepare()
        yield f"requests adapter {url}", lambda u=url: requests.Session().get_adapter(u)
    for value in [1, b"a\nb", "a\nb", " lead", "a\rb", 1.5, None, ["x"]]:
        yield (
            f"requests header {value!r}",
            lambda v=value: requests.Request("GET", "http://x", headers={"a": v}).prepare(),
        )
    for code in [400, 401, 404, 418, 500, 503]:

        def fail(code=code):
            response = requests.Response()
            response.status_code, response.url, response.reason = code, "http://x/", "Reason"
            response.raise_for_status()

        yield f"requests status {code}", fail

    def bad_json():
        response = requests.Response()
        response._content = b"<html>"
        response.json()

    yield from [
        ("requests json", bad_json),
        ("requests bad method", lambda: requests.Request("G ET", "http://x").prepare()),
        ("requests files and json", lambda: requests.Request("POST", "http://x", files={"a": "b"}, data="x").prepare()),
        (
            "requests stream and data",
            lambda: requests.Request("POST", "http://x", files={"a": ("f", b"x")}, json={}).prepare(),
        ),
        ("requests bad auth", lambda: requests.Request("GET", "http://x", auth=("a",)).prepare()),
        ("requests invalid json body", lambda: requests.Request("POST", "http://x", json={1, 2}).prepare()),
        (
            "requests content consumed",
            lambda: (
                r := requests.Response(),
                setattr(r, "_content_consumed", True),
                setattr(r, "_content", False),
                r.content,
            ),
        ),
        ("requests no host", lambda: requests.get("http:///path")),
        ("requests retries", lambda: requests.adapters.HTTPAdapter(max_retries="x")),
        (
            "requests timeout triple",
            lambda: requests.adapters.HTTPAdapter().send(
                requests.Request("GET", "http://x").prepare(), timeout=(1, 2, 3)
            ),
        ),
        ("requests key val list", lambda: requests.utils.to_key_val_list(1)),
        ("requests cookie bad", lambda: requests.cookies.create_cookie("a", "b", nope=1)),
        ("requests bad header name", lambda: requests.Request("GET", "http://x", headers={"a b": "c"}).prepare()),
    ]


def main() -> None:
    Recorder("Jinja2", ("jinja2",)).run_all(jinja_cases())
    Recorder("click", ("click",)).run_all(click_cases())
    Recorder("SQLAlchemy", ("sqlalchemy",)).run_all(sqlalchemy_cases())
    Recorder("requests", ("requests", "urllib3")).run_all(requests_cases())


if __name__ == "__main__":
    main()
