"""A property's setter on the way to a raise is read as itself, not through its getter: the call graph names both
by one name, and the getter's `return` above the setter's call made the way in "may leave first", and a call
the setter always makes "under a test". Django's `GDALRaster.srs` setter builds `SpatialReference(value)`."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/contrib/gis/gdal/srs.py (`SpatialReference.__init__`, lines 64-112, the
# WKT and EPSG branches cut) and django/contrib/gis/gdal/raster/source.py (`GDALRaster.srs`, 336-363, and
# `geotransform` with `_flush`, 270-279 and 376-399).
SRS = '''
from ctypes import c_char_p

from gdal.prototypes import srs as capi


class SRSException(Exception):
    pass


class SpatialReference:
    def __init__(self, srs_input="", srs_type="user", axis_order=None):
        """Create a GDAL OSR Spatial Reference object from the given input."""
        if isinstance(srs_input, int):
            srs_type = "epsg"
        elif not isinstance(srs_input, str):
            raise TypeError('Invalid SRS type "%s"' % srs_type)
        buf = c_char_p(b"")
        srs = capi.new_srs(buf)

        # If the pointer is NULL, throw an exception.
        if not srs:
            raise SRSException(
                "Could not create spatial reference from: %s" % srs_input
            )
        self.ptr = srs
'''

SOURCE = '''
from gdal.prototypes import raster as capi
from gdal.srs import SpatialReference, SRSException


class GDALException(Exception):
    pass


class GDALRaster:
    def _flush(self):
        """Flush all data from memory into the source file if it exists."""
        if not self._write:
            raise GDALException(
                "Raster needs to be opened in write mode to change values."
            )
        capi.flush_ds(self._ptr)

    @property
    def srs(self):
        """
        Return the SpatialReference used in this GDALRaster.
        """
        try:
            wkt = capi.get_ds_projection_ref(self._ptr)
            if not wkt:
                return None
            return SpatialReference(wkt, srs_type="wkt")
        except SRSException:
            return None

    @srs.setter
    def srs(self, value):
        """
        Set the spatial reference used in this GDALRaster.
        """
        if isinstance(value, SpatialReference):
            srs = value
        elif isinstance(value, (int, str)):
            srs = SpatialReference(value)
        else:
            raise ValueError("Could not create a SpatialReference from input.")
        capi.set_ds_projection_ref(self._ptr, srs.wkt.encode())

    @property
    def geotransform(self):
        """Return the geotransform of the data source."""
        gtf = capi.get_ds_geotransform(self._ptr)
        return list(gtf)

    @geotransform.setter
    def geotransform(self, values):
        "Set the geotransform for the data source."
        capi.set_ds_geotransform(self._ptr, values)
        self._flush()
'''


def _row(card, function: str) -> dict:
    [row] = [r for site in card.sites.all() for r in site.evidence["entry_points"] if r["function"] == function]
    return row


def test_a_setter_on_the_way_is_read_as_the_setter(db, git_repo) -> None:
    files = {"gdal/__init__.py": "", "gdal/prototypes/__init__.py": "", "gdal/srs.py": SRS, "gdal/source.py": SOURCE}
    cards = harvest_published(git_repo, files, repo="example/gdal")
    srs = cards["Could not create spatial reference from: {srs_input}"]
    setter = _row(srs, "GDALRaster.srs")
    assert setter["kind"] == "setter"
    assert "exits_before" not in setter  # the getter's `return None` is not the setter's
    assert "assigning to `GDALRaster.srs`" in srs.generated["situations"]
    flushed = _row(cards["Raster needs to be opened in write mode to change values."], "GDALRaster.geotransform")
    assert flushed["kind"] == "setter"
    assert "branched" not in flushed  # the setter always calls `self._flush()`
