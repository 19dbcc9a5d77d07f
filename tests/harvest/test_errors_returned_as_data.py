"""Tests that check an error as returned data trigger it (issue 29, "how to trigger it"): DRF's
`assert serializer.errors == {...}` and Django's `self.assertEqual(form.errors[...], [...])` on their own source,
and `assertFormError`. No type is asserted, so the literal must be one entry's whole message: one that fits two
attaches to neither. The card says the test gets the message back, not that it raises it."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from kb.harvest.evidence.returned import read_returned
from kb.models import ErrorEntry
from tests.harvest.test_tests_docs import evidence_of, triggering

FORMS = """
class ValidationError(Exception):
    pass


def check_size(value):
    if value > 10:
        raise ValidationError(f"Value {value} is too large.")


def check_kind(kind):
    if kind:
        raise ValidationError(f"Value 5 is {kind}.")


def check_name(name):
    if not name:
        raise ValidationError("A name is required here.")
"""

FORM_TESTS = """
from unittest import TestCase


class FormTests(TestCase):
    def test_too_large(self):
        form = SizeForm({"size": 5})
        self.assertFalse(form.is_valid())
        self.assertEqual(form.errors, {"size": ["Value 5 is too large."]})

    def test_no_name(self):
        form = NameForm({})
        form.full_clean()
        self.assertFormError(form, "name", "A name is required here.")
"""


def returned(tests: list[dict], name: str) -> dict:
    [test] = [test for test in tests if test["name"] == name]
    return test


@pytest.fixture(scope="module")
def drf(drf_sdist: Path) -> dict[str, dict]:
    return evidence_of(drf_sdist / "rest_framework", "rest_framework")


def test_a_serializer_field_message_compared_with_serializer_errors_is_triggered(drf) -> None:
    tests = triggering(drf, "Enter a valid IPv4 or IPv6 address.")
    test = returned(tests, "TestGenericIPAddressFieldValidation.test_ip_address_validation")
    assert (test["path"], test["returned_in"], test["how"]) == (
        "tests/test_model_serializer.py",
        "s.errors['address']",
        "message",
    )
    # The classes the test defines for its serializer come with it (tests/test_model_serializer.py:428-438).
    assert test["call"] == (
        "class IPAddressFieldModel(models.Model):\n"
        "    address = models.GenericIPAddressField()\n"
        "\n"
        "class TestSerializer(serializers.ModelSerializer):\n"
        "    class Meta:\n"
        "        model = IPAddressFieldModel\n"
        "        fields = '__all__'\n"
        "\n"
        "s = TestSerializer(data={'address': 'not an ip address'})\n"
        "self.assertFalse(s.is_valid())"
    )


def test_a_placeholder_s_value_in_the_returned_message_fits_its_template(drf) -> None:
    tests = triggering(drf, "Incorrect type. Expected pk value, received {data_type}.")
    test = returned(tests, "PKForeignKeyTests.test_foreign_key_update_incorrect_type")
    assert test["returned_in"] == "serializer.errors"
    assert test["call"].endswith("assert not serializer.is_valid()")


def test_a_form_s_errors_compared_in_django_s_tests_trigger_the_field_message(django_sdist: Path) -> None:
    evidence = evidence_of(django_sdist / "django" / "forms", "django/forms")
    test = returned(triggering(evidence, "Enter a valid JSON."), "JSONFieldTest.test_redisplay_wrong_input")
    # The form the test defines comes with the line that binds it; the earlier instance it builds stays (what
    # building it does is not known), the checks of it do not (tests/forms_tests/field_tests/test_jsonfield.py:
    # 127-136).
    assert (test["returned_in"], test["call"]) == (
        "form.errors['json_field']",
        "class JSONForm(Form):\n"
        "    name = CharField(max_length=2)\n"
        "    json_field = JSONField()\n"
        "\n"
        'form = JSONForm({"name": "xyz", "json_field": \'["foo"]\'})\n'
        'form = JSONForm({"name": "xy", "json_field": \'{"foo"}\'})',
    )
    # The tests that raise the message lead, the one reading it back from the form's errors comes after them.
    choice = triggering(evidence, "Select a valid choice. That choice is not one of the available choices.")
    assert [test["name"] for test in choice] == [
        "ModelChoiceFieldTests.test_basics",
        "ModelChoiceFieldTests.test_clean_model_instance",
        "ModelChoiceFieldTests.test_disabled_modelchoicefield",
    ]
    assert [test.get("returned_in") for test in choice] == [None, None, "form.errors['author']"]


def test_a_literal_that_fits_two_messages_triggers_neither(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'forms'\n")
    git_repo.write("forms/__init__.py", "")
    git_repo.write("forms/fields.py", FORMS)
    git_repo.write("tests/test_forms.py", FORM_TESTS)
    evidence = evidence_of(git_repo.root / "forms", "forms")
    assert triggering(evidence, "Value {value} is too large.") == []
    assert triggering(evidence, "Value 5 is {kind}.") == []
    [test] = triggering(evidence, "A name is required here.")
    assert (test["name"], test["returned_in"]) == ("FormTests.test_no_name", "form.errors")
    assert test["call"] == "form = NameForm({})\nform.full_clean()"


def test_the_card_says_the_test_gets_the_message_back(db, git_repo) -> None:
    git_repo.write("forms/__init__.py", "")
    git_repo.write("forms/fields.py", FORMS)
    git_repo.write("tests/test_forms.py", FORM_TESTS)
    git_repo.commit("forms")
    call_command("harvest", str(git_repo.root), "--repo", "example/forms", "--no-progress", stdout=io.StringIO())
    shown = ErrorEntry.objects.get(message="A name is required here.").generated["how_to_trigger"]
    assert shown.startswith("The repository's test `FormTests.test_no_name` gets this message back in `form.errors` (")
    assert "form = NameForm({})\nform.full_clean()" in shown
    assert "raises" not in shown


# Reduced from django/views/generic/dates.py:80-95 (Django 5.2.19).
DATES = """
class Http404(Exception):
    pass


