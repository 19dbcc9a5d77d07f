"""`raise UndefinedError(object.__getattribute__(self, "msg"))` in a `__getattribute__` override (which cannot write
`self.msg` without calling itself), or `getattr(self, "msg")`: read as `self.msg`, worded where the class sets it.
On a small source and on python-liquid's `StrictUndefined` (bench/lookup_corpus.py installs it)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class UndefinedError(Exception):
    pass


class StrictUndefined:
    allowed = frozenset(["name", "msg"])

    def __init__(self, name):
        self.name = name
        self.msg = f"'{name}' is undefined"

    def __getattribute__(self, attribute):
        if attribute in object.__getattribute__(self, "allowed"):
            return object.__getattribute__(self, attribute)
        raise UndefinedError(object.__getattribute__(self, "msg"))

    def __len__(self):
        raise UndefinedError(getattr(self, "msg"))
"""


def test_an_attribute_read_through_getattribute_is_worded_where_it_is_set(tmp_path):
    found = {s.function: s.signature for s in harvest_source(tmp_path, SOURCE).sites}

    assert produces(found["StrictUndefined.__getattribute__"], "'nope' is undefined")
    assert produces(found["StrictUndefined.__len__"], "'nope' is undefined")


@installed("liquid")
def test_liquid_s_strict_undefined_is_found_where_it_ends():
    liquid = imported("liquid")
    env = liquid.Environment(undefined=liquid.StrictUndefined)
    error = raised(lambda: env.from_string("{{ nope.x }}").render())
    assert str(error).startswith("'nope' is undefined")
    assert found_where_it_ends("liquid", error, "'nope' is undefined")
