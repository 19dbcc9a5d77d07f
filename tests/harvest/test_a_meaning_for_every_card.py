"""A card whose test no words can say and that no public way reaches still says where it is raised, with the
authors' comment beside it (round 36's card 03 had no meaning at all: Django's GEOS "slice deletion" raise under
`# can this happen?`). Before, 41 of Django 5.2.19's 1,843 cards had none; now 2."""

from tests.harvest.published import harvest_published

# django/contrib/gis/geos/linestring.py:106-132, Django 5.2.19 (reduced).
LINESTRING = """
class GEOSException(Exception):
    pass


class LineString:
    def _set_list(self, length, items):
        cs = GEOSCoordSeq(capi.create_cs(length, 2), z=False)
        ptr = self._init_func(cs.ptr)
        if ptr:
            capi.destroy_geom(self.ptr)
            self.ptr = ptr
        else:
            # can this happen?
            raise GEOSException("Geometry resulting from slice deletion was invalid.")
"""


def test_a_raise_no_words_can_say_is_still_placed(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/gis/geos/linestring.py": LINESTRING})
    meaning = cards["Geometry resulting from slice deletion was invalid."].generated["meaning"]
    assert "GEOSException` is raised in `LineString._set_list`. A comment beside it" in meaning
    assert "“can this happen?”" in meaning
    assert " when " not in meaning  # its test is not said, nor claimed to hold always
