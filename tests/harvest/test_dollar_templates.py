"""A `$name` template filled by the call it is given to: a translation string with its `mapping=` (`_('"${val}" is
not a number', mapping={'val': cstruct})`: translationstring, zope.i18n) or `string.Template(text).substitute(...)`.
Each `$name` or `${name}` is a placeholder (or the mapping's text), not the literal characters "${val}"; a `$`
text no call fills stays as written. On small sources and on a validation library's own (colander 2.0, whose every
type words its errors so; bench/lookup_corpus.py installs it)."""

import pytest

from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import signatures


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("""raise ValueError(_('"${val}" is not a number', mapping={'val': cstruct}))""", '"{val}" is not a number'),
        (
            "raise ValueError(_('${val} not in (${choices}), $why', mapping={'val': v, 'choices': c, 'why': 'no'}))",
            "{val} not in ({choices}), no",
        ),
        ("raise ValueError(TranslationString('bad ${val}', mapping={'val': value}))", "bad {val}"),
        (
            "raise ValueError(string.Template('$name costs $$5, ${what}').substitute(name=value, what='sorry'))",
            "{name} costs $5, sorry",
        ),
    ],
)
def test_each_dollar_name_is_a_placeholder(tmp_path, source, expected):
    assert signatures(tmp_path, source) == [expected]


def test_a_dollar_text_no_call_fills_stays_as_written(tmp_path):
    assert signatures(tmp_path, "raise ValueError(_('Costs ${price}'))") == ["Costs ${{price}}"]


@installed("colander")
def test_colander_s_type_errors_are_found_with_their_words():
    colander = imported("colander")
    for schema_type, value in (
        (colander.Int(), "x"),
        (colander.Boolean(true_choices=("y",)), "x"),
        (colander.Set(), 1),
    ):
        error = raised(lambda schema_type=schema_type, value=value: colander.SchemaNode(schema_type).deserialize(value))
        [message] = error.asdict().values()  # str() prints a dict of the messages per field
        assert found_where_it_ends("colander", error, message), message
