"""A message no signature fits, pasted with a library's type: a wording of another library's type that merely
resembles it ranks below the pasted type's own entries (their message not rebuilt). One of the same library's
types still answers first: a container of errors says its first error's message, worded by a sibling class."""

from tests.factories import ErrorEntryFactory


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def test_a_resemblance_of_another_library_s_type_ranks_below_the_pasted_type_s_own_entry(token_client, db):
    own = ErrorEntryFactory(exception_type="cli.exceptions.UsageError", message="", signature="")
    ErrorEntryFactory(
        exception_type="TypeError",
        message="pop() got an unexpected keyword argument 'x'",
        signature="pop() got an unexpected keyword argument {k}",
    )

    matches = lookup(token_client, "cli.exceptions.UsageError: Got unexpected extra argument (b)")

    assert matches[0]["id"] == own.public_id
    assert len(matches) > 1  # the resemblance still follows


def test_a_resemblance_of_a_type_of_the_same_library_still_answers_first(token_client, db):
    ErrorEntryFactory(exception_type="vol.error.MultipleInvalid", message="", signature="")
    sibling = ErrorEntryFactory(
        exception_type="vol.error.LiteralInvalid",
        message="abc does not match for a",
        signature="{data} does not match for {lit}",
    )

    matches = lookup(token_client, "vol.error.MultipleInvalid: abc not match for a")

    assert matches[0]["id"] == sibling.public_id


def test_with_no_entry_of_the_pasted_type_the_resemblance_answers(token_client, db):
    resembling = ErrorEntryFactory(
        exception_type="TypeError",
        message="pop() got an unexpected keyword argument 'x'",
        signature="pop() got an unexpected keyword argument {k}",
    )

    matches = lookup(token_client, "cli.exceptions.UsageError: pop() got unexpected keyword argument 'y'")

    assert matches[0]["id"] == resembling.public_id
