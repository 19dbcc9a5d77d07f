"""A flag a constructor pops from its `**kwargs` (`self.allow_empty_file = kwargs.pop("allow_empty_file", False)`) is
the keyword argument a user passes, as a named parameter stored as passed is: round 31's sample of cards without a
solution held DRF's "The submitted file is empty." and "This field may not be blank.", both off by such a flag."""

from tests.harvest.published import harvest_published, solutions

# DRF 3.18.3 rest_framework/fields.py:585-596 (Field.fail), 722-752 (CharField) and 1558-1588 (FileField), reduced.
FIELDS = """
from rest_framework.exceptions import ValidationError


class Field:
    default_error_messages = {}

    def __init__(self, **kwargs):
        self.required = kwargs.pop('required', True)

    def fail(self, key, **kwargs):
        msg = self.default_error_messages[key]
        raise ValidationError(msg.format(**kwargs), code=key)


class CharField(Field):
    default_error_messages = {
        'blank': 'This field may not be blank.',
    }

    def __init__(self, **kwargs):
        self.allow_blank = kwargs.pop('allow_blank', False)
        self.trim_whitespace = kwargs.pop('trim_whitespace', True)
        super().__init__(**kwargs)

    def run_validation(self, data=None):
        if data == '' or (self.trim_whitespace and str(data).strip() == ''):
            if not self.allow_blank:
                self.fail('blank')
            return ''
        return data


class FileField(Field):
    default_error_messages = {
        'no_name': 'No filename could be determined.',
        'empty': 'The submitted file is empty.',
    }

    def __init__(self, **kwargs):
        self.max_length = kwargs.pop('max_length', None)
        self.allow_empty_file = kwargs.pop('allow_empty_file', False)
        if 'use_url' in kwargs:
            self.use_url = kwargs.pop('use_url')
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        file_name = data.name
        file_size = data.size
        if not file_name:
            self.fail('no_name')
        if not self.allow_empty_file and not file_size:
            self.fail('empty')
        if not self.use_url and not file_name:
            self.fail('no_name')
        return data
"""


def test_a_flag_popped_from_the_keywords_is_passed_to_the_constructor(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"rest_framework/fields.py": FIELDS}, repo="encode/django-rest-framework")
    assert solutions(cards, "may not be blank") == ["Pass `True` as `allow_blank` to `CharField()`."]
    assert solutions(cards, "file is empty") == ["Pass `True` as `allow_empty_file` to `FileField()`."]


def test_a_keyword_popped_only_under_a_test_is_not_said_as_passed(db, git_repo) -> None:
    # `self.use_url` is the class's own value unless `use_url` is passed: no keyword makes the test false.
    cards = harvest_published(git_repo, {"rest_framework/fields.py": FIELDS}, repo="encode/django-rest-framework")
    assert not any("use_url" in said for said in solutions(cards, "No filename"))
