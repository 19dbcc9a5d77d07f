"""A test that asserts a type alone triggers a raise in the function it calls only when no call made before that
raise, on a path to it, may raise the type too (issue 29, "how to trigger it"). Django 5.2.19's
`LayerMapping(City, city_shp, bad_map)` under `assertRaises(LayerMapError)` meets `check_layer()`'s
LayerMapError, not `__init__`'s "Unrecognized transaction mode" further down; `lm.save(fid_range=fr, step=10)` meets
`save`'s own raise, since nothing it calls first raises a LayerMapError; a call in a `try` whose handler catches
everything cannot let one out (`WatchmanReloader.check_server_status`), nor is one in a branch that returns on the
way to the raise (DRF's `TemplateHTMLRenderer.get_template_names`)."""

import pytest

from tests.harvest.test_tests_docs import triggering
from tests.harvest.test_type_only_tests_by_their_call import package_evidence

# Reduced from django/contrib/gis/utils/layermapping.py:39-41, 97-192, 309-325, 553-706 (Django 5.2.19).
LAYERMAPPING = """
from django.db import connections, router, transaction


class LayerMapError(Exception):
    pass


class LayerMapping:
    def __init__(self, model, data, mapping, layer=0, source_srs=None, transaction_mode="commit_on_success",
                 transform=True, unique=None, using=None):
        self.ds = data
        self.layer = self.ds[layer]
        self.using = using if using is not None else router.db_for_write(model)
        self.mapping = mapping
        self.model = model
        self.check_layer()
        if transform:
            self.source_srs = self.check_srs(source_srs)
        else:
            self.transform = transform
        if unique:
            transaction_mode = "autocommit"  # Has to be set to autocommit.
        self.transaction_mode = transaction_mode
        if transaction_mode == "autocommit":
            self.transaction_decorator = None
        elif transaction_mode == "commit_on_success":
            self.transaction_decorator = transaction.atomic
        else:
            raise LayerMapError("Unrecognized transaction mode: %s" % transaction_mode)

    def check_fid_range(self, fid_range):
        "Check the `fid_range` keyword."
        if fid_range:
            if isinstance(fid_range, (tuple, list)):
                return slice(*fid_range)
            elif isinstance(fid_range, slice):
                return fid_range
            else:
                raise TypeError
        else:
            return None

    def check_layer(self):
        for field_name, ogr_name in self.mapping.items():
            if field_name not in self.model.fields:
                raise LayerMapError(
                    'Given mapping field "%s" not in given Model fields.' % field_name
                )

    def check_srs(self, source_srs):
        sr = source_srs or self.layer.srs
        if not sr:
            raise LayerMapError("No source reference system defined.")
        else:
            return sr

    def save(self, verbose=False, fid_range=False, step=False, progress=False):
        default_range = self.check_fid_range(fid_range)
        if progress:
            if progress is True or not isinstance(progress, int):
                progress_interval = 1000
            else:
                progress_interval = progress

        def _save(feat_range=default_range, num_feat=0, num_saved=0):
            for feat in self.layer:
                self.model(**feat).save(using=self.using)
            return num_saved, num_feat

        if self.transaction_decorator is not None:
            _save = self.transaction_decorator(_save)

        nfeat = self.layer.num_feat
        if step and isinstance(step, int) and step < nfeat:
            if default_range:
                raise LayerMapError(
                    "The `step` keyword may not be used in conjunction with the "
                    "`fid_range` keyword."
                )
        return _save()
"""

# Reduced from tests/gis_tests/layermap/tests.py:50-70, 234-257 (Django 5.2.19).
LAYERMAPPING_TESTS = """
from copy import copy
from unittest import TestCase

from layers.core import LayerMapError, LayerMapping


class LayerMapTest(TestCase):
    def test_init(self):
        bad1 = copy(city_mapping)
        bad1["foobar"] = "FooField"
        for bad_map in (bad1,):
            with self.assertRaises(LayerMapError):
                LayerMapping(City, city_shp, bad_map)

    def test_test_fid_range_step(self):
        lm = LayerMapping(County, co_shp, co_mapping, transform=False, unique="name")
        fr = (3, 5)  # layer[3:5]
        with self.assertRaises(LayerMapError):
            lm.save(fid_range=fr, step=10)
"""

