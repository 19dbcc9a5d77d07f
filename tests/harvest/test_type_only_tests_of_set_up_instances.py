"""A test that calls a method of an instance its class's `setUp` builds (`self.negotiator.select_parser(None, None)`
after `self.negotiator = BaseContentNegotiation()`) calls that class's method (issue 29, "how to trigger it"):
`select_parser` alone names two methods, `BaseContentNegotiation.select_parser` one. An instance the set-up may
bind again (a second binding, `super().setUp()` after it), one the test binds itself, one another method of the
class binds (a helper the test calls, a fixture), or a nested class's set-up leaves the call unresolved: say less
rather than something false."""

import pytest

from kb.cards.examples import how_to_trigger
from kb.harvest.evidence.assertions import read_assertions
from tests.factories import generated_entry
from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from rest_framework/negotiation.py:14-37 (DRF 3.18.3).
NEGOTIATION = """
class BaseContentNegotiation:
    def select_parser(self, request, parsers):
        raise NotImplementedError('.select_parser() must be implemented')

    def select_renderer(self, request, renderers, format_suffix=None):
        raise NotImplementedError('.select_renderer() must be implemented')


class DefaultContentNegotiation(BaseContentNegotiation):
    def select_parser(self, request, parsers):
        for parser in parsers:
            return parser
        return None

    def select_renderer(self, request, renderers, format_suffix=None):
        if not renderers:
            raise NotImplementedError('No renderer is known here at all.')
        return renderers[0]
"""

# Reduced from DRF 3.18.3's tests/test_negotiation.py:178-189.
TESTS = """
import pytest
from unittest import TestCase

from negotiation.core import BaseContentNegotiation, DefaultContentNegotiation


class BaseContentNegotiationTests(TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()

    def test_raise_error_for_abstract_select_parser_method(self):
        with pytest.raises(NotImplementedError):
            self.negotiator.select_parser(None, None)


class BoundAgainTests(TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()
        super().setUp()

    def test_select_renderer_after_super(self):
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, None)


class BoundTwiceTests(TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()
        self.negotiator = DefaultContentNegotiation()

    def test_select_renderer_bound_twice(self):
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, None)


class RebindingTests(TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()

    def test_select_renderer_rebound(self):
        self.negotiator = DefaultContentNegotiation()
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, [])


class NestedTests(TestCase):

    class Helper(TestCase):
        def setUp(self):
            self.negotiator = BaseContentNegotiation()

    def test_select_renderer_of_a_nested_set_up(self):
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, None)


class HelperTests(TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()

    def use_default(self):
        self.negotiator = DefaultContentNegotiation()

    def test_select_renderer_after_a_helper(self):
        self.use_default()
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, [])


class FixtureTests:

    def setup_method(self):
        self.negotiator = BaseContentNegotiation()

    @pytest.fixture(autouse=True)
    def _default(self):
        self.negotiator = DefaultContentNegotiation()

    def test_select_renderer_after_a_fixture(self):
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, [])


class DefaultMixin:

    def use_default(self):
        self.negotiator = DefaultContentNegotiation()


class BaseHelperTests(DefaultMixin, TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()

    def test_select_renderer_after_a_base_s_helper(self):
        self.use_default()
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, [])


class SetattrTests(TestCase):

    def setUp(self):
        self.negotiator = BaseContentNegotiation()

    def use(self, name, value):
        setattr(self, name, value)

    def test_select_renderer_after_setattr(self):
        self.use("negotiator", DefaultContentNegotiation())
        with pytest.raises(NotImplementedError):
            self.negotiator.select_renderer(None, [])
"""


@pytest.fixture
def evidence(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "negotiation", NEGOTIATION, TESTS)


def test_a_method_of_an_instance_the_set_up_builds_triggers_the_raise_of_that_class(evidence) -> None:
    [test] = triggering(evidence, ".select_parser() must be implemented")
    assert (test["name"], test["how"], test["call"]) == (
        "BaseContentNegotiationTests.test_raise_error_for_abstract_select_parser_method",
        "type-and-call",
        "self.negotiator.select_parser(None, None)",
    )


def test_an_instance_the_set_up_or_the_test_may_bind_again_triggers_nothing(evidence) -> None:
    assert triggering(evidence, ".select_renderer() must be implemented") == []
    assert triggering(evidence, "No renderer is known here at all.") == []


