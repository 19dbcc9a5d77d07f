"""Raise real errors from python-liquid, one JSON line each (see common.py): Liquid templates with syntax errors
(unclosed and unknown tags, unexpected `end` tags, bad expressions, ranges, filters and arguments, unterminated
strings and output statements), undefined variables under `StrictUndefined`, unknown filters under strict filters,
filters given arguments of the wrong kind and number, `include` and `render` of templates a loader lacks, resource
limits exceeded (loop iterations, output size, nesting, context depth), and the extra tags (`extends`, `block`,
`macro`, `with`, `translate`) misused; written from python-liquid's documentation as a user would use it (held-out:
see SPLIT.md, sixth split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# Templates liquid.parse rejects, one mistake each.
BAD_SYNTAX = [
    "{% if x %}no end",
    "{% for x in y %}no end",
    "{% endif %}",
    "{% nope %}",
    "{{ x",
    "{% if x",
    "{{ 'unterminated }}",
    "{{ x | }}",
    "{{ x | upcase: }}",
    "{% assign = 1 %}",
    "{% assign x 1 %}",
    "{% for in y %}{% endfor %}",
    "{% for x y %}{% endfor %}",
    "{% for x in (1..) %}{% endfor %}",
    "{% if x == %}{% endif %}",
    "{% if %}{% endif %}",
    "{% case %}{% endcase %}",
    "{% case x %}{% when %}{% endcase %}",
    "{% if x %}{% else %}{% else %}{% endif %}",
    "{% if x %}{% endfor %}",
    "{% capture %}{% endcapture %}",
    "{% cycle %}",
    "{% increment %}",
    "{% include %}",
    "{% render %}",
    "{% render x %}",
    "{% tablerow %}{% endtablerow %}",
    "{% unless %}{% endunless %}",
    "{{ x[ }}",
    "{{ x. }}",
    "{{ x | default: 1, 2: }}",
    "{% liquid if x\n echo y %}",
    "{% raw %}never closed",
    "{% comment %}never closed",
    "{{ 1.2.3 }}",
    "{% echo %}",
    "{{ x }} {% break %}",
]
# Templates that parse and fail when rendered: (source, data).
BAD_RENDERS = [
    ("{{ 'a' | nope }}", {}),
    ("{{ 'a' | append }}", {}),
    ("{{ 'a' | append: 1, 2 }}", {}),
    ("{{ 'a' | slice: 'x' }}", {}),
    ("{{ 10 | divided_by: 0 }}", {}),
    ("{{ 10 | modulo: 0 }}", {}),
    ("{{ 'a' | truncate: 'x' }}", {}),
    ("{{ x | sort: 'k' }}", {"x": [{"k": 1}, {"k": "a"}]}),
    ("{{ x | map: 'k' }}", {"x": [1, 2]}),
    ("{{ x | where: }}", {"x": [1]}),
    ("{{ x | join: 1, 2 }}", {"x": [1]}),
    ("{{ 'a' | date: 5, 6 }}", {}),
    ("{{ x | plus: 'a' }}", {"x": 1}),
    ("{{ 'a' | replace: 'a' }}", {}),
    ("{{ 'a' | split }}", {}),
    ("{{ x | concat: 1 }}", {"x": [1]}),
    ("{{ 'a' | round: 'x' }}", {}),
    ("{% for i in (1..x) %}{% endfor %}", {"x": "a"}),
    ("{% for i in x limit: 'a' %}{% endfor %}", {"x": [1]}),
    ("{% include 'missing' %}", {}),
    ("{% render 'missing' %}", {}),
    ("{% include x %}", {"x": 5}),
]


def env(**options):
    import liquid

    return liquid.Environment(**options)


def strict_env():
    import liquid

    return liquid.Environment(undefined=liquid.StrictUndefined)


def cases():
    import liquid
    from liquid import DictLoader, Environment

    for index, source in enumerate(BAD_SYNTAX):
        yield f"liquid parse {index} {source!r}", lambda s=source: liquid.parse(s)
    for index, (source, data) in enumerate(BAD_RENDERS):
        yield f"liquid render {index} {source!r}", lambda s=source, d=data: liquid.render(s, **d)

    class Limited(Environment):
        loop_iteration_limit = 5
        output_stream_limit = 10
        local_namespace_limit = 50
        context_depth_limit = 3
        block_nesting_limit = 3

    partials = DictLoader({"self": "{% include 'self' %}", "broken": "{% if %}", "uses": "{{ nope.x }}"})
    layouts = DictLoader(
        {
            "base": "{% block content required %}{% endblock %}",
            "child": "{% extends 'base' %}",
            "loop": "{% extends 'loop' %}",
            "twice": "{% extends 'base' %}{% block a %}{% endblock %}{% block a %}{% endblock %}",
        }
    )
    yield from [
        ("liquid strict undefined", lambda: strict_env().from_string("{{ nope }}").render()),
        ("liquid strict undefined path", lambda: strict_env().from_string("{{ x.y.z }}").render(x={})),
        ("liquid strict undefined loop", lambda: strict_env().from_string("{% for i in nope %}{% endfor %}").render()),
        ("liquid strict undefined filter", lambda: strict_env().from_string("{{ nope | upcase }}").render()),
        ("liquid strict undefined if", lambda: strict_env().from_string("{% if nope > 1 %}{% endif %}").render()),
        ("liquid strict filters", lambda: env(strict_filters=True).from_string("{{ 'a' | nope }}").render()),
        ("liquid lax unknown filter", lambda: env(tolerance=liquid.Mode.LAX).from_string("{{ x | nope }}").render()),
        ("liquid loop limit", lambda: Limited().from_string("{% for i in (1..100) %}{% endfor %}").render()),
        ("liquid output limit", lambda: Limited().from_string("{{ 'aaaaaaaaaaaaaaaaaaaaaaaa' }}").render()),
        (
            "liquid namespace limit",
            lambda: (
                Limited()
                .from_string(
                    "{% assign x = 'a' | append: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' %}"
                )
                .render()
            ),
        ),
        (
            "liquid nesting limit",
            lambda: Limited().from_string("{% if a %}{% if b %}{% if c %}{% if d %}" + "{% endif %}" * 4).render(),
        ),
        ("liquid context depth", lambda: Limited(loader=partials).get_template("self").render()),
        ("liquid include missing", lambda: env(loader=partials).from_string("{% include 'gone' %}").render()),
        ("liquid get_template missing", lambda: env(loader=partials).get_template("gone")),
        ("liquid get_template broken", lambda: env(loader=partials).get_template("broken")),
        (
            "liquid file loader missing",
            lambda: liquid.Environment(loader=liquid.FileSystemLoader("/nonexistent")).get_template("x.liquid"),
        ),
        (
            "liquid file loader traversal",
            lambda: liquid.Environment(loader=liquid.FileSystemLoader("/tmp")).get_template("../etc/passwd"),
        ),
        ("liquid package loader", lambda: liquid.Environment(loader=liquid.PackageLoader("nopackage_at_all"))),
        (
            "liquid choice loader",
            lambda: liquid.Environment(loader=liquid.ChoiceLoader([partials])).get_template("gone"),
        ),
        ("liquid mode", lambda: liquid.Environment(tolerance="strict").from_string("{% nope %}")),
        ("liquid from_string type", lambda: liquid.parse(5)),
        ("liquid render globals", lambda: liquid.Environment(globals=5).from_string("{{ x }}").render()),
        ("liquid extends required block", lambda: env(loader=layouts, extra=True).get_template("child").render()),
        (
            "liquid extends missing",
            lambda: env(loader=layouts, extra=True).from_string("{% extends 'gone' %}").render(),
        ),
        ("liquid extends loop", lambda: env(loader=layouts, extra=True).get_template("loop").render()),
        (
            "liquid extends twice",
            lambda: env(loader=layouts, extra=True).from_string("{% extends 'base' %}{% extends 'base' %}").render(),
        ),
        ("liquid block duplicate", lambda: env(loader=layouts, extra=True).get_template("twice").render()),
        ("liquid block no name", lambda: env(extra=True).from_string("{% block %}{% endblock %}")),
        ("liquid endblock name", lambda: env(extra=True).from_string("{% block a %}{% endblock b %}")),
        ("liquid extends no name", lambda: env(extra=True).from_string("{% extends %}")),
        ("liquid macro no name", lambda: env(extra=True).from_string("{% macro %}{% endmacro %}")),
        (
            "liquid call undefined macro",
            lambda: env(extra=True, undefined=liquid.StrictUndefined).from_string("{% call nope %}").render(),
        ),
        ("liquid with bad", lambda: env(extra=True).from_string("{% with %}{% endwith %}")),
        ("liquid translate bad", lambda: env(extra=True).from_string("{% translate x %}{% endtranslate %}")),
        (
            "liquid translate nested",
            lambda: env(extra=True).from_string("{% translate %}{% if x %}{% endif %}{% endtranslate %}"),
        ),
        ("liquid snippet", lambda: env(extra=True).from_string("{% snippet %}{% endsnippet %}")),
        ("liquid currency filter", lambda: env(extra=True).from_string("{{ 'x' | currency }}").render()),
        ("liquid datetime filter", lambda: env(extra=True).from_string("{{ 'not a date' | datetime }}").render()),
        ("liquid number filter", lambda: env(extra=True).from_string("{{ 'x' | decimal }}").render()),
        ("liquid unit filter", lambda: env(extra=True).from_string("{{ 1 | unit: 'nope-nope' }}").render()),
        ("liquid json filter", lambda: env(extra=True).from_string("{{ x | json }}").render(x=object())),
        ("liquid index filter", lambda: env(extra=True).from_string("{{ x | index: 1, 2 }}").render(x=[1])),
        ("liquid sort_numeric", lambda: env(extra=True).from_string("{{ x | sort_numeric: 1, 2 }}").render(x=[1])),
        ("liquid ternary", lambda: env(extra=True).from_string("{{ a if b else }}")),
        ("liquid template comments", lambda: liquid.Environment(template_comments=True).from_string("{# never")),
        ("liquid analyze", lambda: liquid.parse("{% if x %}").analyze()),
        ("liquid cache capacity", lambda: liquid.CachingFileSystemLoader("/tmp", capacity=-1).load(env(), "x")),
        (
            "liquid render tag bad args",
            lambda: env(loader=partials).from_string("{% render 'uses' for x as %}").render(),
        ),
        (
            "liquid render for not iterable",
            lambda: env(loader=partials, undefined=liquid.StrictUndefined).from_string("{% render 'uses' %}").render(),
        ),
    ]


if __name__ == "__main__":
    Recorder("python-liquid", ("liquid",)).run_all(cases())
