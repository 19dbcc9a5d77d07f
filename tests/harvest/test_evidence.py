"""Each raise site's evidence as a card reads it: conditions, values, parameters, function and callers."""

import io
from pathlib import Path

import django
from django.core.management import call_command

from kb.harvest.pipeline.scan import scan
from kb.harvest.reading.extract import FoundSite
from kb.models import RaiseSite
from tests.harvest.test_messages import harvest_source

DJANGO = Path(django.__file__).parent


def site_of(sites: list[FoundSite], words: str, *, function: str | None = None) -> FoundSite:
    [found] = [site for site in sites if words in site.message and function in (None, site.function)]
    return found


def evidence_of(tmp_path, source: str, words: str, **kwargs) -> dict:
    return site_of(harvest_source(tmp_path, source, **kwargs).sites, words).evidence


def callers_of(tmp_path, source: str, words: str, **kwargs) -> list[tuple[str, int, bool]]:
    return [(c["function"], c["level"], c["guess"]) for c in evidence_of(tmp_path, source, words, **kwargs)["callers"]]


def test_a_raise_under_an_if_and_a_guard_has_both_conditions_as_code_and_sentence(tmp_path):
    source = """
    def resize(items, size, strict=False):
        if not items:
            return None
        if strict and len(items) > size:
            raise ValueError(f"Too many items: {len(items)} for {size}")
    """
    evidence = evidence_of(tmp_path, source, "Too many items")
    assert [(c["kind"], c["code"], c["sentence"]) for c in evidence["conditions"]] == [
        ("if", "strict and len(items) > size", "`strict` is true and `items` has more than `size` items"),
        ("guard", "items", "`items` is true"),
    ]
    assert [c["line"] for c in evidence["conditions"]] == [5, 3]
    assert evidence["under_condition"] is True


def test_each_placeholder_names_the_expression_that_fills_it(tmp_path):
    source = """
    def check(value, limit):
        raise ValueError("{} is not valid: ".format(value.name) + repr(limit))
    """
    evidence = evidence_of(tmp_path, source, "is not valid")
    assert evidence["values"] == [
        {"placeholder": "name", "expression": "value.name"},
        {"placeholder": "limit", "expression": "repr(limit)"},
    ]


def test_a_percent_mapping_and_format_keywords_fill_their_placeholders(tmp_path):
    source = """
    def check(value, field):
        if len(value) > 3:
            raise ValueError("Size %(size)s of %(name)s" % {"size": len(value), "name": field.name})
        raise ValueError("At most {limit} for {0}".format(field, limit=3 * 2))
    """
    assert evidence_of(tmp_path, source, "Size")["values"] == [
        {"placeholder": "size", "expression": "len(value)"},
        {"placeholder": "name", "expression": "field.name"},
    ]
    assert evidence_of(tmp_path, source, "At most")["values"] == [
        {"placeholder": "limit", "expression": "3 * 2"},
        {"placeholder": "field", "expression": "field"},
    ]


def test_parameters_are_those_the_conditions_and_values_read_in_signature_order(tmp_path):
    source = """
    class Resizer:
        def resize(self, unused, size, items, *, strict=False):
            if strict and len(items) > self.limit:
                raise ValueError(f"Cannot resize to {size}")
    """
    assert evidence_of(tmp_path, source, "Cannot resize")["parameters"] == ["size", "items", "strict"]


def test_the_function_is_named_with_its_class_signature_and_first_paragraph_of_its_docstring(tmp_path):
    source = '''
    class Outer:
        class Resizer:
            def resize(self, size: int, *items, strict=False) -> None:
                """Resize the items
                to `size`.

                More detail that the card does not need.
                """
                raise ValueError("Cannot resize")
    '''
    assert evidence_of(tmp_path, source, "Cannot resize")["function"] == {
        "name": "Outer.Resizer.resize",
        "class": "Outer.Resizer",
        "signature": "(self, size: int, *items, strict=False)",
        "doc": "Resize the items to `size`.",
    }


def test_a_plain_raise_is_not_under_a_condition_and_a_match_case_is(tmp_path):
    source = """
    def always():
        raise RuntimeError("Always fails")

    def choose(command):
        match command:
            case "stop":
                raise RuntimeError("Stopped")
    """
    scanned = harvest_source(tmp_path, source).sites
    always = site_of(scanned, "Always fails").evidence
    assert (always["under_condition"], always["conditions"]) == (False, [])
    # No condition is read for a `case` (yet): the harvest's share of conditions read counts it as missing.
    assert site_of(scanned, "Stopped").evidence["under_condition"] is True


def test_a_warning_and_a_fail_helper_read_the_conditions_of_their_statement(tmp_path):
    source = """
    import warnings

    class Field:
        default_error_messages = {"invalid": "Enter a whole number."}

        def fail(self, key):
            raise ValueError(self.default_error_messages[key])

        def to_python(self, data):
            if settings.STRICT and not data.isdigit():
                self.fail("invalid")

    def configure(options):
        for name in options:
            if name.startswith("old_"):
                warnings.warn(f"{name} is deprecated", DeprecationWarning)
    """
    scanned = harvest_source(tmp_path, source).sites
    assert [
        c["sentence"]
        for c in site_of(scanned, "Enter a whole number", function="Field.to_python").evidence["conditions"]
    ] == ["the setting `STRICT` is true and `data.isdigit()` is false"]
    warned = site_of(scanned, "is deprecated").evidence
    assert [c["sentence"] for c in warned["conditions"]] == ["`name` starts with `'old_'`"]
    assert warned["values"] == [{"placeholder": "name", "expression": "name"}]


