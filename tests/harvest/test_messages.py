"""Every message form harvest rebuilds into a signature, read from source with `ast` alone."""

import io
import textwrap
from pathlib import Path

import django
import pytest
from django import forms
from django.contrib.auth.password_validation import MinimumLengthValidator
from django.core.exceptions import ValidationError
from django.core.management import call_command

from kb.harvest.pipeline.plan import produces
from kb.harvest.pipeline.scan import scan
from kb.models import ErrorEntry


def harvest_source(tmp_path, source: str, *, extra: dict[str, str] | None = None):
    package = tmp_path / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    for name, text in (extra or {}).items():
        (package / name).write_text(textwrap.dedent(text))
    (package / "mod.py").write_text(textwrap.dedent(source))
    return scan(tmp_path, progress=False)


def signatures(tmp_path, source: str, **kwargs) -> list[str]:
    return [site.signature for site in harvest_source(tmp_path, source, **kwargs).sites]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('raise ValueError("one " "two")', "one two"),
        ('raise ValueError(\n    "split over "\n    "two lines"\n)', "split over two lines"),
        ('raise ValueError("Bad name: " + name + "!")', "Bad name: {name}!"),
        ('raise KeyError(f"Unsupported KV cache type {kv_type}")', "Unsupported KV cache type {kv_type}"),
        ('raise KeyError(f"Field {self.name} is wrong")', "Field {name} is wrong"),
        ('raise KeyError(f"{value!r:>10} padded, {{literal}}")', "{value} padded, {{literal}}"),
        ('raise KeyError(f"{len(items)} items of {type(x).__name__}")', "{items} items of {x_type}"),
        ('raise ValueError("Got %s and %d%%" % (a, b))', "Got {a} and {b}%"),
        ('raise ValueError("Got %(first)s" % {"first": a})', "Got {first}"),
        ('raise ValueError("{} and {other} and {0}".format(a, other=b))', "{a} and {other} and {a}"),
        ('raise ValueError("It is {x:.2f}!".format(x=1))', "It is {x}!"),
        ('raise ValueError("Literal {braces}")', "Literal {{braces}}"),
        ('raise ValueError(_("Translated %s") % name)', "Translated {name}"),
        ('raise ValueError(gettext_lazy("Lazy one"))', "Lazy one"),
        ('raise ValueError(pgettext("context", "With context"))', "With context"),
    ],
)
def test_an_expression_becomes_its_signature(tmp_path, source, expected):
    assert signatures(tmp_path, f"def f(self, name, kv_type, value, items, x, a, b):\n    {source}\n") == [expected]


def test_a_message_assigned_to_a_local_variable_is_followed(tmp_path):
    source = """
    def check(x):
        msg = "Local message %s" % x
        raise ValueError(msg) from None
    """
    assert signatures(tmp_path, source) == ["Local message {x}"]


def test_a_message_set_in_two_arms_of_an_if_gives_two_entries_at_one_site(tmp_path):
    source = """
    def check(x):
        msg = "Start."
        if x:
            msg += " Then A."
        else:
            msg += " Then B."
        raise RuntimeError(msg)
    """
    found = harvest_source(tmp_path, source).sites
    assert [s.signature for s in found] == ["Start. Then A.", "Start. Then B."]
    assert {s.line for s in found} == {8}  # the source starts with a blank line


def test_a_module_constant_is_followed(tmp_path):
    assert signatures(tmp_path, 'LIMIT = "Limit reached: %s"\ndef f(x):\n    raise ValueError(LIMIT % x)\n') == [
        "Limit reached: {x}"
    ]


def test_assert_with_a_message_raises_assertion_error_and_without_one_is_skipped(tmp_path):
    result = harvest_source(tmp_path, 'def f(x):\n    assert x, "x must be set"\n    assert x\n')
    assert [(s.exception_type, s.signature) for s in result.sites] == [("AssertionError", "x must be set")]
    assert result.skipped["assert without a message"] == 1