# Reduced from django/utils/autoreload.py:613-619 (Django 5.2.19), with a call before that raises its type.
RELOADER = """
class WatchmanUnavailable(RuntimeError):
    pass


class WatchmanReloader:
    def check_availability(self):
        raise WatchmanUnavailable("Watchman unavailable.")

    def check_server_status(self, inner_ex=None):
        \"\"\"Return True if the server is available.\"\"\"
        try:
            self.check_availability()
            self.client.query("version")
        except Exception:
            raise WatchmanUnavailable(str(inner_ex)) from inner_ex
        return True
"""

# Reduced from tests/utils_tests/test_autoreload.py:793-797 (Django 5.2.19).
RELOADER_TESTS = """
from unittest import TestCase

from reloading.core import WatchmanReloader, WatchmanUnavailable


class WatchmanReloaderTests(TestCase):
    def test_check_server_status_raises_error(self):
        self.reloader = WatchmanReloader()
        with self.assertRaises(WatchmanUnavailable):
            self.reloader.check_server_status()
"""


# Reduced from rest_framework/renderers.py:179-190 (DRF 3.18.3), with another raise of the type the package has.
RENDERERS = """
class ImproperlyConfigured(Exception):
    pass


class TemplateHTMLRenderer:
    template_name = None

    def get_template_names(self, response, view):
        if response.template_name:
            return [response.template_name]
        elif self.template_name:
            return [self.template_name]
        elif hasattr(view, 'get_template_names'):
            return view.get_template_names()
        elif hasattr(view, 'template_name'):
            return [view.template_name]
        raise ImproperlyConfigured(
            'Returned a template response with no `template_name` attribute set on either the view or response'
        )


def perform_import(val):
    if val is None:
        raise ImproperlyConfigured("Nothing to import.")
"""

# Reduced from tests/test_htmlrenderer.py:137-140 (DRF 3.18.3).
RENDERERS_TESTS = """
import pytest

from rendering.core import ImproperlyConfigured, TemplateHTMLRenderer


class TemplateHTMLRendererTests:
    def test_get_template_names_raises_error_if_no_template_found(self):
        renderer = TemplateHTMLRenderer()
        with pytest.raises(ImproperlyConfigured):
            renderer.get_template_names(self.mock_response, view=object())
"""


@pytest.fixture
def layers(git_repo) -> dict[str, dict]:
    return package_evidence(git_repo, "layers", LAYERMAPPING, LAYERMAPPING_TESTS)


def test_a_constructor_that_checks_first_triggers_nothing_further_down(layers) -> None:
    assert triggering(layers, "Unrecognized transaction mode: {transaction_mode}") == []


def test_the_raise_met_after_calls_that_raise_other_types_is_triggered(layers) -> None:
    [test] = triggering(layers, "The `step` keyword may not be used in conjunction with the `fid_range` keyword.")
    assert (test["name"], test["how"], test["call"]) == (
        "LayerMapTest.test_test_fid_range_step",
        "type-and-call",
        "lm.save(fid_range=fr, step=10)",
    )


def test_a_call_in_a_try_whose_handler_catches_the_type_lets_none_out(git_repo) -> None:
    evidence = package_evidence(git_repo, "reloading", RELOADER, RELOADER_TESTS)
    [test] = triggering(evidence, "WatchmanReloader.check_server_status")
    assert test["name"] == "WatchmanReloaderTests.test_check_server_status_raises_error"


def test_a_call_in_a_branch_that_returns_is_not_on_the_way_to_the_raise(git_repo) -> None:
    evidence = package_evidence(git_repo, "rendering", RENDERERS, RENDERERS_TESTS)
    [test] = triggering(
        evidence, "Returned a template response with no `template_name` attribute set on either the view or response"
    )
    assert test["call"] == "renderer.get_template_names(self.mock_response, view=object())"
