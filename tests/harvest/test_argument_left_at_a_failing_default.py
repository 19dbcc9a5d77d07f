"""A caller that leaves out an argument whose default fails a part of the raise's `and` is no way to it:
`SpatiaLiteOperations.convert_extent()` calls `GEOSGeometry(box)`, `srid` left at `None`, and the raise needs
`input_srid and srid and input_srid != srid`. Round 22's card 15 said "reached from
`SpatiaLiteOperations.convert_extent()`"; rounds 3 and 11 dropped callers handing on failing literals alone."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2.19's django/contrib/gis/geos/geometry.py: `GEOSGeometry.__init__` (lines 730-793: the
# SRID mismatch at 786-787, `srid` bound anew after it at 791).
GEOMETRY = """
class GEOSGeometry:
    def __init__(self, geo_input, srid=None, *, max_geom_collections=100):
        input_srid = None
        if isinstance(geo_input, str):
            if geo_input.startswith("SRID="):
                input_srid = int(geo_input[5:].partition(";")[0])
            g = geo_input
        else:
            raise TypeError("Improper geometry input type: %s" % type(geo_input))
        input_srid = input_srid or None
        if input_srid and srid and input_srid != srid:
            raise ValueError("Input geometry already has SRID: %d." % input_srid)
        self.ptr = g
        srid = input_srid or srid
        if srid and isinstance(srid, int):
            self.srid = srid
"""

# From django/contrib/gis/db/backends/spatialite/operations.py (`convert_extent`, lines 107-116) and
# django/contrib/gis/geos/factory.py (`fromstr`, lines 31-33): `**kwargs` may give `srid`.
OPERATIONS = """
from geo.geometry import GEOSGeometry


class SpatiaLiteOperations:
    def convert_extent(self, box):
        if box is None:
            return None
        shell = GEOSGeometry(box).shell
        xmin, ymin = shell[0][:2]
        xmax, ymax = shell[2][:2]
        return (xmin, ymin, xmax, ymax)
"""

FACTORY = """
from geo.geometry import GEOSGeometry


def fromstr(string, **kwargs):
    "Given a string value, return a GEOSGeometry object."
    return GEOSGeometry(string, **kwargs)
"""


def test_a_caller_leaving_an_argument_at_a_default_the_raise_refuses_is_no_way_to_it(db, git_repo) -> None:
    files = {"geo/__init__.py": "", "geo/geometry.py": GEOMETRY, "geo/operations.py": OPERATIONS}
    cards = harvest_published(git_repo, files | {"geo/factory.py": FACTORY}, repo="example/geo")
    card = cards["Input geometry already has SRID: {input_srid}."]
    [site] = card.sites.all()
    ways = {row["function"] for row in site.evidence["entry_points"]}
    callers = {row["function"] for row in site.evidence["callers"]}
    assert "SpatiaLiteOperations.convert_extent" not in ways | callers
    assert "convert_extent" not in str(card.generated.get("situations"))
    assert "fromstr" in ways  # `**kwargs` may pass `srid`


# Reduced from django/db/models/sql/compiler.py: `SQLCompiler.get_select` (lines 230, 296-299) and
# `get_related_selections` (1173-1236): left out, `requested` is None, and `restricted` is then worked out anew.
COMPILER = """
class FieldError(Exception):
    pass


class SQLCompiler:
    def get_select(self, with_col_aliases=False):
        select = []
        select_mask = self.query.get_select_mask()
        related_klass_infos = self.get_related_selections(select, select_mask)
        return select, related_klass_infos

    def get_related_selections(
        self, select, select_mask, opts=None, root_alias=None, cur_depth=1, requested=None, restricted=None
    ):
        related_klass_infos = []
        if not restricted and cur_depth > self.query.max_depth:
            return related_klass_infos
        if not opts:
            opts = self.query.get_meta()
        fields_found = set()
        if requested is None:
            restricted = isinstance(self.query.select_related, dict)
            if restricted:
                requested = self.query.select_related
        for f in opts.fields:
            fields_found.add(f.name)
            if restricted:
                next = requested.get(f.name, {})
                if not f.is_relation:
                    if next or f.name in requested:
                        raise FieldError("Non-relational field given in select_related: '%s'." % f.name)
        return related_klass_infos
"""


def test_a_default_the_function_replaces_before_its_raise_is_no_failing_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"sql/__init__.py": "", "sql/compiler.py": COMPILER}, repo="example/sql")
    [site] = cards["Non-relational field given in select_related: '{name}'."].sites.all()
    assert "SQLCompiler.get_select" in {row["function"] for row in site.evidence["entry_points"]}