def test_warnings_warn_is_a_warning_of_its_category(tmp_path):
    source = """
    import warnings
    from warnings import warn

    def f():
        warnings.warn("Deprecated thing", DeprecationWarning, stacklevel=2)
        warn("Plain one")
        warnings.warn("By keyword", category=RuntimeWarning)
    """
    found = harvest_source(tmp_path, source).sites
    assert [(s.kind, s.exception_type, s.signature) for s in found] == [
        ("warning", "DeprecationWarning", "Deprecated thing"),
        ("warning", "UserWarning", "Plain one"),
        ("warning", "RuntimeWarning", "By keyword"),
    ]


def test_ngettext_keeps_the_plural_as_another_wording(tmp_path):
    source = 'def f(n):\n    raise ValueError(ngettext("%(n)d item", "%(n)d items", n) % {"n": n})\n'
    [site] = harvest_source(tmp_path, source).sites
    assert site.signature == "{n} item"
    assert site.variants == (("{n} items", "{n} items"),)


@pytest.mark.parametrize(
    "source",
    [
        # Each translation function, called where the exception is raised.
        'raise ValueError(ungettext("%(n)d item", "%(n)d items", n) % {"n": n})',
        'raise ValueError(ngettext_lazy("%(n)d item", "%(n)d items", "n") % {"n": n})',
        'raise ValueError(translation.ngettext("%(n)d item", "%(n)d items", n) % {"n": n})',
        'raise ValueError(npgettext("context", "%(n)d item", "%(n)d items", n) % {"n": n})',
        'raise ValueError(npgettext_lazy("context", "%(n)d item", "%(n)d items", n) % {"n": n})',
        # And wherever the message comes from: a local, a module constant, a concatenation, a format call.
        'msg = ngettext("%(n)d item", "%(n)d items", n) % {"n": n}\n    raise ValueError(msg)',
        'raise ValueError(MESSAGE % {"n": n})',
        'raise ValueError(str(ngettext("%(n)d item", "%(n)d items", n)) % {"n": n})',
        'raise ValueError(ngettext("{n} item", "{n} items", n).format(n=n))',
        'raise ValueError(ngettext("%(n)d item", "%(n)d items", n) % {"n": n} if n else "no items")',
    ],
)
def test_every_ngettext_form_keeps_the_singular_as_the_message_and_the_plural_as_a_variant(tmp_path, source):
    module = f'MESSAGE = ngettext_lazy("%(n)d item", "%(n)d items", "n")\n\ndef f(n):\n    {source}\n'
    found = harvest_source(tmp_path, module).sites
    assert found[0].signature == "{n} item"
    assert ("{n} items", "{n} items") in found[0].variants
    assert all(signature != "{n} item" for _message, signature in found[0].variants)


def test_ngettext_in_class_attributes_error_messages_and_methods_keeps_its_plural(tmp_path):
    source = """
    from django.core.exceptions import ValidationError

    class Validator:
        message = ngettext_lazy("At least %(limit)d character.", "At least %(limit)d characters.", "limit")
        messages = {"digits": ngettext_lazy("At most %(max)s digit.", "At most %(max)s digits.", "max")}
        default_error_messages = {
            "too_many": ngettext_lazy("Submit at most %(num)d form.", "Submit at most %(num)d forms.", "num"),
        }

        def check(self, value):
            raise ValidationError(self.message, params={"limit": value})

        def digits(self, value):
            raise ValidationError(self.messages["digits"], params={"max": value})

        def forms(self, value):
            raise ValidationError(self.error_messages["too_many"] % {"num": value})

        def method(self, value):
            raise ValidationError(self.get_error_message())

        def get_error_message(self):
            return ngettext("Too short: %d character.", "Too short: %d characters.", self.min_length) % self.min_length
    """
    found = harvest_source(tmp_path, source).sites
    assert [(s.signature, [v[1] for v in s.variants]) for s in found] == [
        ("At least {limit} character.", ["At least {limit} characters."]),
        ("At most {max} digit.", ["At most {max} digits."]),
        ("Submit at most {num} form.", ["Submit at most {num} forms."]),
        ("Too short: {min_length} character.", ["Too short: {min_length} characters."]),
    ]


