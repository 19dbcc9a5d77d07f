"""A test's excerpt keeps the header of a `with` whose entering may be what raises (round 25's card 08, false): in
`with self.assertWarnsMessage(W, msg), self.settings(FORMS_URLFIELD_ASSUME_HTTPS=True):` the warning comes from
entering `self.settings(...)`, and the class defined in the block alone gives a sibling warning. The block is shown
from its `with`, never its body alone; a `with` that enters only its checks still shows the triggering call."""

from kb.cards.examples import how_to_trigger
from kb.harvest.evidence.assertions import Assertion, read_assertions
from tests.factories import generated_entry

MODEL_FORMS = "tests/model_forms/tests.py"

# Django 5.2.19's tests/model_forms/tests.py:2944-2969 (sdist), reduced to the two tests' bodies under their class.
URLFIELD_TESTS = """
class ModelOtherFieldTests(SimpleTestCase):
    def test_url_modelform_assume_scheme_warning(self):
        msg = (
            "The default scheme will be changed from 'http' to 'https' in Django "
            "6.0. Pass the forms.URLField.assume_scheme argument to silence this "
            "warning, or set the FORMS_URLFIELD_ASSUME_HTTPS transitional setting to "
            "True to opt into using 'https' as the new default scheme."
        )
        with self.assertWarnsMessage(RemovedInDjango60Warning, msg):

            class HomepageForm(forms.ModelForm):
                class Meta:
                    model = Homepage
                    fields = "__all__"

    def test_url_modelform_assume_scheme_early_adopt_https(self):
        msg = "The FORMS_URLFIELD_ASSUME_HTTPS transitional setting is deprecated."
        with (
            self.assertWarnsMessage(RemovedInDjango60Warning, msg),
            self.settings(FORMS_URLFIELD_ASSUME_HTTPS=True),
        ):

            class HomepageForm(forms.ModelForm):
                class Meta:
                    model = Homepage
                    fields = "__all__"
"""


def _named(found: list[Assertion], name: str) -> Assertion:
    return next(a for a in found if a.name == f"ModelOtherFieldTests.{name}")


def test_the_with_that_enters_a_setting_is_kept_with_its_body():
    found = read_assertions(URLFIELD_TESTS, MODEL_FORMS)
    early = _named(found, "test_url_modelform_assume_scheme_early_adopt_https")
    assert early.call.startswith("with (\n")
    assert "    self.settings(FORMS_URLFIELD_ASSUME_HTTPS=True),\n):" in early.call
    assert early.call.endswith('class HomepageForm(forms.ModelForm):\n        class Meta:\n'
                               '            model = Homepage\n            fields = "__all__"')  # fmt: skip
    assert early.pinned == 19  # the `with`'s line


def test_a_block_that_enters_only_its_check_still_shows_its_call():
    found = read_assertions(URLFIELD_TESTS, MODEL_FORMS)
    warned = _named(found, "test_url_modelform_assume_scheme_warning")
    assert warned.call.startswith("class HomepageForm(forms.ModelForm):")
    assert warned.pinned == 12


def test_the_card_shows_the_setting_the_warning_comes_from(db):
    found = read_assertions(URLFIELD_TESTS, MODEL_FORMS)
    early = _named(found, "test_url_modelform_assume_scheme_early_adopt_https")
    row = {
        "path": MODEL_FORMS, "line": early.line, "name": early.name, "assertion": early.form, "how": "message",
        "code": early.code, "start": early.start, "call": early.call, "pinned": early.pinned,
    }  # fmt: skip
    shown = how_to_trigger(generated_entry(), [row])
    assert "self.settings(FORMS_URLFIELD_ASSUME_HTTPS=True)" in shown
    assert "class HomepageForm(forms.ModelForm):" in shown


def test_a_with_inside_the_block_is_shown_with_its_header():
    text = (
        "class T:\n"
        "    def test_one(self):\n"
        "        with self.assertRaisesMessage(ValueError, 'bad value'):\n"
        "            with self.settings(USE_TZ=True):\n"
        "                make()\n"
        "    def test_two(self):\n"
        "        with self.assertRaisesMessage(ValueError, 'bad value'), transaction.atomic():\n"
        "            make()\n"
        "    def test_three(self):\n"
        "        with self.subTest(1), self.assertRaisesMessage(ValueError, 'bad value'), self.assertNumQueries(0):\n"
        "            make()\n"
    )
    found = read_assertions(text, "tests/test_t.py")
    assert [(a.name, a.call, a.pinned) for a in found] == [
        ("T.test_one", "with self.settings(USE_TZ=True):\n    make()", 4),
        ("T.test_two", "with self.assertRaisesMessage(ValueError, 'bad value'), transaction.atomic():\n    make()", 7),
        ("T.test_three", "make()", 11),
    ]
