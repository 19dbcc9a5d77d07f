"""An enclosing `if` the card cannot put all in the reader's words is said as written (the names it can say in
words, a local glossed by its definition, a module's name as it is) rather than folded into "N more checks"
beside the side test it encloses (round 32's cards 10 and 18: the `DurationField` left-hand side and
`data is empty` hidden, `tzinfo is None` and `required` shown)."""

import pytest

from tests.harvest.published import harvest_published

# rest_framework/fields.py:487-505, DRF 3.18.3 (`Field.validate_empty_values`), reduced
FIELDS = """
class empty:
    pass


class Field:
    def validate_empty_values(self, data):
        if self.read_only:
            return (True, self.get_default())

        if data is empty:
            if getattr(self.root, 'partial', False):
                raise SkipField()
            if self.required:
                raise ValidationError('This field is required.')
            return (True, self.get_default())
        return (False, data)
"""

# django/db/models/functions/datetime.py:53-73, Django 5.2.19 (`Extract.as_sql`), reduced
EXTRACT = """
class Extract(TimezoneMixin, Transform):
    def as_sql(self, compiler, connection):
        sql, params = compiler.compile(self.lhs)
        lhs_output_field = self.lhs.output_field
        if isinstance(lhs_output_field, DateTimeField):
            sql, params = connection.ops.datetime_extract_sql(self.lookup_name, sql, params)
        elif isinstance(lhs_output_field, DurationField):
            if not connection.features.has_native_duration_field:
                raise ValueError("Extract requires native DurationField database support.")
            sql, params = connection.ops.time_extract_sql(self.lookup_name, sql, params)
        return sql, params
"""


@pytest.mark.django_db
def test_a_test_on_the_users_data_is_said_as_written_not_folded(git_repo) -> None:
    card = harvest_published(git_repo, {"rest_framework/fields.py": FIELDS}, "example/fields")[
        "This field is required."
    ]
    trigger, meaning = card.generated["trigger"], card.generated["meaning"]
    assert "- the `data` argument is `empty` (line 10)" in trigger, trigger
    assert "more check" not in trigger, trigger
    assert "when the `data` argument is `empty` and the `Field`'s `required` is true" in meaning, meaning


@pytest.mark.django_db
def test_the_enclosing_test_on_a_local_is_said_with_its_definition(git_repo) -> None:
    cards = harvest_published(git_repo, {"django/db/models/functions/datetime.py": EXTRACT}, "example/extract")
    trigger = cards["Extract requires native DurationField database support."].generated["trigger"]
    said = "- `lhs_output_field` is an instance of `DurationField` (`lhs_output_field` is `self.lhs.output_field`)"
    assert said in trigger, trigger


@pytest.mark.django_db
def test_a_test_that_assigns_is_not_said_as_written_nor_takes_a_said_tests_place(git_repo) -> None:
    # django/db/models/sql/query.py:2497-2510, Django 5.2.19 (`Query.set_values`), reduced
    source = """
class Query:
    def set_values(self, fields):
        if fields:
            for f in fields:
                if extra := self.extra_select.get(f):
                    extra_names.append(f)
                elif f in self.annotation_select:
                    annotation_names.append(f)
                elif f in self.annotations:
                    raise FieldError("Cannot select the '%s' alias." % f)
"""
    cards = harvest_published(git_repo, {"django/db/models/sql/query.py": source}, "example/query")
    card = cards["Cannot select the '{f}' alias."]
    text = card.generated["meaning"] + card.generated["trigger"]
    assert ":=" not in text, text
    assert "the `fields` argument is not empty" in card.generated["meaning"], card.generated["meaning"]