def test_a_self_fail_key_whose_message_is_ngettext_keeps_its_plural(tmp_path):
    source = """
    from .exceptions import ValidationError

    class Field:
        default_error_messages = {"max": ngettext_lazy("At most {n} item.", "At most {n} items.", "n")}

        def fail(self, key, **kwargs):
            raise ValidationError(self.error_messages[key].format(**kwargs))

        def run(self, value):
            self.fail("max", n=3)
    """
    found = harvest_source(tmp_path, source, extra={"exceptions.py": "class ValidationError(Exception):\n    pass\n"})
    [site] = [s for s in found.sites if s.function == "Field.run"]
    assert (site.signature, site.variants) == ("At most {n} item.", (("At most {n} items.", "At most {n} items."),))


def test_a_plural_the_same_as_the_singular_is_no_variant(tmp_path):
    source = 'def f(n):\n    raise ValueError(ngettext("%(n)s million", "%(n)s million", n) % {"n": n})\n'
    [site] = harvest_source(tmp_path, source).sites
    assert (site.signature, site.variants) == ("{n} million", ())


def test_a_class_attribute_bound_to_itself_is_not_followed_forever(tmp_path):
    source = """
    class A:
        message = A.message
        messages = {"key": A.messages["key"]}

        def f(self):
            raise ValueError(A.message)

        def g(self):
            raise ValueError(self.messages["key"])
    """
    assert signatures(tmp_path, source) == ["", ""]


DJANGO = Path(django.__file__).parent


def test_django_s_own_ngettext_messages_keep_their_plurals():
    """Django 5.2's raise sites whose messages are ngettext: a method's result, `default_error_messages`, a dict."""
    parts = {
        "forms": "django/forms",
        "contrib/auth/password_validation.py": "django/contrib/auth",
        "core/validators.py": "django/core",
    }
    found = [
        site for part, prefix in parts.items() for site in scan(DJANGO / part, prefix=prefix, progress=False).sites
    ]
    plurals = {(s.path, s.signature): [v[1] for v in s.variants] for s in found if s.variants}
    must = "This password is too short. It must contain at least {min_length} character"
    assert plurals[("django/contrib/auth/password_validation.py", f"{must}.")] == [f"{must}s."]
    assert plurals[("django/forms/formsets.py", "Please submit at most {num} form.")] == [
        "Please submit at most {num} forms."
    ]
    assert plurals[("django/forms/formsets.py", "Please submit at least {num} form.")] == [
        "Please submit at least {num} forms."
    ]
    assert plurals[
        ("django/forms/fields.py", "Ensure this filename has at most {max} character (it has {length}).")
    ] == ["Ensure this filename has at most {max} characters (it has {length})."]
    assert plurals[("django/core/validators.py", "Ensure that there are no more than {max} digit in total.")] == [
        "Ensure that there are no more than {max} digits in total."
    ]


def test_params_fill_percent_name_templates_as_django_validation_error_does(tmp_path):
    source = """
    from django.core.exceptions import ValidationError

    class Field:
        default_error_messages = {"invalid": _("“%(value)s” is not valid.")}

        def clean(self, value):
            raise ValidationError(self.error_messages["invalid"], code="invalid", params={"value": value})
    """
    [site] = harvest_source(tmp_path, source).sites
    assert (site.exception_type, site.signature) == (
        "django.core.exceptions.ValidationError",
        "“{value}” is not valid.",
    )


def test_a_key_chosen_by_a_conditional_gives_each_key_s_message_as_a_wording(tmp_path):
    source = """
    from django.core.exceptions import ValidationError

    class BooleanField:
        default_error_messages = {
            "invalid": _("“%(value)s” value must be either True or False."),
            "invalid_nullable": _("“%(value)s” value must be either True, False, or None."),
        }

        def to_python(self, value):
            raise ValidationError(
                self.error_messages["invalid_nullable" if self.null else "invalid"], params={"value": value}
            )
    """
    [site] = harvest_source(tmp_path, source).sites
    assert (site.signature, [v for _m, v in site.variants]) == (
        "“{value}” value must be either True, False, or None.",
        ["“{value}” value must be either True or False."],
    )