def test_a_warning_under_a_case_of_a_match_reads_the_case(tmp_path):
    # Python-Markdown's own code: the `case` has no line of its own, and reading it once stopped the harvest.
    source = """
    import warnings

    def set_mode(mode):
        match mode:
            case "html4":
                warnings.warn("The html4 mode is deprecated", DeprecationWarning)
            case _:
                pass
    """
    warned = evidence_of(tmp_path, source, "html4 mode is deprecated")
    assert warned["under_condition"] is True
    assert [c["code"] for c in warned["conditions"]] == ["mode == 'html4'"]


def test_callers_two_levels_deep_public_names_first(tmp_path):
    source = """
    def check(value):
        if value < 0:
            raise ValueError("Negative value")
        if value > 100:
            return check(100)

    def _normalise(value):
        return check(value)

    def load(value):
        return _normalise(value)

    def test_check():
        check(-1)
    """
    # check's own recursive call is no caller; load reaches it through _normalise; private names and tests last.
    assert callers_of(tmp_path, source, "Negative value") == [
        ("load", 2, False),
        ("_normalise", 1, False),
        ("test_check", 1, False),
    ]
    [via] = [c["via"] for c in evidence_of(tmp_path, source, "Negative value")["callers"] if c["level"] == 2][:1]
    assert via == "_normalise"


def test_a_method_called_on_self_is_a_caller_on_an_unknown_object_a_guess_left_out(tmp_path):
    source = """
    class Form:
        def __init__(self, data):
            if data is None:
                raise TypeError("No data")
            self.data = data

        def validate(self):
            raise ValueError("Invalid form")

        def is_valid(self):
            return self.validate()

    class Child(Form):
        def full_clean(self):
            super().validate()

    def submit(form, payload):
        form.validate()
        return Form(payload)
    """
    assert sorted(callers_of(tmp_path, source, "Invalid form")) == [
        ("Child.full_clean", 1, False),
        ("Form.is_valid", 1, False),
    ]
    # A class called by its name reaches its __init__ (with a value that may be None: `Form({})` could not).
    assert callers_of(tmp_path, source, "No data") == [("submit", 1, False)]


def test_a_function_defined_twice_has_no_caller_by_its_name_alone(tmp_path):
    source = """
    def check(value):
        raise ValueError("Checked")

    def run():
        check(1)
    """
    extra = {"other.py": "def check(value):\n    return value\n"}
    assert callers_of(tmp_path, source, "Checked", extra=extra) == [("run", 1, False)]
    # A module calling `check` it imports from elsewhere does not reach this one.
    extra["caller.py"] = "from .other import check\n\ndef elsewhere():\n    check(2)\n"
    assert callers_of(tmp_path, source, "Checked", extra=extra) == [("run", 1, False)]


def test_without_evidence_the_sites_are_the_same_and_carry_none(tmp_path):
    source = """
    def check(value):
        if value < 0:
            raise ValueError(f"Negative value {value}")
    """
    with_evidence = harvest_source(tmp_path, source).sites
    without = scan(tmp_path, progress=False, evidence=False).sites
    assert without == with_evidence
    assert [site.evidence for site in without] == [{}]


def django_models() -> list[FoundSite]:
    return scan(DJANGO / "db" / "models", prefix="django/db/models", progress=False).sites


def test_django_negative_indexing_names_its_condition_and_function():
    [site] = [s for s in django_models() if s.function == "QuerySet.__getitem__" and "Negative" in s.message]
    evidence = site.evidence
    [test] = [c for c in evidence["conditions"] if c["kind"] == "if"]
    assert "k < 0" in test["code"] and "is less than `0`" in test["sentence"]
    assert evidence["parameters"] == ["k"]
    assert evidence["function"] == {
        "name": "QuerySet.__getitem__",
        "class": "QuerySet",
        "signature": "(self, k)",
        "doc": "Retrieve an item or slice from the set of results.",
    }


def test_django_reverse_after_slicing_is_reached_from_latest_and_last():
    sites = [s for s in django_models() if s.message == "Cannot reverse a query once a slice has been taken."]
    [reverse] = [s for s in sites if s.function == "QuerySet.reverse"]
    callers = {(c["function"], c["path"], c["guess"]) for c in reverse.evidence["callers"] if c["level"] == 1}
    assert ("QuerySet.latest", "django/db/models/query.py", False) in callers
    assert ("QuerySet.last", "django/db/models/query.py", False) in callers


def test_a_harvest_stores_each_site_s_evidence_and_counts_the_conditions_read(db, tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mod.py").write_text(
        "def check(value):\n    if value < 0:\n        raise ValueError('Negative value')\n\n"
        "def load(value):\n    return check(value)\n"
    )
    out = io.StringIO()
    call_command("harvest", str(tmp_path), "--repo", "acme/pkg", "--commit", "v1", "--no-progress", stdout=out)
    [site] = RaiseSite.objects.filter(entry__repository__name="pkg")
    assert [c["sentence"] for c in site.evidence["conditions"]] == ["`value` is less than `0`"]
    assert [c["function"] for c in site.evidence["callers"]] == ["load"]
    assert "raise sites under a condition: 1; conditions read for 1 (100.0%)" in out.getvalue()
