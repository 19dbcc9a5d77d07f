"""A setter bound by `property(getter, setter)` is reached by assigning to the property: "Assigning to
`OGRGeometry.srid` raises this when the value assigned is not ...", not "`TypeError` is raised in
`OGRGeometry._set_srid`" (round 37's card 03), and its test is said of the value assigned."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/contrib/gis/gdal/geometries.py (`OGRGeometry.srs` and `srid`, lines 325-369).
SOURCE = """
class GDALException(Exception):
    pass


class SpatialReference:
    def __init__(self, srs_input):
        self.ptr = srs_input


class OGRGeometry:
    def _get_srs(self):
        "Return the Spatial Reference for this Geometry."
        return self._srs

    def _set_srs(self, srs):
        "Set the SpatialReference for this geometry."
        if isinstance(srs, SpatialReference):
            srs_ptr = srs.ptr
        elif isinstance(srs, (int, str)):
            srs_ptr = SpatialReference(srs).ptr
        elif srs is None:
            srs_ptr = None
        else:
            raise TypeError("Cannot assign spatial reference with object of type: %s" % type(srs))
        self._srs = srs_ptr

    srs = property(_get_srs, _set_srs)

    # The SRID property
    def _get_srid(self):
        srs = self.srs
        if srs:
            return srs.srid
        return None

    def _set_srid(self, srid):
        if isinstance(srid, int) or srid is None:
            self.srs = srid
        else:
            raise TypeError("SRID must be set with an integer.")

    srid = property(_get_srid, _set_srid)

    def _get_coords(self):
        raise GDALException("No coordinates to read.")

    coords = property(_get_coords)
"""


def test_the_setter_a_property_call_binds_is_the_entry_point(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"gdal/__init__.py": "", "gdal/geometries.py": SOURCE}, repo="example/gdal")
    meaning = cards["SRID must be set with an integer."].generated["meaning"]
    assert meaning.startswith("Assigning to `OGRGeometry.srid` raises this when")
    assert "the value assigned is neither an instance of `int` nor `None`" in meaning
    assert "_set_srid" not in meaning
    typed = cards["Cannot assign spatial reference with object of type: {srs_type}"].generated
    assert typed["meaning"].startswith("Assigning to `OGRGeometry.srs` raises this when")
    # Every branch's value, not the last one's alone ("Assign `None`" would undo what the reader meant to set).
    assert typed["solutions"] == [
        "Assign a `SpatialReference`, an `int`, a `str` or `None` to `OGRGeometry.srs`.",
    ]


def test_the_getter_stays_a_read(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"gdal/__init__.py": "", "gdal/geometries.py": SOURCE}, repo="example/gdal")
    assert cards["No coordinates to read."].generated["meaning"].startswith("Reading `OGRGeometry.coords` raises this")
