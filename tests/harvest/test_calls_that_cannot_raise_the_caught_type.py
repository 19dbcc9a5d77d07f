"""An `except E:` branch is said by the calls of its `try` ("`f`, `g` raised `E`"); a call that cannot raise `E` is
left out of that list: a builtin type check (`isinstance` raises only `TypeError`), the construction of a builtin
exception, or of a class of the module whose `__init__` only stores its arguments. Where that is unsure (the
`except` catches `TypeError` or a base of it, the class does more, the name is bound again) every call is kept."""

import ast
import textwrap
from pathlib import Path

from rest_framework import parsers

from kb.harvest.reading.conditions import conditions, parents_of
from tests.harvest.published import harvest_published


def said(source: str) -> str:
    """The sentence of the one `except` around the raise of a constructed error in `source`."""
    tree = ast.parse(textwrap.dedent(source))
    [node] = [n for n in ast.walk(tree) if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call)]
    [row] = [c for c in conditions(node, parents_of(tree)) if c.kind == "except"]
    return row.sentence


# rest_framework/parsers.py:49-52 and 121-136 (djangorestframework 3.18.3), reduced.
MULTIPART = """
from django.http.multipartparser import MultiPartParser as DjangoMultiPartParser
from django.http.multipartparser import MultiPartParserError


class DataAndFiles:
    def __init__(self, data, files):
        self.data = data
        self.files = files


class MultiPartParser(BaseParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            parser = DjangoMultiPartParser(meta, stream, upload_handlers, encoding)
            data, files = parser.parse()
            return DataAndFiles(data, files)
        except MultiPartParserError as exc:
            raise ParseError('Multipart form parse error - %s' % str(exc))
"""


def test_a_class_that_only_stores_its_arguments_did_not_raise() -> None:
    assert said(MULTIPART) == "`MultiPartParserError` was raised by `DjangoMultiPartParser`, `parser.parse`"


def test_a_class_whose_init_does_more_may_have_raised() -> None:
    source = MULTIPART.replace("self.files = files", "self.files = dict(files)")
    assert said(source) == (
        "`MultiPartParserError` was raised by `DjangoMultiPartParser`, `parser.parse`, `DataAndFiles`"
    )


def test_a_class_bound_twice_in_the_module_is_kept() -> None:
    source = MULTIPART + "\nDataAndFiles = make_data_and_files()\n"
    assert "`DataAndFiles`" in said(source)


# django/utils/encoding.py:65-72 (Django 5.2.19, `force_str`), reduced.
FORCE_STR = """
def force_str(s, encoding="utf-8", strings_only=False, errors="strict"):
    try:
        if isinstance(s, bytes):
            s = str(s, encoding, errors)
        else:
            s = str(s)
    except UnicodeDecodeError as e:
        raise DjangoUnicodeDecodeError(*e.args) from None
    return s
"""


def test_a_type_check_did_not_raise_and_the_one_call_left_is_said_alone() -> None:
    assert said(FORCE_STR) == "`UnicodeDecodeError` was raised by `str`"


def test_a_type_check_is_kept_where_the_except_catches_type_error() -> None:
    # django/core/paginator.py:62-67 (Django 5.2.19, `Paginator.validate_number`), reduced.
    assert (
        said("""
    def validate_number(self, number):
        try:
            if isinstance(number, float) and not number.is_integer():
                raise ValueError
            number = int(number)
        except (TypeError, ValueError):
            raise PageNotAnInteger(self.error_messages["invalid_page"])
    """)
        == "`(TypeError, ValueError)` was raised by `isinstance`, `number.is_integer`, `int`"
    )


def test_a_type_check_is_kept_where_the_module_binds_its_name() -> None:
    assert "`isinstance`" in said(FORCE_STR.replace('errors="strict"', 'errors="strict", isinstance=None'))


def test_the_card_of_drf_s_multipart_parse_error_names_the_two_parsers_alone(db, git_repo) -> None:
    # rest_framework/parsers.py as installed: `DataAndFiles` (lines 49-52) only stores what it is given.
    files = {"rest_framework/parsers.py": Path(parsers.__file__)}
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    [card] = [card for message, card in cards.items() if message.startswith("Multipart form parse error")]
    assert card.generated["meaning"].startswith(
        "`MultiPartParser.parse()` raises this when `DjangoMultiPartParser()` or `parser.parse()` raised "
        "`MultiPartParserError`."
    )
