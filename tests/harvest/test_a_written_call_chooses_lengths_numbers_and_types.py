"""A written call chooses values the tests compare a parameter's length or order with (`len(s) > 13` -> a text of
14 characters, `x < 0` -> -1), and a value of a builtin type that a plain class of the harvest cannot hold
(`isinstance(type_input, OGRGeomType)` is false for `None`): each test on the way is still evaluated on them."""

from tests.harvest.published import harvest_published

WRITTEN = "A call that raises it, written from the code (not taken from a test):"

# Reduced from django/utils/http.py:154-164 (Django 5.2.19).
HTTP = '''
def base36_to_int(s):
    """
    Convert a base 36 string to an int. Raise ValueError if the input won't fit
    into an int.
    """
    if len(s) > 13:
        raise ValueError("Base36 input too large")
    return int(s, 36)
'''
# Reduced from django/contrib/gis/gdal/geomtype.py:4-97 (Django 5.2.19).
GEOMTYPE = """
class OGRGeomType:
    "Encapsulate OGR Geometry Types."

    def __init__(self, type_input):
        "Figure out the correct OGR Type based upon the input."
        if isinstance(type_input, OGRGeomType):
            num = type_input.num
        elif isinstance(type_input, str):
            num = type_input
        elif isinstance(type_input, int):
            num = type_input
        else:
            raise TypeError("Invalid OGR input type given.")
        self.num = num
"""
# The same tests on a class of the harvest that is a text: no value is certain to fail its `isinstance`.
TEXT = """
class Name(str):
    pass


class Named:
    def __init__(self, name):
        if isinstance(name, Name):
            pass
        else:
            raise TypeError("A Name is required.")
"""
# Reduced from django/contrib/gis/geos/point.py:63-67 (Django 5.2.19), the private classmethod made public.
POINT = """
def create_point(ndim):
    if not ndim:
        return None

    if ndim < 2 or ndim > 3:
        raise TypeError("Invalid point dimension: %s" % ndim)
"""
FILES = {
    "django/__init__.py": "",
    "django/utils/__init__.py": "",
    "django/utils/http.py": HTTP,
    "django/utils/names.py": TEXT,
    "django/utils/point.py": POINT,
    "django/contrib/__init__.py": "",
    "django/contrib/gis/__init__.py": "",
    "django/contrib/gis/gdal/__init__.py": "",
    "django/contrib/gis/gdal/geomtype.py": GEOMTYPE,
}


def _how(cards: dict, message: str) -> str:
    return cards[message].generated.get("how_to_trigger", "")


def test_a_length_compared_with_a_number_is_given_a_value_past_it(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert "base36_to_int('xxxxxxxxxxxxxx')" in _how(cards, "Base36 input too large")


def test_a_number_ordered_against_a_literal_is_given_one_each_side(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    # `not ndim` must be false and `ndim < 2` true: 1, not 0.
    assert "create_point(1)" in _how(cards, "Invalid point dimension: {ndim}")


def test_a_plain_class_of_the_harvest_holds_no_literal(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert "from django.contrib.gis.gdal.geomtype import OGRGeomType\n\nOGRGeomType(None)" in _how(
        cards, "Invalid OGR input type given."
    )
    # `Name` is a `str`: a text would be one of it, and what else fails the test is not chosen.
    assert WRITTEN not in _how(cards, "A Name is required.")
