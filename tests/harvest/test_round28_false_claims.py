"""Round 28's false claim and wrong solution, each on the reduced real code that gave it.

- Card 06 read `self.geom_type` as "the `geom_type` argument of `GeometryField()`", but `__init__` sets it only
  when the argument is not None: otherwise it is the class's (`"GEOMETRY"`, `"POINT"` on `PointField`), so
  `GeometryField()` with no argument never raises, while `PointField()` does.
- Card 10 advised "Pass a `HttpRequest` as `request` to
  `sensitive_post_parameters.decorator.sensitive_post_parameters_wrapper()`": a decorator's wrapper, a function
  nested in a function, which no user calls by its name (and which, decorating a method, gets `self` as
  `request` whatever the caller passes)."""

from kb.cards.solutions import derive_solutions
from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/contrib/gis/forms/fields.py:21-40, 89-102, 139.
FIELDS = """
class ValidationError(Exception):
    pass


class GeometryField:
    geom_type = "GEOMETRY"

    def __init__(self, *, srid=None, geom_type=None, **kwargs):
        self.srid = srid
        if geom_type is not None:
            self.geom_type = geom_type

    def clean(self, value):
        geom = value
        if (
            str(geom.geom_type).upper() != self.geom_type
            and self.geom_type != "GEOMETRY"
        ):
            raise ValidationError("Invalid geometry type.")
        return geom


class PointField(GeometryField):
    geom_type = "POINT"


class Always:
    def __init__(self, *, kind=None):
        self.kind = kind

    def clean(self, value):
        if value.kind != self.kind:
            raise ValidationError("Wrong kind.")
        return value
"""

# Reduced from Django 5.2.19's django/views/decorators/debug.py:112-145.
DEBUG = """
from functools import wraps
from inspect import iscoroutinefunction


class HttpRequest:
    pass


def sensitive_post_parameters(*parameters):
    def decorator(view):
        if iscoroutinefunction(view):

            @wraps(view)
            async def sensitive_post_parameters_wrapper(request, *args, **kwargs):
                if not isinstance(request, HttpRequest):
                    raise TypeError(
                        "sensitive_post_parameters didn't receive an HttpRequest "
                        "object. If you are decorating a classmethod, make sure to use "
                        "@method_decorator."
                    )
                request.sensitive_post_parameters = parameters
                return await view(request, *args, **kwargs)

        else:

            @wraps(view)
            def sensitive_post_parameters_wrapper(request, *args, **kwargs):
                if not isinstance(request, HttpRequest):
                    raise TypeError(
                        "sensitive_post_parameters didn't receive an HttpRequest "
                        "object. If you are decorating a classmethod, make sure to use "
                        "@method_decorator."
                    )
                request.sensitive_post_parameters = parameters
                return view(request, *args, **kwargs)

        return sensitive_post_parameters_wrapper

    return decorator
"""


def test_an_attribute_set_only_when_its_argument_is_given_is_not_said_as_the_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"gis/fields.py": FIELDS}, repo="example/gis")
    card = cards["Invalid geometry type."].generated
    for section in ("meaning", "trigger"):
        assert "the `geom_type` argument" not in card.get(section, "")


def test_an_attribute_always_set_from_its_argument_is_still_said_as_the_argument(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"gis/fields.py": FIELDS}, repo="example/gis")
    assert "the `kind` argument of `Always()`" in cards["Wrong kind."].generated["trigger"]


def test_no_solution_is_addressed_to_a_decorator_s_wrapper(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"views/debug.py": DEBUG}, repo="example/debug")
    card = next(card for message, card in cards.items() if message.startswith("sensitive_post_parameters"))
    said = " ".join(card.generated.get(section, "") for section in ("meaning", "trigger"))
    solutions = " ".join(derive_solutions(list(card.sites.all()), message=card.message))
    assert "sensitive_post_parameters_wrapper()`" not in solutions
    assert "Pass a `HttpRequest`" not in solutions
    # What the wrapper was called with is still said: true, and the message names the fix.
    assert "was called with a `request` that is not an instance of `HttpRequest`" in said
