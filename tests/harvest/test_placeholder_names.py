"""Each runtime value of a harvested message has a placeholder of its own, and none is an unnamed `{}`: on the sites
of the installed Django and DRF that gave `{name}` for two values and "it returned {}!" with params {"0": "2"}."""

import string
from collections import defaultdict
from pathlib import Path

import django
import pytest
import rest_framework
from django.template import Engine, TemplateSyntaxError
from django.utils.functional import cached_property

from errorkb.matching.template import compile_template, match_template
from kb.harvest.pipeline.scan import Scan, scan
from kb.harvest.reading.extract import FoundSite


def installed(package) -> Scan:
    root = Path(package.__file__).parent
    return scan(root, prefix=package.__name__, progress=False)


@pytest.fixture(scope="module")
def sites() -> list[FoundSite]:
    return [*installed(django).sites, *installed(rest_framework).sites]


def site_at(sites: list[FoundSite], path: str, words: str) -> FoundSite:
    return next(s for s in sites if s.path == path and words in s.signature)


def params(signature: str, message: str) -> dict[str, str]:
    template = compile_template(signature)
    assert template is not None
    match = match_template(template, message)
    assert match is not None, (signature, message)
    return match.params


def names(signature: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(signature) if name is not None]


def test_querysets_get_names_the_count_it_returned(sites):
    site = site_at(sites, "django/db/models/query.py", "get() returned more than one")
    assert site.signature == "get() returned more than one {object_name} -- it returned {num}!"
    message = "get() returned more than one Post -- it returned 2!"
    assert params(site.signature, message) == {"object_name": "Post", "num": "2"}


def test_two_models_labels_have_two_names(sites):
    site = site_at(sites, "django/forms/models.py", "has no ForeignKey to")
    assert site.signature == "'{model_label}' has no ForeignKey to '{parent_model_label}'."


def test_a_cached_property_given_two_names_reports_both(sites):
    site = site_at(sites, "django/utils/functional.py", "two different names")

    class Shared:
        pass

    prop = cached_property(lambda self: 1)
    prop.__set_name__(Shared, "first")
    with pytest.raises(TypeError) as raised:
        prop.__set_name__(Shared, "second")
    assert list(params(site.signature, str(raised.value)).values()) == ["first", "second"]


def test_a_filter_expression_left_unparsed_names_the_rest_apart_from_the_token(sites):
    site = site_at(sites, "django/template/base.py", "Could not parse the remainder")
    with pytest.raises(TemplateSyntaxError) as raised:
        Engine().from_string("{{ total!now }}")
    found = params(site.signature, str(raised.value))
    assert sorted(found.values()) == ["!now", "total!now"]
    assert len(found) == 2


def test_a_text_chosen_by_a_condition_is_a_wording_not_a_placeholder(sites):
    site = site_at(sites, "django/forms/models.py", "because the data didn't validate")
    wordings = {site.signature, *(signature for _, signature in site.variants)}
    assert wordings == {
        "The {object_name} could not be created because the data didn't validate.",
        "The {object_name} could not be changed because the data didn't validate.",
    }


def test_no_harvested_message_has_an_unnamed_placeholder(sites):
    unnamed = [
        (s.path, s.line, signature)
        for s in sites
        for signature in (s.signature, *(sig for _, sig in s.variants))
        if signature and "" in names(signature)
    ]
    assert unnamed == []


def test_no_placeholder_name_stands_for_two_expressions(sites):
    doubled = []
    for s in sites:
        expressions = defaultdict(set)
        for value in s.evidence.get("values", []):
            expressions[value["placeholder"]].add(value["expression"])
        doubled += [(s.path, s.line, name) for name, found in expressions.items() if len(found) > 1]
    assert doubled == []
