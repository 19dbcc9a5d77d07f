"""The public entry points that reach a raise through resolved calls (issue 29), and callers that can reach it:
never a match by name alone, never a subclass's call that runs its own override."""

from pathlib import Path

from tests.counted_work import python_calls
from tests.harvest.reach_sources import django_sites, drf_sites, site
from tests.harvest.test_evidence import evidence_of
from tests.harvest.test_messages import harvest_source


def test_queryset_get_is_the_entry_point_of_its_does_not_exist() -> None:
    found = site(django_sites(), "matching query does not exist.", "QuerySet.get")
    entry = found.evidence["entry_points"][0]
    assert {k: entry[k] for k in ("function", "path", "kind", "via")} == {
        "function": "QuerySet.get",
        "path": "django/db/models/query.py",
        "kind": "method",
        "via": [],
    }
    assert entry["doc"].startswith("Perform the query and return a single object")
    # Farther entry points are reached by calls on `self`, resolved through the class.
    assert "QuerySet.get_or_create" in [e["function"] for e in found.evidence["entry_points"]]


def test_runserver_s_port_error_is_reached_from_the_runserver_command() -> None:
    found = site(django_sites(), "is not a valid port number or address:port pair.", "Command.handle")
    assert [(e["function"], e["kind"]) for e in found.evidence["entry_points"]] == [("runserver", "command")]


def test_a_serializer_s_create_is_the_hook_behind_save_s_assertion() -> None:
    found = site(drf_sites(), "`create()` did not return an object instance.", "BaseSerializer.save")
    entries = [(e["function"], e["kind"]) for e in found.evidence["entry_points"]]
    assert entries[:2] == [("BaseSerializer.save", "method"), ("BaseSerializer.create", "hook")]


def test_an_entry_point_names_the_parameter_a_site_s_parameter_comes_from(tmp_path: Path) -> None:
    source = """
    def load(path, mode="r"):
        \"\"\"Load a file.\"\"\"
        return _read(mode, path)

    def _read(mode, source):
        return _check(name=source)

    def _check(name):
        if not name.endswith(".txt"):
            raise ValueError(f"Not a text file: {name}")
    """
    [entry] = evidence_of(tmp_path, source, "Not a text file")["entry_points"]
    assert entry == {
        "function": "load",
        "path": "pkg/mod.py",
        "line": 2,
        "kind": "function",
        "doc": "Load a file.",
        "via": ["_read"],
        "arguments": {"name": "path"},
        "defaults": {"path": ""},  # `load(path)` always gives it: a truth test on it is "not empty", never "given"
    }


def test_a_subclass_that_overrides_the_method_neither_calls_nor_enters_it(tmp_path: Path) -> None:
    source = """
    class Base:
        def check(self):
            raise ValueError("Base check failed")

        def run(self):
            return self.check()

    class Quiet(Base):
        def check(self):
            return None

        def start(self):
            return self.check()

    def anything(obj):
        return obj.check()
    """
    evidence = evidence_of(tmp_path, source, "Base check failed")
    assert [c["function"] for c in evidence["callers"]] == ["Base.run"]
    assert [e["function"] for e in evidence["entry_points"]] == ["Base.check", "Base.run"]


def test_a_private_function_reached_only_by_name_has_no_entry_point(tmp_path: Path) -> None:
    source = """
    def _check(value):
        raise ValueError("Checked")

    def test_check():
        _check(1)
    """
    extra = {"other.py": "def _check(value):\n    return value\n\ndef run(thing):\n    thing._check(2)\n"}
    evidence = evidence_of(tmp_path, source, "Checked", extra=extra)
    assert evidence["entry_points"] == []
    assert all(not caller["guess"] for caller in evidence["callers"])


def test_a_class_is_the_entry_point_of_the_raise_in_its_constructor(tmp_path: Path) -> None:
    source = """
    class Window:
        def __init__(self, width):
            if width <= 0:
                raise ValueError("Width must be positive")
    """
    [entry] = evidence_of(tmp_path, source, "Width must be positive")["entry_points"]
    assert (entry["function"], entry["kind"], entry["arguments"]) == ("Window", "constructor", {"width": "width"})


def test_a_template_tag_is_named_as_a_template_writes_it() -> None:
    found = site(django_sites(), "'{bits}' takes at least one argument", "do_translate")
    assert [(e["function"], e["kind"]) for e in found.evidence["entry_points"]] == [("translate", "template tag")]


def test_a_method_called_on_its_class_by_name_is_reached_from_the_tag_that_calls_it() -> None:
    found = site(django_sites(), "takes at least one argument (path to file)", "StaticNode.handle_token")
    entries = [(e["function"], e["kind"]) for e in found.evidence["entry_points"]]
    assert entries == [("StaticNode.handle_token", "method"), ("static", "template tag")]


def test_an_argument_handed_on_inside_a_match_case_is_followed(tmp_path: Path) -> None:
    source = """
    def convert(kind, value):
        match kind:
            case "int":
                return _to_int(value)
        return value

    def _to_int(text):
        if not text.isdigit():
            raise ValueError("Not a number")
        return int(text)
    """
    entry = evidence_of(tmp_path, source, "Not a number")["entry_points"][0]
    assert (entry["function"], entry["arguments"]) == ("convert", {"text": "value"})


def test_super_reaches_the_nearest_ancestor_s_method_only(tmp_path: Path) -> None:
    source = """
    class Base:
        def check(self):
            raise ValueError("Base check failed")

    class Middle(Base):
        def check(self):
            return None

    class Leaf(Middle):
        def check(self):
            return super().check()

    class Direct(Base):
        def check(self):
            return super().check()
    """
    assert [c["function"] for c in evidence_of(tmp_path, source, "Base check failed")["callers"]] == ["Direct.check"]


def test_a_function_of_a_private_module_is_no_entry_point(tmp_path: Path) -> None:
    source = """
    from ._impl import check

    def run(value):
        return check(value)
    """
    extra = {"_impl.py": "def check(value):\n    if value < 0:\n        raise ValueError('Negative')\n"}
    harvested = harvest_source(tmp_path, source, extra=extra)
    [found] = [s for s in harvested.sites if s.message == "Negative"]
    assert [e["function"] for e in found.evidence["entry_points"]] == ["run"]


def test_entry_points_of_a_long_chain_of_calls_are_read_in_linear_time(tmp_path: Path) -> None:
    def chain(count: int) -> str:
        lines = []
        for n in range(count):
            lines += [
                f"def f{n}(v):",
                f"    if v < {n}:",
                "        raise ValueError('Too small')",
                f"    return f{n + 1}(v)",
            ]
        return "\n".join(lines) + "\n"

    def scanned(count: int) -> int:
        folder = tmp_path / str(count)
        folder.mkdir()
        calls = python_calls(harvest_source, folder, chain(count))
        sites = harvest_source(folder, chain(count)).sites
        assert len(sites) == count and len(sites[-1].evidence["entry_points"]) == 3
        return calls

    small, large = scanned(300), scanned(1200)
    assert large < 5 * small  # four times the code; quadratic would be sixteen


def test_admin_list_filters_that_override_get_facet_counts_are_no_callers_of_the_mixin_s() -> None:
    found = site(django_sites(), "must provide a get_facet_counts() method.", "FacetsMixin.get_facet_counts")
    reached_from = [c["function"] for c in found.evidence["callers"] + found.evidence["entry_points"]]
    assert "FacetsMixin.get_facet_queryset" in reached_from
    assert not [name for name in reached_from if name.endswith("ListFilter.choices")]
