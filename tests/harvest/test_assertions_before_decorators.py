"""A test function followed by a class or function whose decorator runs over several lines (`@override_settings(A=1,
    B=2)`): its assertions are read all the same (issue 29). The decorator's indented lines were taken for the
function's body, which then did not parse, and DRF's test of "User inactive or deleted." was lost."""

from pathlib import Path

from kb.harvest.evidence.assertions import read_assertions

AUTHENTICATION = "tests/authentication/test_authentication.py"


def test_a_test_before_a_multiline_decorator_keeps_its_assertion(drf_sdist: Path):
    found = read_assertions((drf_sdist / AUTHENTICATION).read_text(), AUTHENTICATION)
    inactive = [a for a in found if a.name.endswith("test_basic_authentication_raises_error_if_user_not_active")]
    assert [(a.types, a.exact, a.call) for a in inactive] == [
        (("AuthenticationFailed",), "User inactive or deleted.", "auth.authenticate_credentials('foo', 'bar')")
    ]


def test_the_decorated_function_after_it_is_read_with_its_decorator():
    text = (
        "class T:\n"
        "    def test_one(self):\n"
        "        with pytest.raises(ValueError, match='first message'):\n"
        "            one()\n"
        "\n"
        "    @override_settings(A=1,\n"
        "                       B=2)\n"
        "    def test_two(self):\n"
        "        with pytest.raises(ValueError, match='second message'):\n"
        "            two()\n"
    )
    found = read_assertions(text, "tests/test_t.py")
    assert [(a.name, a.exact or a.chunks[0]) for a in found] == [
        ("T.test_one", "first message"),
        ("T.test_two", "second message"),
    ]


# Django 5.2.19's tests/template_tests/test_context.py:296-318 (sdist): a decorator of 13 lines.
PROCESSOR_TEST = """class RequestContextTests(SimpleTestCase):
    @override_settings(
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "OPTIONS": {
                    "context_processors": [
                        "django.template.context_processors.request",
                        "template_tests.test_context.context_process_returning_none",
                    ],
                },
            }
        ],
    )
    def test_template_context_processor_returning_none(self):
        request_context = RequestContext(HttpRequest())
        msg = (
            "Context processor context_process_returning_none didn't return a "
            "dictionary."
        )
        with self.assertRaisesMessage(TypeError, msg):
            with request_context.bind_template(Template("")):
                pass
"""


def test_a_long_decorator_is_read_with_its_test():
    [found] = read_assertions(PROCESSOR_TEST, "tests/template_tests/test_context.py")
    assert found.start == 2
    assert found.code.lstrip().startswith("@override_settings(\n        TEMPLATES=[")
