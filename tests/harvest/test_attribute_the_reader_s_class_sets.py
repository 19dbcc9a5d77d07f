"""A test on whether the object has an attribute is said from the reader's side (issue 29, round 24's cards 18 and
20): `hasattr(self.Meta, 'model')` as the option the user's serializer declares, with the fix; `getattr(self, 'x',
None)`, in the test or as the local it tests, as the object's attribute that is not set. Any other reading of such a
local says nothing."""

import pytest

from tests.harvest.published import harvest_published

# rest_framework/serializers.py:1077-1095 (DRF 3.18.3), reduced: the two asserts of `ModelSerializer.get_fields`.
SERIALIZERS = """
class ModelSerializer:
    def get_fields(self):
        assert hasattr(self, 'Meta'), (
            'Class {serializer_class} missing "Meta" attribute'.format(
                serializer_class=self.__class__.__name__
            )
        )
        assert hasattr(self.Meta, 'model'), (
            'Class {serializer_class} missing "Meta.model" attribute'.format(
                serializer_class=self.__class__.__name__
            )
        )
        return {}
"""
# rest_framework/response.py:53-63 (DRF 3.18.3), reduced; the last raise is made up, to show a local read another
# way (`renderer.charset`) stays unsaid.
RESPONSE = """
class Response:
    @property
    def rendered_content(self):
        renderer = getattr(self, 'accepted_renderer', None)
        accepted_media_type = getattr(self, 'accepted_media_type', None)
        context = getattr(self, 'renderer_context', None)

        assert renderer, ".accepted_renderer not set on Response"
        assert accepted_media_type, ".accepted_media_type not set on Response"
        assert context is not None, ".renderer_context not set on Response"
        if renderer.charset == 'x':
            raise ValueError('renderer has no charset here')
        return renderer.render(self.data, accepted_media_type, context)
"""
# rest_framework/throttling.py:60-89 (DRF 3.18.3), reduced: `getattr(self, 'scope', None)` in the test itself.
THROTTLING = """
class ImproperlyConfigured(Exception):
    pass


class SimpleRateThrottle:
    scope = None

    def get_rate(self):
        if not getattr(self, 'scope', None):
            msg = ("You must set either `.scope` or `.rate` for '%s' throttle" %
                   self.__class__.__name__)
            raise ImproperlyConfigured(msg)
        return self.scope
"""
# django/views/generic/base.py:96-104 (Django 5.2.19), reduced: a local named `self` is no object a method runs on.
BASE = """
class View:
    @classmethod
    def as_view(cls, **initkwargs):
        def view(request, *args, **kwargs):
            self = cls(**initkwargs)
            self.setup(request, *args, **kwargs)
            if not hasattr(self, "request"):
                raise AttributeError(
                    "%s instance has no 'request' attribute. Did you override "
                    "setup() and forget to call super()?" % cls.__name__
                )
            return self.dispatch(request, *args, **kwargs)

        return view
"""
MODEL = 'Class {serializer_class} missing "Meta.model" attribute'


@pytest.mark.django_db
def test_an_attribute_the_reader_s_class_may_not_set_is_said_as_theirs(git_repo) -> None:
    entries = harvest_published(
        git_repo,
        {
            "rest_framework/serializers.py": SERIALIZERS,
            "rest_framework/response.py": RESPONSE,
            "rest_framework/throttling.py": THROTTLING,
            "rest_framework/base.py": BASE,
        },
        "encode/django-rest-framework",
    )
    model = entries[MODEL].generated
    assert "when the `Meta.model` option of your `ModelSerializer` is not set" in model.get("meaning", "")
    assert "- the `Meta.model` option of your `ModelSerializer` is not set (line " in model.get("trigger", "")
    assert model.get("solutions") == ["Set the `Meta.model` option of your `ModelSerializer`."]

    # `hasattr(self, 'Meta')`: no more than the code says, of the reader's object.
    meta = entries['Class {serializer_class} missing "Meta" attribute'].generated.get("meaning", "")
    assert "raises this when the `ModelSerializer` has no `Meta` attribute" in meta
    request = entries[
        "{class_name} instance has no 'request' attribute. Did you override setup() and forget to call super()?"
    ].generated.get("meaning", "")
    assert "has no `request` attribute" not in request

    renderer = entries[".accepted_renderer not set on Response"].generated.get("meaning", "")
    assert renderer.startswith(
        "Reading `Response.rendered_content` raises this when the `Response`'s `accepted_renderer` is not set "
        "(or empty)"
    )
    context = entries[".renderer_context not set on Response"].generated.get("meaning", "")
    assert "when the `Response`'s `renderer_context` is not set (or `None`)" in context
    # A local read another way than as set or not is no attribute's state: the card says no condition.
    charset = entries["renderer has no charset here"].generated
    assert "accepted_renderer" not in charset.get("meaning", "") + charset.get("trigger", "")

    scope = entries["You must set either `.scope` or `.rate` for '{class_name}' throttle"].generated
    assert "when the `SimpleRateThrottle`'s `scope` is not set (or empty)" in scope.get("meaning", "")
