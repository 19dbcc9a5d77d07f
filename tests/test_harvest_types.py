"""Exception types resolved through imports to their qualified names, without importing anything."""

import textwrap

from kb.harvest.scan import scan


def types_in(tmp_path, files: dict[str, str]) -> list[str]:
    for path, text in files.items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))
    return [site.exception_type for site in scan(tmp_path, progress=False).sites]


PACKAGE = {
    "django/__init__.py": "",
    "django/core/__init__.py": "",
    "django/core/exceptions.py": "class FieldError(Exception):\n    pass\n",
    "django/forms/__init__.py": "from django.forms.fields import *\n",
    "django/forms/fields.py": "from django.core.exceptions import FieldError as FieldError\n",
}


def test_a_module_imported_by_name_qualifies_its_attribute(tmp_path):
    source = "from django.core import exceptions\n\ndef f():\n    raise exceptions.FieldError('x')\n"
    assert types_in(tmp_path, {**PACKAGE, "django/db/__init__.py": "", "django/db/query.py": source}) == [
        "django.core.exceptions.FieldError"
    ]


def test_relative_imports_resolve_against_the_package(tmp_path):
    source = "from ..core.exceptions import FieldError\n\ndef f():\n    raise FieldError('x')\n"
    assert types_in(tmp_path, {**PACKAGE, "django/db/__init__.py": "", "django/db/query.py": source}) == [
        "django.core.exceptions.FieldError"
    ]


def test_re_exports_and_star_imports_are_followed_to_the_defining_module(tmp_path):
    source = "from django import forms\n\ndef f():\n    raise forms.FieldError('x')\n"
    assert types_in(tmp_path, {**PACKAGE, "app.py": source}) == ["django.core.exceptions.FieldError"]


def test_builtins_stay_bare_and_classes_of_the_module_are_module_qualified(tmp_path):
    source = """
    class LocalError(Exception):
        pass

    def f():
        raise ValueError('x')

    def g():
        raise LocalError('y')
    """
    assert types_in(tmp_path, {"pkg/__init__.py": "", "pkg/mod.py": source}) == ["ValueError", "pkg.mod.LocalError"]


def test_an_import_inside_the_function_is_honoured(tmp_path):
    source = "def f():\n    from django.core.exceptions import FieldError\n    raise FieldError('x')\n"
    assert types_in(tmp_path, {**PACKAGE, "app.py": source}) == ["django.core.exceptions.FieldError"]


def test_an_import_shadows_a_builtin_of_the_same_name(tmp_path):
    source = "from .errors import TimeoutError\n\ndef f():\n    raise TimeoutError('x')\n"
    files = {"pkg/__init__.py": "", "pkg/errors.py": "class TimeoutError(Exception):\n    pass\n", "pkg/mod.py": source}
    assert types_in(tmp_path, files) == ["pkg.errors.TimeoutError"]


def test_a_django_model_s_does_not_exist_is_object_does_not_exist(tmp_path):
    source = "class QuerySet:\n    def get(self):\n        raise self.model.DoesNotExist('none')\n"
    assert types_in(tmp_path, {"query.py": source}) == ["django.core.exceptions.ObjectDoesNotExist"]
