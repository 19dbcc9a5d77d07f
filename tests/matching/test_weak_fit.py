"""A signature of few words and many placeholders fits a message of another type only by chance."""

from tests.factories import ErrorEntryFactory


def lookup(client, text: str) -> list[dict]:
    return client.post("/api/match", {"text": text}, content_type="application/json").json()["matches"]


def test_a_loose_fit_of_another_type_gives_way_to_a_resembling_wording_of_the_same_type(token_client, db):
    chance = ErrorEntryFactory(
        exception_type="shop.models.NotFound", message="Book has no author.", signature="{model} has no {name}."
    )
    resembling = ErrorEntryFactory(
        exception_type="forms.ValidationError",
        message="Ensure this value has at most 3 characters.",
        signature="Ensure this value has at most {limit} characters.",
    )

    matches = lookup(token_client, "forms.ValidationError: Ensure this field has no more than 3 characters.")

    assert matches[0]["id"] == resembling.public_id
    assert chance.public_id not in [m["id"] for m in matches if m["exact"]]


def test_the_same_loose_fit_is_exact_when_the_type_agrees(token_client, db):
    entry = ErrorEntryFactory(
        exception_type="shop.models.NotFound", message="Book has no author.", signature="{model} has no {name}."
    )

    matches = lookup(token_client, "shop.models.NotFound: Ensure this field has no more than 3 characters.")

    assert matches[0]["id"] == entry.public_id
    assert matches[0]["exact"] is True


def test_a_fit_mostly_of_its_own_words_stays_exact_whatever_the_type(token_client, db):
    entry = ErrorEntryFactory(
        exception_type="shop.errors.PoolError",
        message="Pool of 4 connections exhausted after 2s",
        signature="Pool of {size} connections exhausted after {timeout}s",
    )

    matches = lookup(token_client, "RuntimeError: Pool of 4 connections exhausted after 2s")

    assert matches[0]["id"] == entry.public_id
    assert matches[0]["exact"] is True


def test_of_the_entries_of_a_type_without_a_signature_the_one_of_the_messages_shape_comes_first(token_client, db):
    for _ in range(3):
        ErrorEntryFactory(exception_type="cli.errors.BadParameter", message="", signature="")
    shaped = ErrorEntryFactory(exception_type="cli.errors.BadParameter", message="'{name}': {reason}", signature="")

    matches = lookup(token_client, "cli.errors.BadParameter: 'x': No such file or directory")

    assert matches[0]["id"] == shaped.public_id
    assert len(matches) > 1  # the others of the type still follow


def test_a_moved_line_in_a_function_name_two_classes_share_picks_the_nearest_wrapping_raise(token_client, db):
    ErrorEntryFactory(exception_type="forms.Invalid", message="Enter a date.", signature="Enter a date.")
    near, far = (
        ErrorEntryFactory(
            exception_type="forms.Invalid",
            message="",
            signature="",
            sites=[{"path": "forms/core.py", "line": line, "function": f"{owner}.is_valid"}],
        )
        for line, owner in ((231, "Base"), (783, "List"))
    )
    text = (
        "Traceback (most recent call last):\n"
        '  File "/site-packages/forms/core.py", line 233, in is_valid\n'
        "    raise Invalid(self.errors)\n"
        "forms.Invalid: Enter a date."
    )

    matches = lookup(token_client, text)

    assert matches[0]["id"] == near.public_id
    assert matches[0]["raise_site"] is True
    assert far.public_id != matches[0]["id"]
