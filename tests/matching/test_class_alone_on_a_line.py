"""An exception raised without a message prints its qualified class alone: looked up, the class's raise (whose
message there is none to rebuild) answers by its type."""

from tests.factories import ErrorEntryFactory


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def test_the_class_alone_is_answered_by_the_raise_of_that_class(token_client, db):
    raised = ErrorEntryFactory(exception_type="cli.utils.TooManyNames", message="", signature="")
    ErrorEntryFactory(exception_type="cli.utils.MixedNames", message="", signature="")

    matches = lookup(token_client, "cli.utils.TooManyNames")

    assert [m["id"] for m in matches] == [raised.public_id]