class MonthMixin:
    month = None

    def get_month(self):
        month = self.month
        if month is None:
            try:
                month = self.kwargs["month"]
            except KeyError:
                raise Http404("No month specified")
        return month
"""

# Reduced from Django 5.2.19's tests/generic_views/test_dates.py:514-517; the second test's context item is no
# error's (`title`), though it holds the message.
DATES_TESTS = """
from django.test import TestCase


class MonthArchiveViewTests(TestCase):
    def test_month_view_without_month_in_url(self):
        res = self.client.get("/dates/books/without_month/2008/")
        self.assertEqual(res.status_code, 404)
        self.assertEqual(res.context["exception"], "No month specified")

    def test_month_view_title(self):
        res = self.client.get("/dates/books/2008/")
        self.assertEqual(res.context["title"], "No month specified")
"""


def test_the_error_a_page_was_rendered_for_compared_in_its_context_triggers_it(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'views'\n")
    git_repo.write("views/__init__.py", "")
    git_repo.write("views/dates.py", DATES)
    git_repo.write("tests/test_dates.py", DATES_TESTS)
    evidence = evidence_of(git_repo.root / "views", "views")
    [test] = triggering(evidence, "No month specified")
    assert (test["name"], test["returned_in"], test["call"]) == (
        "MonthArchiveViewTests.test_month_view_without_month_in_url",
        "res.context['exception']",
        'res = self.client.get("/dates/books/without_month/2008/")',
    )


# Reduced from DRF 3.18.3's rest_framework/relations.py:338-341 (a value that is not a string fails `startswith`)
# and Django 5.2.19's django/forms/utils.py:220-227 (a naive time that does not exist in the current zone).
CONVERTERS = """
class ValidationError(Exception):
    pass


def to_url(data):
    if not isinstance(data, str):
        raise ValidationError("Incorrect type. Expected URL string.")


def from_current_timezone(value):
    if value.is_ambiguous():
        raise ValidationError("This time couldn't be interpreted in the current time zone.")
"""

# Reduced from DRF 3.18.3's tests/test_relations_hyperlink.py:258-263 and Django 5.2.19's
# tests/timezones/tests.py:1269-1281: the data the serializer is given, and the zone the form is validated in,
# are what make them fail.
CONVERTER_TESTS = """
from unittest import TestCase


class HyperlinkedForeignKeyTests(TestCase):
    def test_foreign_key_update_incorrect_type(self):
        data = {'url': 'http://testserver/foreignkeysource/1/', 'name': 'source-1', 'target': 2}
        instance = ForeignKeySource.objects.get(pk=1)
        serializer = ForeignKeySourceSerializer(instance, data=data, context={'request': request})
        assert not serializer.is_valid()
        assert serializer.errors == {'target': ['Incorrect type. Expected URL string.']}


class NewFormsTests(TestCase):
    def test_form_with_non_existent_time(self):
        tz = zoneinfo.ZoneInfo("Europe/Paris")
        with timezone.override(tz):
            form = EventForm({"dt": "2011-03-27 02:30:00"})
            self.assertFalse(form.is_valid())
            self.assertEqual(
                form.errors["dt"],
                ["This time couldn't be interpreted in the current time zone."],
            )
