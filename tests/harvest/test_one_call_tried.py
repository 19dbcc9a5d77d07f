"""An `except` whose `try` is one call says that call raised what it caught, even where its arguments read
attributes too (round 29's card 20: DRF's `Field.get_attribute` said "raises no other error first" and "2 more
checks" instead of the lookup that failed); an exit in another handler of the same `try` is no check that comes
first."""

import ast
import textwrap

from kb.harvest.reading.conditions import conditions, parents_of
from kb.harvest.reading.site_evidence import condition_row
from tests.harvest.published import harvest_published

# rest_framework/fields.py:425-465, DRF 3.18.3 (`Field.get_attribute`), its messages cut short.
GET_ATTRIBUTE = """
class BuiltinSignatureError(Exception):
    pass


empty = object()


class SkipField(Exception):
    pass


def get_attribute(instance, attrs):
    for attr in attrs:
        instance = getattr(instance, attr)
    return instance


class Field:
    def __init__(self, default=empty, required=None, allow_null=False):
        if required is None:
            required = default is empty
        self.required = required
        self.default = default
        self.allow_null = allow_null

    def get_attribute(self, instance):
        \"\"\"
        Given the *outgoing* object instance, return the primitive value that
        should be used for this field.
        \"\"\"
        try:
            return get_attribute(instance, self.source_attrs)
        except BuiltinSignatureError as exc:
            msg = (
                'Field source for `{serializer}.{field}` maps to a built-in '
                'function type and is invalid.'.format(
                    serializer=self.parent.__class__.__name__,
                    field=self.field_name,
                )
            )
            raise type(exc)(msg)
        except (KeyError, AttributeError) as exc:
            if self.default is not empty:
                return self.get_default()
            if self.allow_null:
                return None
            if not self.required:
                raise SkipField()
            msg = (
                'Got {exc_type} when attempting to get a value for field '
                '`{field}` on serializer `{serializer}`.'.format(
                    exc_type=type(exc).__name__,
                    field=self.field_name,
                    serializer=self.parent.__class__.__name__,
                )
            )
            raise type(exc)(msg)
"""


def caught(source: str) -> dict:
    """The evidence row of the `except` around the last raise in `source`."""
    tree = ast.parse(textwrap.dedent(source))
    node = max((n for n in ast.walk(tree) if isinstance(n, ast.Raise) and n.exc is not None), key=lambda n: n.lineno)
    [row] = [c for c in conditions(node, parents_of(tree)) if c.kind == "except"]
    return condition_row(row)


def test_a_try_of_one_call_names_that_call_with_its_arguments() -> None:
    row = caught(GET_ATTRIBUTE)
    assert row["sentence"] == "`(KeyError, AttributeError)` was raised by `get_attribute(instance, self.source_attrs)`"
    assert row.get("one_call") is True


def test_a_try_of_more_than_the_call_or_of_any_exception_says_no_call() -> None:
    two = GET_ATTRIBUTE.replace(
        "return get_attribute(instance, self.source_attrs)",
        "value = get_attribute(instance, self.source_attrs)\n            return value.strip()",
    )
    assert "one_call" not in caught(two)
    broad = GET_ATTRIBUTE.replace("except (KeyError, AttributeError)", "except (KeyError, Exception)")
    assert "one_call" not in caught(broad)
    subscript = GET_ATTRIBUTE.replace("return get_attribute(instance, self.source_attrs)", "return self.attrs[0]")
    assert "one_call" not in caught(subscript)


def test_the_card_says_the_call_raised_and_no_other_handler_comes_first(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/fields.py": GET_ATTRIBUTE}, "encode/django-rest-framework")
    [entry] = [entry for message, entry in cards.items() if message.startswith("Got {exc_type}")]
    trigger = entry.generated["trigger"]
    assert "- `get_attribute(instance, self.source_attrs)` raised `KeyError` or `AttributeError`" in trigger, trigger
    assert "error first" not in trigger, trigger
    assert "exits first" not in trigger, trigger
    meaning = entry.generated["meaning"]
    # Its guards (a `default`, `allow_null`, `required`) decide it too: the meaning does not say the call is enough.
    said = "when `get_attribute(instance, self.source_attrs)` raised `KeyError` or `AttributeError`, among other"
    assert said in meaning, meaning


# django/core/mail/backends/filebased.py:12-30, Django 5.2.19 (`EmailBackend.__init__`), its settings cut.
FILE_BASED = """
import os


class ImproperlyConfigured(Exception):
    pass


class EmailBackend:
    def __init__(self, *args, file_path=None, **kwargs):
        self.file_path = os.path.abspath(file_path)
        try:
            os.makedirs(self.file_path, exist_ok=True)
        except FileExistsError:
            raise ImproperlyConfigured(
                "Path for saving email messages exists, but is not a directory: %s" % self.file_path
            )
        except OSError as err:
            raise ImproperlyConfigured(
                "Could not create directory for saving email messages: %s (%s)" % (self.file_path, err)
            )
"""


def test_a_handler_above_of_a_subclass_of_the_caught_class_still_comes_first(db, git_repo) -> None:
    # A `FileExistsError` is an `OSError`: the first handler takes it, and the raise below is not reached.
    cards = harvest_published(git_repo, {"django/core/mail/backends/filebased.py": FILE_BASED})
    entry = cards["Could not create directory for saving email messages: {file_path} ({err})"]
    trigger = entry.generated["trigger"]
    assert "- and `EmailBackend.__init__` raises no other error first (line 14)" in trigger, trigger


def test_a_call_that_reads_a_private_name_is_not_said() -> None:
    # django/template/defaulttags.py:1296-1299, Django 5.2.19 (`resetcycle`)
    row = caught("""
    def resetcycle(parser, token):
        name = token.split_contents()[1]
        try:
            return ResetCycleNode(parser._named_cycle_nodes[name])
        except (AttributeError, KeyError):
            raise TemplateSyntaxError("Named cycle '%s' does not exist." % name)
    """)
    assert "one_call" not in row
