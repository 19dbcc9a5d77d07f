"""Exception types resolved through imports to their qualified names, without importing anything."""

import textwrap

from kb.harvest.pipeline.scan import scan
from kb.harvest.pipeline.sources import collect_files


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


def test_a_django_model_s_does_not_exist_is_model_does_not_exist_as_a_traceback_ends_its_name(tmp_path):
    # A traceback says `myapp.models.Book.DoesNotExist`: the class each model gets, not ObjectDoesNotExist.
    source = "class QuerySet:\n    def get(self):\n        raise self.model.DoesNotExist('none')\n"
    assert types_in(tmp_path, {"query.py": source}) == ["django.db.models.base.Model.DoesNotExist"]


# Directories without __init__.py: namespace packages (PEP 420), `src/` layouts and scripts.
ERRORS = "class LoadError(Exception):\n    pass\n\n\ndef load():\n    raise LoadError('in its own module')\n"
USES = "def run():\n    raise LoadError('from elsewhere')\n"


def modules_in(tmp_path, files: dict[str, str], root: str = "") -> dict[str, str]:
    for path, text in files.items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))
    return {source.path: source.module for source in collect_files(tmp_path / root, prefix="", excludes=[])}


def package_raising_load_error(root: str, importers: dict[str, str]) -> dict[str, str]:
    """A package at `root` whose errors.py defines and raises LoadError, and modules that import it and raise it."""
    modules = {"__init__.py": "", "errors.py": ERRORS} | {name: imports + USES for name, imports in importers.items()}
    return {f"{root}/{name}": text for name, text in modules.items()}


def test_a_directory_without_init_inside_a_package_is_part_of_its_name(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/data/errors.py": ERRORS,
        "pkg/core.py": "from pkg.data.errors import LoadError\n",
    }
    assert modules_in(tmp_path, files)["pkg/data/errors.py"] == "pkg.data.errors"
    files["pkg/core.py"] += USES
    files["pkg/relative.py"] = "from .data.errors import LoadError\n" + USES
    assert types_in(tmp_path, files) == ["pkg.data.errors.LoadError"] * 3


def test_a_namespace_package_is_named_as_the_code_imports_it(tmp_path):
    files = package_raising_load_error(
        "src/company/product",
        {"api.py": "from company.product.errors import LoadError\n", "relative.py": "from .errors import LoadError\n"},
    )
    # On disk, `company` and `src` look alike; `from company.product...` says which one is a namespace package.
    assert modules_in(tmp_path, files)["src/company/product/errors.py"] == "product.errors"
    assert types_in(tmp_path, files) == ["company.product.errors.LoadError"] * 3


def test_a_package_in_a_folder_of_its_own_name_keeps_its_name(tmp_path):
    # Reduced from traitlets 5.14: traitlets/__init__.py:7-9, traitlets/traitlets.py and
    # traitlets/config/manager.py:13, harvested from a checkout folder named `traitlets`: the import names the
    # package's own module, not a namespace package `traitlets` around it.
    files = {
        "traitlets/traitlets/__init__.py": "from . import traitlets\nfrom .traitlets import *\n",
        "traitlets/traitlets/traitlets.py": "class TraitError(Exception):\n    pass\n\n\ndef validate():\n"
        "    raise TraitError('Please specify at least one trait name to validate.')\n",
        "traitlets/traitlets/config/__init__.py": "",
        "traitlets/traitlets/config/manager.py": "from traitlets.traitlets import TraitError\n",
    }
    types_in(tmp_path, files)
    sites = scan(tmp_path / "traitlets", progress=False).sites
    assert [site.exception_type for site in sites] == ["traitlets.traitlets.TraitError"]


def test_a_src_layout_nobody_imports_through_keeps_its_package_name(tmp_path):
    files = package_raising_load_error("src/product", {"api.py": "from product.errors import LoadError\n"})
    assert types_in(tmp_path, files) == ["product.errors.LoadError"] * 2


