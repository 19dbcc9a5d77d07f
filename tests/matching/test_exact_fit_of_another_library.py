"""A message pasted with a library's type that fits only another package's wording exactly: the type names the
library that raised it, so that type's own entries (their message not rebuilt) answer first, the fit below them.
As raised by Chameleon 4.6.0 (chameleon/tales.py:250, `raise ExpressionError(exc.msg, string)`: a Python
SyntaxError's words) while Genshi 0.7.12 words "invalid syntax" itself (genshi/template/interpolation.py:120)."""

from tests.factories import ErrorEntryFactory

CHAMELEON = 'chameleon.exc.ExpressionError: invalid syntax\n\n - String:     "x +"\n - Filename:   <string>\n'


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def test_the_pasted_type_s_own_entry_answers_before_another_library_s_exact_wording(token_client, db):
    own = ErrorEntryFactory(exception_type="chameleon.exc.ExpressionError", message="", signature="")
    other = ErrorEntryFactory(
        exception_type="genshi.template.base.TemplateSyntaxError", message="invalid syntax", signature="invalid syntax"
    )

    matches = lookup(token_client, CHAMELEON)

    assert [m["id"] for m in matches[:2]] == [own.public_id, other.public_id]


def test_an_exact_wording_of_the_same_library_still_answers_first(token_client, db):
    ErrorEntryFactory(exception_type="chameleon.exc.ExpressionError", message="", signature="")
    sibling = ErrorEntryFactory(
        exception_type="chameleon.exc.LanguageError", message="invalid syntax", signature="invalid syntax"
    )

    assert lookup(token_client, CHAMELEON)[0]["id"] == sibling.public_id


def test_with_no_entry_of_the_pasted_type_the_exact_wording_answers(token_client, db):
    other = ErrorEntryFactory(
        exception_type="genshi.template.base.TemplateSyntaxError", message="invalid syntax", signature="invalid syntax"
    )

    matches = lookup(token_client, CHAMELEON)

    assert matches[0]["id"] == other.public_id
    assert matches[0]["exact"] is True