"""


@pytest.fixture
def converters(git_repo) -> dict[str, dict]:
    git_repo.write("pyproject.toml", "[project]\nname = 'converters'\n")
    git_repo.write("converters/__init__.py", "")
    git_repo.write("converters/fields.py", CONVERTERS)
    git_repo.write("tests/test_converters.py", CONVERTER_TESTS)
    return evidence_of(git_repo.root / "converters", "converters")


def test_the_lines_that_produce_returned_data_keep_the_data_they_are_given(converters) -> None:
    [test] = triggering(converters, "Incorrect type. Expected URL string.")
    assert test["call"] == (
        "data = {'url': 'http://testserver/foreignkeysource/1/', 'name': 'source-1', 'target': 2}\n"
        "instance = ForeignKeySource.objects.get(pk=1)\n"
        "serializer = ForeignKeySourceSerializer(instance, data=data, context={'request': request})\n"
        "assert not serializer.is_valid()"
    )
    assert test["pinned"] == 6  # the line of `data = {...}`


def test_the_lines_that_produce_returned_data_keep_the_block_they_run_in(converters) -> None:
    [test] = triggering(converters, "This time couldn't be interpreted in the current time zone.")
    assert test["call"] == (
        'tz = zoneinfo.ZoneInfo("Europe/Paris")\n'
        "with timezone.override(tz):\n"
        '    form = EventForm({"dt": "2011-03-27 02:30:00"})\n'
        "    self.assertFalse(form.is_valid())"
    )


# Reduced from Django 5.2.19's tests/generic_views/test_dates.py:866-876: the request is made in a loop, under a
# `subTest` that only labels each pass.
LOOPED_TESTS = """
class DateDetailViewTests(TestCase):
    def test_year_out_of_range(self):
        urls = [
            "/dates/books/9999/",
            "/dates/books/9999/12/",
        ]
        for url in urls:
            with self.subTest(url=url):
                res = self.client.get(url)
                self.assertEqual(res.status_code, 404)
                self.assertEqual(res.context["exception"], "Date out of range")
"""


def test_the_lines_that_produce_returned_data_keep_the_loop_and_the_blocks_inside_it() -> None:
    [found] = read_returned(LOOPED_TESTS, "tests/generic_views/test_dates.py")
    assert found.call == (
        "urls = [\n"
        '    "/dates/books/9999/",\n'
        '    "/dates/books/9999/12/",\n'
        "]\n"
        "for url in urls:\n"
        "    with self.subTest(url=url):\n"
        "        res = self.client.get(url)"
    )


# Reduced from DRF 3.18.3's tests/test_generics.py:127-136 and tests/test_validators.py:345-362.
CHECKED_TESTS = """
class TestRootView(TestCase):
    def test_put_root_view(self):
        data = {'text': 'foobar'}
        request = factory.put('/', data, format='json')
        with self.assertNumQueries(0):
            response = self.view(request).render()
        assert response.status_code == status.HTTP_405_METHOD_NOT_ALLOWED
        assert response.data == {"detail": 'Method "PUT" not allowed.'}


class TestUniquenessTogetherValidation(TestCase):
    def test_is_not_unique_together_condition_based(self):
        ConditionUniquenessTogetherModel.objects.create(race_name='example', position=1)
        expected = {'race_name': 'example', 'position': 1}

        data = {'race_name': 'example', 'position': 1}
        serializer = ConditionUniquenessTogetherSerializer(data=data)
        assert not serializer.is_valid()
        assert serializer.errors == {
            'non_field_errors': ['The fields race_name must make a unique set.']
        }
"""


def test_a_check_s_header_is_shown_when_lines_above_it_are() -> None:
    # Left out, `response = ...` would sit deeper than the lines above it.
    [found, _] = read_returned(CHECKED_TESTS, "tests/test_generics.py")
    assert found.call == (
        "data = {'text': 'foobar'}\n"
        "request = factory.put('/', data, format='json')\n"
        "with self.assertNumQueries(0):\n"
        "    response = self.view(request).render()"
    )


def test_a_call_made_for_what_it_does_is_kept_though_nothing_reads_it() -> None:
    # Without the row it creates, the serializer's data is unique. A binding nothing reads is left out.
    [_, found] = read_returned(CHECKED_TESTS, "tests/test_validators.py")
    assert found.call == (
        "ConditionUniquenessTogetherModel.objects.create(race_name='example', position=1)\n"
        "data = {'race_name': 'example', 'position': 1}\n"
        "serializer = ConditionUniquenessTogetherSerializer(data=data)\n"
        "assert not serializer.is_valid()"
    )


# Reduced from Django 5.2.19's tests/flatpages_tests/test_forms.py:70-79: the form is validated, and its errors
# compared, in the same `with` block.
WRAPPED_TESTS = """
class FlatpageAdminFormTests(TestCase):
    def test_flatpage_requires_trailing_slash_with_append_slash(self):
        form = FlatpageForm(data=dict(url="/no_trailing_slash", **self.form_data))
        with translation.override("en"):
            self.assertEqual(
                form.fields["url"].help_text,
                "Example: “/about/contact/”. Make sure to have leading and "
                "trailing slashes.",
            )
            self.assertFalse(form.is_valid())
            self.assertEqual(form.errors["url"], ["URL is missing a trailing slash."])
