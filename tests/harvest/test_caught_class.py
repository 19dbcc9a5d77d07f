"""`raise e.__class__(...)` in `except (A, B) as e` raises A or B: one site of each, with the message."""

import inspect
import textwrap

from django.db import models

from kb.harvest.pipeline.scan import scan

SOURCE = """
class Field:
    def get_prep_value(self, value):
        try:
            return int(value)
        except (TypeError, ValueError) as e:
            raise e.__class__(
                "Field '%s' expected a number but got %r." % (self.name, value),
            ) from e

    def to_float(self, value):
        try:
            return float(value)
        except ValueError as exc:
            raise type(exc)("not a float: %r" % value) from exc
"""


def sites_of(tmp_path, source: str) -> list[tuple[str, str, str]]:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "__init__.py").write_text("")
    (tmp_path / "lib" / "fields.py").write_text(textwrap.dedent(source))
    return sorted((s.exception_type, s.function, s.message) for s in scan(tmp_path, progress=False).sites)


def test_a_raise_of_the_caught_exceptions_class_is_a_site_of_each_caught_type(tmp_path):
    sites = sites_of(tmp_path, SOURCE)

    assert [(kind, function) for kind, function, _message in sites] == [
        ("TypeError", "Field.get_prep_value"),
        ("ValueError", "Field.get_prep_value"),
        ("ValueError", "Field.to_float"),
    ]
    assert "expected a number but got" in sites[0][2]
    assert sites[0][2] == sites[1][2]


def test_a_real_django_integer_field_error_is_harvested_with_its_wording(tmp_path):
    try:
        models.IntegerField(name="pages").get_prep_value("abc")
    except ValueError as exc:
        message = str(exc)
    source = inspect.getsource(models.IntegerField)
    sites = sites_of(tmp_path, "from django.db.models.fields import Field\n\n" + textwrap.dedent(source))

    assert message == "Field 'pages' expected a number but got 'abc'."
    assert ("ValueError", "IntegerField.get_prep_value") in [(kind, function) for kind, function, _m in sites]
    assert any("expected a number but got" in m for _k, _f, m in sites)