def test_django_s_boolean_field_error_is_harvested_with_the_message_it_raises():
    from django.db import models

    with pytest.raises(ValidationError) as raised:
        models.BooleanField().to_python("maybe")
    fields = Path(django.__file__).parent / "db" / "models" / "fields"
    found = scan(fields, prefix="django/db/models/fields", progress=False)
    wordings = [
        wording
        for site in found.sites
        if site.function == "BooleanField.to_python"
        for wording in (site.signature, *(v for _m, v in site.variants))
    ]
    assert any(produces(w, raised.value.messages[0]) for w in wordings), wordings


def test_default_detail_is_the_message_of_a_drf_exception_raised_without_arguments(tmp_path):
    errors = """
    class APIException(Exception):
        default_detail = "A server error occurred."

    class NotFound(APIException):
        default_detail = "Not found."

    class MethodNotAllowed(APIException):
        default_detail = 'Method "{method}" not allowed.'

    class Throttled(APIException):
        pass
    """
    source = """
    from . import exceptions

    def view(request):
        raise exceptions.NotFound()

    def other(request):
        raise exceptions.MethodNotAllowed(request.method)

    def slow(request):
        raise exceptions.Throttled
    """
    found = harvest_source(tmp_path, source, extra={"exceptions.py": errors}).sites
    assert [(s.exception_type, s.signature) for s in found] == [
        ("pkg.exceptions.NotFound", "Not found."),
        ("pkg.exceptions.MethodNotAllowed", 'Method "{method}" not allowed.'),
        ("pkg.exceptions.Throttled", "A server error occurred."),
    ]


def test_each_default_error_message_used_by_self_fail_is_its_own_entry_raised_where_fail_is_called(tmp_path):
    source = """
    from .exceptions import ValidationError

    class Field:
        default_error_messages = {"required": "This field is required."}

        def fail(self, key, **kwargs):
            msg = self.error_messages[key]
            raise ValidationError(msg.format(**kwargs))

    class CharField(Field):
        default_error_messages = {"max_length": "At most {max_length} characters."}

        def run_validation(self, value):
            if not value:
                self.fail("required")
            self.fail("max_length", max_length=3)
    """
    found = harvest_source(tmp_path, source, extra={"exceptions.py": "class ValidationError(Exception):\n    pass\n"})
    by_function = [(s.function, s.exception_type, s.signature) for s in found.sites if s.signature]
    # Each again at fail()'s raise, where a traceback of it ends.
    assert by_function == [
        ("CharField.run_validation", "pkg.exceptions.ValidationError", "This field is required."),
        ("Field.fail", "pkg.exceptions.ValidationError", "This field is required."),
        ("CharField.run_validation", "pkg.exceptions.ValidationError", "At most {max_length} characters."),
        ("Field.fail", "pkg.exceptions.ValidationError", "At most {max_length} characters."),
    ]


def test_a_fail_helper_taking_the_message_itself_raises_its_default_exception_type(tmp_path):
    source = """
    class TemplateSyntaxError(Exception):
        pass

    class Parser:
        def fail(self, msg, lineno=None, exc=TemplateSyntaxError):
            raise exc(msg, lineno)

        def parse_tag(self, name):
            self.fail(f"Encountered unknown tag {name!r}.")
    """
    found = [s for s in harvest_source(tmp_path, source).sites if s.signature]
    assert [(s.exception_type, s.signature, s.function) for s in found] == [
        ("pkg.mod.TemplateSyntaxError", "Encountered unknown tag {name}.", "Parser.parse_tag"),
        ("pkg.mod.TemplateSyntaxError", "Encountered unknown tag {name}.", "Parser.fail"),
    ]


def test_self_method_returning_one_message_is_followed(tmp_path):
    source = """
    class NumericValidator:
        def validate(self, password):
            raise ValueError(self.get_error_message())

        def get_error_message(self):
            return _("This password is entirely numeric.")
    """
    assert signatures(tmp_path, source) == ["This password is entirely numeric."]


