"""`except Exception as e: if isinstance(e, GlomError): err = copy.copy(e)` then, after the handler, `raise err`:
a copy of an exception carries no traceback, so the user's traceback ends on that `raise`, whichever raise made
the caught error. That line is a site of each raise of the caught class (narrowed by the `isinstance` test around
the copy) with its wording, as for `raise exc.with_traceback(None)`. On a small source and on glom's `glom()`
(bench/lookup_corpus.py installs it), which copies every GlomError raised under it."""

import traceback

from tests.harvest.corpus_libs import harvested, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
import copy


class GlomError(Exception):
    @classmethod
    def wrap(cls, exc):
        return cls(*exc.args)


class PathAccessError(GlomError):
    pass


class Unrelated(Exception):
    pass


def get(target, key):
    try:
        return target[key]
    except KeyError:
        raise PathAccessError(f"could not access {key!r}")


def other():
    raise Unrelated("never copied")


def glom(target, spec):
    err = None
    try:
        ret = get(target, spec)
    except Exception as e:
        if isinstance(e, GlomError):
            err = copy.copy(e)
        else:
            err = GlomError.wrap(e)
    if err:
        raise err
    return ret
"""


def test_the_raise_of_a_copy_is_a_site_of_each_raise_of_the_class_the_isinstance_test_narrows_to(tmp_path):
    found = harvest_source(tmp_path, SOURCE)

    assert {(s.exception_type, s.signature) for s in found.sites if s.function == "glom"} == {
        ("pkg.mod.PathAccessError", "could not access {key}")
    }
    assert found.skipped["raises an exception object held in a variable"] == 0


@installed("glom")
def test_glom_s_errors_are_found_at_the_line_their_traceback_ends_on():
    glom = imported("glom")
    cases = [
        lambda: glom.glom({"a": {}}, "a.b"),
        lambda: glom.glom({"a": 1}, glom.Match({"a": str})),
        lambda: glom.glom({"a": 1}, glom.Coalesce("x", "y")),
    ]
    for case in cases:
        error = raised(case)
        innermost = traceback.extract_tb(error.__traceback__)[-1]
        assert innermost.name == "glom"
        assert [
            site
            for site in harvested("glom").sites
            if innermost.filename.endswith(site.path)
            and site.line == innermost.lineno
            and site.exception_type.rpartition(".")[2] == type(error).__name__
        ], (type(error).__name__, innermost.lineno)
