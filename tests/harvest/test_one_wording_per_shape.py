"""Raises of one type whose wordings differ only by their placeholders' names (`Index out of range: {i}` here,
`Index out of range: {index}` there) print the same messages, which nothing tells apart: one entry, in the wording
most of them have. Pared down, and on configobj's own source (bench/lookup_corpus.py installs it)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import harvested, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class Vector:
    def set(self, i, value):
        if i >= len(self):
            raise IndexError(f"Index out of range: {i}")

    def node_for(self, i):
        if i >= len(self):
            raise IndexError(f"Index out of range: {i}")

    def evolve(self, index, value):
        if index >= len(self):
            raise IndexError(f"Index out of range: {index}")
        if value is None:
            raise ValueError(f"Index out of range: {index}")

    def other(self, index):
        raise IndexError(f"Index {index} is out of range")
"""


def by_function(tmp_path) -> dict[str, set[tuple[str, str]]]:
    found: dict[str, set[tuple[str, str]]] = {}
    for site in harvest_source(tmp_path, SOURCE).sites:
        found.setdefault(site.function, set()).add((site.exception_type, site.signature))
    return found


def test_raises_of_one_type_worded_alike_are_one_entry_in_the_wording_most_have(tmp_path):
    found = by_function(tmp_path)
    assert found["Vector.evolve"] >= {("IndexError", "Index out of range: {i}")}
    assert found["Vector.set"] == found["Vector.node_for"] == {("IndexError", "Index out of range: {i}")}


def test_another_type_or_another_wording_keeps_its_own(tmp_path):
    found = by_function(tmp_path)
    assert ("ValueError", "Index out of range: {index}") in found["Vector.evolve"]
    assert found["Vector.other"] == {("IndexError", "Index {index} is out of range")}


@installed("configobj")
def test_configobj_s_unacceptable_values_are_one_entry_whichever_check_raises_them():
    validate = imported("configobj.validate")
    checker = validate.Validator()
    errors = [raised(lambda check=check: checker.check(check, "c")) for check in ("option('a', 'b')", "ip_addr")]
    signatures = {
        site.signature
        for site in harvested("configobj").sites
        if site.exception_type.endswith("VdtValueError") and any(produces(site.signature, str(e)) for e in errors)
    }
    assert len(signatures) == 1, signatures