def test_scripts_outside_any_package_are_named_by_their_file_and_import_each_other(tmp_path):
    files = {
        "scripts/errors.py": ERRORS,
        "scripts/deploy.py": "from errors import LoadError\n" + USES,
        "tools/deploy.py": "import sys\n\nraise SystemExit('no tool here')\n",
        "setup.py": "raise RuntimeError('use pip')\n",
    }
    assert modules_in(tmp_path, files) == {
        "scripts/deploy.py": "deploy",
        "scripts/errors.py": "errors",
        "setup.py": "setup",
        "tools/deploy.py": "deploy",
    }
    assert types_in(tmp_path, files) == ["RuntimeError", "errors.LoadError", "errors.LoadError", "SystemExit"]
    # Run as `python -m scripts.deploy`, they import each other through the directory: so named.
    files["scripts/deploy.py"] = "from scripts.errors import LoadError\n" + USES
    assert types_in(tmp_path, files)[1:3] == ["scripts.errors.LoadError"] * 2


def test_two_scripts_with_the_same_file_name_each_raise_with_their_own_class_attributes(tmp_path):
    # Both are the module `deploy` (as `python deploy.py` run from its directory would import it): each
    # still reads its own classes, not the other's, and both record their types under that name.
    script = """
    class DeployError(Exception):
        pass

    class Deployer:
        error_class = {error}
        message = {message!r}

        def run(self):
            raise self.error_class(self.message)
    """
    files = {
        "scripts/deploy.py": script.format(error="DeployError", message="Deploy failed."),
        "tools/deploy.py": script.format(error="RuntimeError", message="No tool here."),
        "tools/errors.py": ERRORS,
    }
    assert modules_in(tmp_path, files) == {
        "scripts/deploy.py": "deploy",
        "tools/deploy.py": "deploy",
        "tools/errors.py": "errors",
    }
    sites = scan(tmp_path, progress=False).sites
    assert [(s.path, s.exception_type, s.message) for s in sites if s.function == "Deployer.run"] == [
        ("scripts/deploy.py", "deploy.DeployError", "Deploy failed."),
        ("tools/deploy.py", "RuntimeError", "No tool here."),
    ]
    assert [(s.path, s.exception_type) for s in sites if s.function == "load"] == [
        ("tools/errors.py", "errors.LoadError")
    ]


def test_a_single_file_or_a_directory_without_init_harvested_alone_is_named_as_python_would(tmp_path):
    files = {"loose/errors.py": ERRORS, "pkg/__init__.py": "", "pkg/sub/errors.py": ERRORS}
    assert modules_in(tmp_path, files, root="loose") == {"errors.py": "errors"}
    assert modules_in(tmp_path, files, root="pkg/sub") == {"errors.py": "pkg.sub.errors"}
    assert [s.exception_type for s in scan(tmp_path / "loose" / "errors.py", progress=False).sites] == [
        "errors.LoadError"
    ]


def test_a_parameters_exception_attribute_has_the_types_the_modules_classes_give_it(tmp_path):
    source = """
    class TokenError(Exception):
        pass

    class End:
        def nud(self, parser):
            raise parser.error_class("Unexpected end of expression.")

    class Parser:
        error_class = ValueError

    class TagParser(Parser):
        error_class = TokenError
    """
    elsewhere = "class Other:\n    error_class = KeyError\n"
    files = {"pkg/__init__.py": "", "pkg/smart.py": source, "pkg/other.py": elsewhere}
    sites = scan(_written(tmp_path, files), progress=False).sites
    assert sorted((s.function, s.exception_type, s.message) for s in sites) == [
        ("End.nud", "ValueError", "Unexpected end of expression."),
        ("End.nud", "pkg.smart.TokenError", "Unexpected end of expression."),
    ]


def test_a_parameters_attribute_no_class_of_the_module_sets_is_not_guessed(tmp_path):
    source = "def f(parser):\n    raise parser.error_class('what type?')\n"
    files = {"pkg/__init__.py": "", "pkg/mod.py": source, "pkg/other.py": "class P:\n    error_class = KeyError\n"}
    assert scan(_written(tmp_path, files), progress=False).sites == []


def _written(tmp_path, files: dict[str, str]):
    for path, text in files.items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))
    return tmp_path
