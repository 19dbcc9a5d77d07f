"""A branch that returns before the raise is no way to it (review round 1, card 06): in Django's
`get_child_arguments`, `else` of `if __spec__ is not None and not exe_entrypoint.exists()` reads
"`__spec__` is None or `exe_entrypoint.exists()`", but when `exe_entrypoint.exists()` the function returns at
`if exe_entrypoint.exists(): return [...]` above the raise."""

from tests.harvest.reach_sources import django_sites, site


def script_missing() -> list[dict]:
    found = site(django_sites(), "Script", "get_child_arguments")
    return found.evidence["conditions"]


def test_the_else_of_line_240_keeps_only_the_spec_test():
    [branch] = [c for c in script_missing() if c["kind"] == "else"]
    assert branch["code"] == "getattr(__main__, '__spec__', None) is None"
    assert branch["sentence"] == "`getattr(__main__, '__spec__', None)` is `None`"


def test_no_condition_offers_an_existing_exe_as_a_way_to_the_raise():
    for condition in script_missing():
        if condition["kind"] != "guard":
            assert "exe_entrypoint.exists()" not in condition["code"]


def test_the_returns_above_the_raise_are_read_as_false():
    guards = {c["line"]: c["code"] for c in script_missing() if c["kind"] == "guard"}
    assert guards[251] == "not exe_entrypoint.exists()"
    assert guards[255] == "not script_entrypoint.exists()"
