"""A gloss that restates the name says nothing: round 27's card 01 read "`JSONObject.as_sql()` raises this when
`connection.features.has_json_object_function` is false (`connection.features` is the `connection` argument's
`features`)". Of an argument's attribute, the gloss says what the reader could not tell from the name: that
`connection` is an argument, once however many of its attributes the test reads."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/db/models/functions/json.py:76-80 and django/db/models/functions/window.py.
JSON = """
class NotSupportedError(Exception):
    pass


class JSONObject:
    def as_sql(self, compiler, connection, **extra_context):
        if not connection.features.has_json_object_function:
            raise NotSupportedError(
                "JSONObject() is not supported on this database backend."
            )
        return compiler, connection

    def as_oracle(self, compiler, connection):
        if connection.features.supports_json_field and not connection.ops.has_json_object:
            raise NotSupportedError("JSONObject() needs the JSON_OBJECT function here.")
        return compiler
"""


def test_an_argument_s_attribute_is_glossed_as_the_argument_not_restated(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"models/json.py": JSON}, repo="example/json")
    meaning = cards["JSONObject() is not supported on this database backend."].generated["meaning"]
    assert "`connection.features.has_json_object_function` is false" in meaning
    assert "the `connection` argument's `features`" not in meaning
    assert "(`connection` is an argument)" in meaning
    # Two attributes of one argument: the argument is said once.
    twice = cards["JSONObject() needs the JSON_OBJECT function here."].generated["meaning"]
    assert twice.count("`connection` is an argument") == 1
