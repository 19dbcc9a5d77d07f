"""A caller whose literal makes an early exit above the raise fire (`if not ndim: return ...`) is no way in: round 32's
AI-assisted card 07 read Django's `Point._create_empty()`, which calls `cls._create_point(None, None)`, and
`_from_pickle_wkb()` through it as ways in to `TypeError("Invalid point dimension: ...")`, though `_create_point`
returns for a false `ndim` before its test."""

from tests.harvest.test_evidence import evidence_of

# Reduced from django/contrib/gis/geos/point.py:9-79 (Django 5.2.19): `Point.__init__` hands `len(coords)`.
POINT = """
class GEOSGeometry:
    def __init__(self, geo_input, srid=None):
        self.ptr = geo_input


class Point(GEOSGeometry):
    def __init__(self, x=None, y=None, z=None, srid=None):
        \"\"\"The Point object may be initialized with either a tuple, or individual parameters.\"\"\"
        if x is None:
            coords = []
        elif isinstance(x, (tuple, list)):
            coords = x
        else:
            raise TypeError("Invalid parameters given for Point initialization.")

        point = self._create_point(len(coords), coords)
        super().__init__(point, srid=srid)

    def _from_pickle_wkb(self, wkb):
        return self._create_empty() if wkb is None else super()._from_pickle_wkb(wkb)

    @classmethod
    def _create_empty(cls):
        return cls._create_point(None, None)

    @classmethod
    def _create_point(cls, ndim, coords):
        \"\"\"Create a coordinate sequence, set X, Y, [Z], and create point\"\"\"
        if not ndim:
            return capi.create_point(None)

        if ndim < 2 or ndim > 3:
            raise TypeError("Invalid point dimension: %s" % ndim)

        return capi.create_point(cs)

    def _set_list(self, length, items):
        ptr = self._create_point(length, items)
        if ptr:
            self._ptr = ptr
"""

WORDS = "Invalid point dimension"


def _callers(tmp_path, source: str) -> set[str]:
    return {row["function"] for row in evidence_of(tmp_path, source, WORDS)["callers"]}


def test_a_caller_handing_a_literal_the_early_exit_takes_is_no_caller(tmp_path) -> None:
    assert "Point._create_empty" not in _callers(tmp_path, POINT)


def test_a_caller_through_it_is_no_caller_either(tmp_path) -> None:
    assert "Point._from_pickle_wkb" not in _callers(tmp_path, POINT)


def test_a_caller_handing_its_own_argument_still_reaches_the_raise(tmp_path) -> None:
    assert "Point._set_list" in _callers(tmp_path, POINT)


def test_the_constructor_handing_a_length_is_still_a_way_in(tmp_path) -> None:
    entry_points = evidence_of(tmp_path, POINT, WORDS)["entry_points"]
    assert [row["function"] for row in entry_points] == ["Point"]


def test_an_exit_an_or_guards_is_taken_by_a_literal_either_part_fires(tmp_path) -> None:
    guarded = POINT.replace("if not ndim:", "if coords is None or not ndim:")
    assert "Point._create_empty" not in _callers(tmp_path, guarded)


def test_an_if_that_may_fall_through_is_no_early_exit(tmp_path) -> None:
    logged = POINT.replace("return capi.create_point(None)", "log(ndim)")
    assert "Point._create_empty" in _callers(tmp_path, logged)


def test_an_and_guard_is_not_read_by_its_parts(tmp_path) -> None:
    # `None` makes `not ndim` true, but the exit also needs `coords`, which the test does not tell.
    both = POINT.replace("if not ndim:", "if not ndim and coords:")
    assert "Point._create_empty" in _callers(tmp_path, both)


def test_a_parameter_bound_again_before_the_raise_is_not_told_by_the_literal(tmp_path) -> None:
    rebound = POINT.replace(
        "        if not ndim:\n", "        ndim = ndim or default_dimension()\n        if not ndim:\n"
    )
    assert "Point._create_empty" in _callers(tmp_path, rebound)


def test_an_exit_in_a_try_does_not_skip_its_finally(tmp_path) -> None:
    finally_ = POINT.replace(
        """        if not ndim:
            return capi.create_point(None)

        if ndim < 2 or ndim > 3:
            raise TypeError("Invalid point dimension: %s" % ndim)
""",
        """        try:
            if not ndim:
                return capi.create_point(None)
        finally:
            if ndim != 2:
                raise TypeError("Invalid point dimension: %s" % ndim)
""",
    )
    assert "Point._create_empty" in _callers(tmp_path, finally_)


# Reduced from django/contrib/auth/hashers.py:94-110 and django/contrib/auth/base_user.py:90-127 (Django 5.2.19).
HASHERS = """
UNUSABLE_PASSWORD_PREFIX = "!"


def make_password(password, salt=None, hasher="default"):
    \"\"\"Turn a plain-text password into a hash for database storage.\"\"\"
    if password is None:
        return UNUSABLE_PASSWORD_PREFIX + get_random_string(40)
    if not isinstance(password, (bytes, str)):
        raise TypeError(
            "Password must be a string or bytes, got %s." % type(password).__qualname__
        )
    return hasher.encode(password, salt)


class AbstractBaseUser:
    def set_password(self, raw_password):
        \"\"\"Set the user's password to the hash of `raw_password`.\"\"\"
        self.password = make_password(raw_password)

    def set_unusable_password(self):
        \"\"\"Set a value that will never be a valid hash.\"\"\"
        self.password = make_password(None)
"""


def test_a_public_method_handing_the_literal_the_early_exit_takes_is_no_entry_point(tmp_path) -> None:
    evidence = evidence_of(tmp_path, HASHERS, "Password must be a string")
    ways_in = {row["function"] for row in (*evidence["entry_points"], *evidence["callers"])}
    assert "AbstractBaseUser.set_unusable_password" not in ways_in
    assert "AbstractBaseUser.set_password" in ways_in