def test_a_message_that_cannot_be_rebuilt_has_no_signature(tmp_path):
    result = harvest_source(tmp_path, "def f(e):\n    raise ValueError(str(e))\n\ndef g():\n    raise ValueError\n")
    assert [(s.signature, s.function) for s in result.sites] == [("", "f"), ("", "g")]


def test_re_raises_and_exceptions_held_in_variables_are_skipped_and_counted(tmp_path):
    source = """
    def f(error_class):
        try:
            pass
        except Exception as exc:
            raise
        try:
            pass
        except Exception as exc:
            raise exc
        raise error_class("what type?")
    """
    result = harvest_source(tmp_path, source)
    assert result.sites == []
    assert result.skipped == {
        "re-raises the exception being handled": 1,
        "raises an exception object held in a variable": 2,
    }


def test_functions_are_qualified_with_their_class_and_enclosing_function(tmp_path):
    source = """
    class KVManager:
        def _prepare(self):
            raise ValueError("in a method")

        class Inner:
            def go(self):
                raise ValueError("in a nested class")

    def outer():
        def inner():
            raise ValueError("in a closure")
        return inner
    """
    assert [s.function for s in harvest_source(tmp_path, source).sites] == [
        "KVManager._prepare",
        "KVManager.Inner.go",
        "outer.inner",
    ]


def test_the_snippet_surrounds_the_raise_and_stays_within_its_function(tmp_path):
    body = "\n".join(f"    x{n} = {n}" for n in range(20))
    source = f"def other():\n    pass\n\n\ndef f():\n{body}\n    raise ValueError('here')\n{body}\n"
    [site] = harvest_source(tmp_path, source).sites
    lines = site.snippet.splitlines()
    assert site.line == 26
    assert site.snippet_start == 18 and len(lines) == 17
    assert lines[site.line - site.snippet_start] == "    raise ValueError('here')"

    [short] = harvest_source(tmp_path, "def other():\n    pass\n\ndef f():\n    raise ValueError('x')\n").sites
    assert (short.snippet_start, short.snippet) == (4, "def f():\n    raise ValueError('x')")


def harvest_django(part: str, prefix: str, commit: str = django.get_version()) -> str:
    out = io.StringIO()
    call_command(
        "harvest",
        str(DJANGO / part),
        "--repo",
        "django/django",
        "--commit",
        commit,
        "--path-prefix",
        prefix,
        "--no-progress",
        stdout=out,
    )
    return out.getvalue()


def raised_by(code) -> str:
    with pytest.raises(ValidationError) as caught:
        code()
    [message] = caught.value.messages
    return message


def test_the_plural_django_really_raises_finds_the_harvested_entry(token_client, db):
    harvest_django("contrib/auth/password_validation.py", "django/contrib/auth")
    harvest_django("forms", "django/forms")
    too_short = raised_by(lambda: MinimumLengthValidator(min_length=3).validate("ab"))
    assert too_short == "This password is too short. It must contain at least 3 characters."

    class NameForm(forms.Form):
        name = forms.CharField(required=False)

    data = {"form-TOTAL_FORMS": "3", "form-INITIAL_FORMS": "0"}
    formset = forms.formset_factory(NameForm, max_num=2, validate_max=True)(data)
    [too_many] = formset.non_form_errors()
    assert too_many == "Please submit at most 2 forms."

    short = "This password is too short. It must contain at least {min_length} character"
    for message, singular, plural, params in [
        (too_short, f"{short}.", f"{short}s.", {"min_length": "3"}),
        (too_many, "Please submit at most {num} form.", "Please submit at most {num} forms.", {"num": "2"}),
    ]:
        entry = ErrorEntry.objects.get(signature=singular)
        assert entry.message == singular  # the singular stays the entry's own wording, the plural is a variant
        assert list(entry.variants.values_list("signature", flat=True)) == [plural]
        response = token_client.post("/api/match", {"text": message}, content_type="application/json")
        best = response.json()["matches"][0]
        assert (best["id"], best["exact"], best["params"]) == (entry.public_id, True, params), best
        assert best["why"][0]["signature"] == plural