def test_an_instance_another_method_of_the_class_binds_triggers_nothing(evidence) -> None:
    # A helper the test calls (the class's or a base's), a pytest fixture run after `setup_method`, a
    # `setattr(self, ...)`: the test's
    # `self.negotiator` is a DefaultContentNegotiation, whose select_renderer([]) raises the other message.
    assert triggering(evidence, ".select_renderer() must be implemented") == []


def test_the_set_up_statement_that_builds_the_instance_is_kept_with_the_call(evidence) -> None:
    [test] = triggering(evidence, ".select_parser() must be implemented")
    assert test["set_up"] == "self.negotiator = BaseContentNegotiation()"


def test_the_card_shows_the_set_up_statement_above_the_trimmed_call(db, evidence) -> None:
    # Round 27's card 12 showed `self.session.save()` alone, without `self.session = SessionBase()` from
    # `setUp` (Django 5.2.19's tests/sessions_tests/tests.py:1334).
    [test] = triggering(evidence, ".select_parser() must be implemented")
    shown = how_to_trigger(generated_entry(), [test])
    assert "```python\n# in setUp():\nself.negotiator = BaseContentNegotiation()\n\n" in shown
    assert shown.endswith("\nself.negotiator.select_parser(None, None)\n```")


# Reduced from DRF 3.18.3's tests/test_relations.py:84-102: the field the test calls is built from a queryset the
# set-up builds first; the instance it picks from it is for other tests.
RELATIONS_TESTS = """
import pytest


class TestPrimaryKeyRelatedField(APISimpleTestCase):
    def setUp(self):
        self.queryset = MockQueryset([
            MockObject(pk=1, name='foo'),
            MockObject(pk=2, name='bar'),
        ])
        self.instance = self.queryset.items[1]
        self.field = serializers.PrimaryKeyRelatedField(queryset=self.queryset)

    def test_pk_related_lookup_does_not_exist(self):
        with pytest.raises(serializers.ValidationError) as excinfo:
            self.field.to_internal_value(4)
        msg = excinfo.value.detail[0]
        assert msg == 'Invalid pk "4" - object does not exist.'
"""


def test_the_set_up_statements_an_instance_is_built_from_come_with_it() -> None:
    [assertion] = read_assertions(RELATIONS_TESTS, "tests/test_relations.py")
    assert assertion.set_up == (
        "self.queryset = MockQueryset([\n"
        "    MockObject(pk=1, name='foo'),\n"
        "    MockObject(pk=2, name='bar'),\n"
        "])\n"
        "self.field = serializers.PrimaryKeyRelatedField(queryset=self.queryset)"
    )


# DRF 3.18.3's tests/test_fields.py:355-365: a pytest class whose `setup_method` defines the field class it builds.
INVALID_KEY_TESTS = """
import pytest


class TestInvalidErrorKey:
    def setup_method(self):
        class ExampleField(serializers.Field):
            def to_native(self, data):
                self.fail('incorrect')
        self.field = ExampleField()

    def test_invalid_error_key(self):
        with pytest.raises(AssertionError) as exc_info:
            self.field.to_native(123)
"""


def test_the_class_a_set_up_defines_comes_with_the_instance_built_from_it() -> None:
    [assertion] = read_assertions(INVALID_KEY_TESTS, "tests/test_fields.py")
    assert assertion.set_up == (
        "class ExampleField(serializers.Field):\n"
        "    def to_native(self, data):\n"
        "        self.fail('incorrect')\n"
        "self.field = ExampleField()"
    )


def test_a_set_up_written_in_setup_method_is_said_to_be_there(db) -> None:
    [assertion] = read_assertions(INVALID_KEY_TESTS, "tests/test_fields.py")
    assert assertion.set_up_in == "setup_method"
    test = {
        "path": "tests/test_fields.py",
        "line": 364,
        "name": "TestInvalidErrorKey.test_invalid_error_key",
        "assertion": "pytest.raises",
        "how": "type",
        "code": "    def test_invalid_error_key(self):\n"
        "        with pytest.raises(AssertionError) as exc_info:\n"
        "            self.field.to_native(123)",
        "start": 362,
        "call": "self.field.to_native(123)",
        "pinned": 364,
        "set_up": assertion.set_up,
        "set_up_in": assertion.set_up_in,
    }
    shown = how_to_trigger(generated_entry(), [test])
    assert "```python\n# in setup_method():\nclass ExampleField(serializers.Field):\n" in shown
