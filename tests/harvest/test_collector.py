"""The cyclic garbage collector stays off while a harvest runs, and is given back as the harvest found it."""

import gc

import pytest

from kb.harvest import Target, harvest
from kb.harvest.pipeline import run as run_module

pytestmark = pytest.mark.django_db

SOURCE = 'def check(value):\n    if value is None:\n        raise ValueError("Value is missing")\n'


@pytest.fixture
def collections(monkeypatch):
    """The collections that start while the harvest's own work runs."""
    counted: list[str] = []
    inside = []
    work = run_module._harvest

    def harvest_work(*args: object) -> object:
        inside.append(True)
        try:
            return work(*args)
        finally:
            inside.clear()

    def count(phase: str, _info: dict) -> None:
        if phase == "start" and inside:
            counted.append(phase)

    monkeypatch.setattr(run_module, "_harvest", harvest_work)
    gc.callbacks.append(count)
    yield counted
    gc.callbacks.remove(count)


def run(root) -> None:
    harvest(target=Target(root=root, owner="acme", name="lib", commit="v1"), progress=False)


def test_no_collection_runs_during_a_harvest_however_much_it_allocates(tmp_path, collections, monkeypatch):
    (tmp_path / "lib.py").write_text(SOURCE)
    threshold = gc.get_threshold()
    gc.set_threshold(1)  # a collection at every allocation, were the collector on
    try:
        run(tmp_path)
    finally:
        gc.set_threshold(*threshold)
    assert collections == []
    assert gc.isenabled()


def test_a_collector_turned_off_before_the_harvest_stays_off(tmp_path):
    (tmp_path / "lib.py").write_text(SOURCE)
    gc.disable()
    try:
        run(tmp_path)
        assert not gc.isenabled()
    finally:
        gc.enable()
