"""What the names in a raise's condition stand for (issue 29): locals by their definitions, `self.x` by the
constructor argument it is set from, and for an `except E:` branch, the callee's own raise of E."""

import textwrap
from pathlib import Path

from tests.counted_work import python_calls
from tests.harvest.reach_sources import django_sites, nixl_line, nixl_sites, site
from tests.harvest.test_messages import harvest_source

SEED = "NIXL PD transfer does not support HiSparse combined with decode-only speculative decoding."
FUNCTION = "NixlKVManager._prepare_payload_xfer"


def test_the_seed_error_says_decode_only_spec_dec_is_n_dst_greater_than_n_src(tmp_path: Path) -> None:
    sites = [s for s in nixl_sites(tmp_path) if s.message == SEED]
    assert len(sites) == 2
    for found in sites:
        rows = {row["name"]: (row["code"], row["line"]) for row in found.evidence["definitions"]}
        assert rows["decode_only_spec_dec"] == ("n_dst > n_src", nixl_line("decode_only_spec_dec = n_dst > n_src"))
        # Followed a step further: what n_src and n_dst count.
        assert rows["n_src"][0] == "len(self.kv_args.kv_item_lens)"
        assert rows["n_dst"][0] == "len(peer_info.dst_kv_item_lens)"
    second = site(sites, SEED, FUNCTION, nixl_line("if decode_only_spec_dec and dst_mem_kind") + 1)
    [kind] = [row for row in second.evidence["definitions"] if row["name"] == "dst_mem_kind"]
    assert kind["code"] == "_homogeneous_kv_mem_kind(peer_info.dst_kv_mem_kinds, 'destination')"


def test_the_seed_error_in_except_names_the_callee_raise_it_follows(tmp_path: Path) -> None:
    sites = nixl_sites(tmp_path)
    first = site(sites, SEED, FUNCTION, nixl_line("except NotImplementedError:") + 2)
    [callee] = first.evidence["callee_raises"]
    assert callee["function"] == "_homogeneous_kv_mem_kind"
    assert callee["exception"] == "NotImplementedError"
    # Read at the call `_homogeneous_kv_mem_kind(peer_info.dst_kv_mem_kinds, "destination")`: the message with
    # the literal the call passes, the condition on the argument (`unique = set(kinds)` put in its place too).
    assert callee["message"].startswith("NIXL destination mixed KV memory kinds are not implemented safely yet")
    assert callee["condition"] == "len(set(peer_info.dst_kv_mem_kinds)) != 1"
    assert callee["sentence"] == "`peer_info.dst_kv_mem_kinds` is empty or holds values that are not all the same"
    assert callee["line"] == nixl_line("raise NotImplementedError(") and callee["path"].endswith("nixl/conn.py")
    # The second raise is not in an `except`: no callee is why it runs.
    second = site(sites, SEED, FUNCTION, nixl_line("if decode_only_spec_dec and dst_mem_kind") + 1)
    assert second.evidence["callee_raises"] == []


def test_a_local_set_in_an_if_the_raise_is_not_in_gives_both_definitions(tmp_path: Path) -> None:
    source = """
    def pick(items, strict):
        limit = 10
        if strict:
            limit = len(items) // 2
        if len(items) > limit:
            raise ValueError("Too many items")
    """
    [found] = harvest_source(tmp_path, source).sites
    assert [(r["name"], r["code"]) for r in found.evidence["definitions"]] == [
        ("limit", "len(items) // 2"),
        ("limit", "10"),
    ]


def test_parameters_and_what_a_guard_above_reads_are_not_definitions(tmp_path: Path) -> None:
    source = """
    def load(path, retries):
        ready = path.exists()
        if not ready:
            return None
        count = retries * 2
        if count > 6:
            raise ValueError("Too many retries")
    """
    [found] = harvest_source(tmp_path, source).sites
    assert [(r["name"], r["code"]) for r in found.evidence["definitions"]] == [("count", "retries * 2")]


def test_self_x_is_named_by_the_constructor_parameter_it_is_set_from(tmp_path: Path) -> None:
    source = """
    class Base:
        def __init__(self, timeout=None):
            self.timeout = timeout or 5

    class Client(Base):
        def send(self):
            if self.timeout < 0:
                raise ValueError("Negative timeout")
    """
    [found] = harvest_source(tmp_path, source).sites
    assert found.evidence["attributes"] == [
        {"name": "self.timeout", "class": "Base", "parameter": "timeout", "code": "timeout or 5", "line": 4}
    ]


def test_django_queryset_get_names_num_and_the_model_it_was_made_for() -> None:
    found = site(django_sites(), "matching query does not exist.", "QuerySet.get")
    rows = {row["name"]: row["code"] for row in found.evidence["definitions"]}
    assert rows["num"] == "len(clone)"
    assert {"name": "self.model", "class": "QuerySet", "parameter": "model"}.items() <= next(
        row for row in found.evidence["attributes"] if row["name"] == "self.model"
    ).items()


def test_definitions_are_read_in_linear_time_in_a_hostile_function(tmp_path: Path) -> None:
    def hostile(count: int) -> str:
        lines = ["def run(v):"]
        for n in range(count):
            lines += [f"    x = v + {n}", f"    if x > {n}:", "        raise ValueError('Too big')"]
        return "\n".join(lines) + "\n"

    def scanned(count: int) -> int:
        folder = tmp_path / str(count)
        folder.mkdir()
        calls = python_calls(harvest_source, folder, textwrap.dedent(hostile(count)))
        [first, *_] = sites = harvest_source(folder, hostile(count)).sites
        assert len(sites) == count and first.evidence["definitions"] == []  # too many bindings of x to read
        return calls

    small, large = scanned(400), scanned(1600)
    assert large < 5 * small  # four times the code; quadratic would be sixteen