"""


def test_the_lines_that_produce_returned_data_stop_above_the_comparison() -> None:
    # The block that holds the comparison is no line that produces the data: shown whole, it would hold the
    # comparison itself.
    [found] = read_returned(WRAPPED_TESTS, "tests/flatpages_tests/test_forms.py")
    assert found.call == (
        'form = FlatpageForm(data=dict(url="/no_trailing_slash", **self.form_data))\n'
        'with translation.override("en"):\n'
        "    self.assertFalse(form.is_valid())"
    )


# Reduced from Django 5.2.19's tests/model_forms/tests.py:1090-1100: the first form is validated inside a check,
# then saved; DRF's `serializer.save()` asserts that `is_valid()` ran first.
SAVED_FIRST_TESTS = """
class UniqueTest(TestCase):
    def test_unique_together(self):
        form = PriceForm({"price": "6.00", "quantity": "1"})
        self.assertTrue(form.is_valid())
        form.save()
        form = PriceForm({"price": "6.00", "quantity": "1"})
        self.assertFalse(form.is_valid())
        self.assertEqual(len(form.errors), 1)
        self.assertEqual(
            form.errors["__all__"],
            ["Price with this Price and Quantity already exists."],
        )
"""


def test_a_check_that_validates_what_a_shown_line_saves_is_shown() -> None:
    # Left out, `form.save()` would save a form nothing validated.
    [found] = read_returned(SAVED_FIRST_TESTS, "tests/model_forms/tests.py")
    assert found.call == (
        'form = PriceForm({"price": "6.00", "quantity": "1"})\n'
        "self.assertTrue(form.is_valid())\n"
        "form.save()\n"
        'form = PriceForm({"price": "6.00", "quantity": "1"})\n'
        "self.assertFalse(form.is_valid())"
    )


# Reduced from Django 5.2.19's django/middleware/csrf.py:30-31, 297-309 and 455-462: the middleware answers the
# `RejectRequest` it catches with a 403 page of its reason.
CSRF = """
from urllib.parse import urlsplit

REASON_NO_REFERER = "Referer checking failed - no Referer."
REASON_MALFORMED_REFERER = "Referer checking failed - Referer is malformed."


class RejectRequest(Exception):
    def __init__(self, reason):
        self.reason = reason


class CsrfViewMiddleware:
    def _check_referer(self, request):
        referer = request.META.get("HTTP_REFERER")
        if referer is None:
            raise RejectRequest(REASON_NO_REFERER)
        referer = urlsplit(referer)
        if "" in (referer.scheme, referer.netloc):
            raise RejectRequest(REASON_MALFORMED_REFERER)

    def process_view(self, request, callback, callback_args, callback_kwargs):
        try:
            self._check_referer(request)
        except RejectRequest as exc:
            return self._reject(request, exc.reason)
"""

# Reduced from Django 5.2.19's tests/csrf_tests/tests.py:644-660; the second test is made up: a page that succeeded.
CSRF_TESTS = """
from django.test import SimpleTestCase


class CsrfViewMiddlewareTests(SimpleTestCase):
    def _check_referer_rejects(self, mw, req):
        with self.assertRaises(RejectRequest):
            mw._check_referer(req)

    def test_https_no_referer(self):
        req = self._get_POST_request_with_token()
        req._is_secure_override = True
        mw = CsrfViewMiddleware(post_form_view)
        self._check_referer_rejects(mw, req)
        response = mw.process_view(req, post_form_view, (), {})
        self.assertContains(
            response,
            "Referer checking failed - no Referer.",
            status_code=403,
        )

    def test_help_page(self):
        response = self.client.get("/help/")
        self.assertContains(response, "Referer checking failed - no Referer.")
"""


def test_an_error_page_that_contains_the_message_triggers_it(git_repo) -> None:
    git_repo.write("pyproject.toml", "[project]\nname = 'middleware'\n")
    git_repo.write("middleware/__init__.py", "")
    git_repo.write("middleware/csrf.py", CSRF)
    git_repo.write("tests/test_csrf.py", CSRF_TESTS)
    evidence = evidence_of(git_repo.root / "middleware", "middleware")
    # The helper's `assertRaises(RejectRequest)` fits both raises; the 403 page holds this message alone.
    [test] = triggering(evidence, "Referer checking failed - no Referer.")
    assert (test["name"], test["returned_in"]) == ("CsrfViewMiddlewareTests.test_https_no_referer", "response")
    assert test["call"].endswith("response = mw.process_view(req, post_form_view, (), {})")
