"""The documentation an entry's card quotes: read in any folder that holds sources (SQLAlchemy's `doc/build/`), and
given as the paragraph that speaks of the error, never a directive line, a code block or another error's fix."""

from pathlib import Path

from tests.harvest.test_tests_docs import evidence_of, mentions

SIDE = "Side must not be negative, got {side}."


def test_docs_under_a_build_folder_of_sources_are_read_and_a_build_output_is_not(shapes) -> None:
    shapes.write("doc/build/conf.py", "project = 'shapes'\n")
    shapes.write("doc/build/errors.rst", 'Calling ``area`` says "Side must not be negative, got -1." at once.\n')
    shapes.write("build/lib/shapes/README.md", 'An old copy: "Side must not be negative, got -1."\n')
    docs = mentions(evidence_of(shapes.root / "shapes", "shapes"), SIDE)
    assert [d["path"] for d in docs] == ["doc/build/errors.rst"]


def test_a_directive_is_given_the_paragraph_under_it(shapes) -> None:
    shapes.write(
        "docs/errors.rst",
        """
        Errors
        ======

        .. exception:: ShapeError
           :noindex:

           The :exc:`ShapeError` exception is raised by
           :func:`area` when a side is below zero.
        """,
    )
    [doc] = mentions(evidence_of(shapes.root / "shapes", "shapes"), SIDE)
    assert doc["text"] == ".. exception:: ShapeError"
    assert doc["paragraph"] == "The :exc:`ShapeError` exception is raised by :func:`area` when a side is below zero."


def test_the_paragraph_naming_the_function_wins_and_code_or_a_fix_note_gives_none(shapes) -> None:
    shapes.write(
        "docs/a_usage.rst",
        """
        Import it first::

            from shapes import ShapeError

        Any shape may fail with a ShapeError, for many reasons.
        """,
    )
    shapes.write("docs/b_area.rst", "``area()`` raises ``ShapeError`` for a negative side,\nwhatever the unit.\n")
    shapes.write("docs/releases/1.1.rst", "* Fixed ``area()`` raising a ShapeError on zero.\n")
    [doc] = mentions(evidence_of(shapes.root / "shapes", "shapes"), SIDE)
    assert (doc["path"], doc["paragraph"]) == (
        "docs/b_area.rst",
        "``area()`` raises ``ShapeError`` for a negative side, whatever the unit.",
    )
    shapes.write("docs/b_area.rst", "Nothing here.\n")
    docs = mentions(evidence_of(shapes.root / "shapes", "shapes"), SIDE)
    assert all("paragraph" not in d for d in docs), docs  # code, an unspecific line, a release note: no paragraph


def test_a_paragraph_is_clipped_at_a_word(shapes) -> None:
    shapes.write("docs/long.rst", "``area()`` raises ``ShapeError`` " + "when it must " * 80 + "\n")
    [doc] = mentions(evidence_of(shapes.root / "shapes", "shapes"), SIDE)
    assert len(doc["paragraph"]) <= 600 and doc["paragraph"].endswith((" when…", " it…", " must…"))


def test_djangos_resolver404_card_quotes_the_paragraph_that_names_resolve(django_sdist: Path) -> None:
    evidence = evidence_of(django_sdist / "django" / "urls", "django/urls")
    found = [doc for key, value in evidence.items() for doc in value.get("docs", []) if doc["term"] == "Resolver404"]
    assert found and all(doc["path"] == "docs/ref/exceptions.txt" for doc in found)
    assert found[0]["paragraph"].startswith(
        "The :exc:`Resolver404` exception is raised by :func:`~django.urls.resolve()`"
    )


# dacite 1.9.2: dacite/exceptions.py:36-41 and README.md:436-446, reduced.
DACITE_ERRORS = """
class DaciteFieldError(Exception):
    def __init__(self, field_path=None):
        self.field_path = field_path


class MissingValueError(DaciteFieldError):
    def __str__(self):
        return f'missing value for field "{self.field_path}"'


def from_dict(data_class, data):
    for field in data_class.fields:
        if field.name not in data:
            raise MissingValueError(field.name)
"""
DACITE_README = """## Exceptions

Whenever something goes wrong, `from_dict` will raise adequate
exception. There are a few of them:

- `WrongTypeError` - raised when a type of a input value does not match
with a type of a data class field
- `MissingValueError` - raised when you don't provide a value for a
required field
- `UnionMatchError` - raised when provided data does not match any type
of `Union`
"""


def test_a_mention_is_joined_across_its_soft_line_breaks_up_to_the_next_item(git_repo) -> None:
    # Round 22's card 25: the request's line stopped at "a value for a", and the model ended it with "field".
    git_repo.write("pyproject.toml", "[project]\nname = 'dacite'\n")
    git_repo.write("dacite/__init__.py", "")
    git_repo.write("dacite/core.py", DACITE_ERRORS)
    git_repo.write("README.md", DACITE_README)
    [doc] = mentions(evidence_of(git_repo.root / "dacite", "dacite"), 'missing value for field "{name}"')
    assert (doc["line"], doc["text"]) == (
        8,
        "- `MissingValueError` - raised when you don't provide a value for a required field",
    )
