"""Callers and entry points a reader can check in Django's source (review round 1): a constructor call is the
class its module binds to the name, and a constructor is named once, not again as its `__init__`."""

from tests.harvest.reach_sources import django_sites, site

THROUGH = "cannot refer to a model class"


def functions(rows: list[dict]) -> list[str]:
    return [row["function"] for row in rows]


def test_the_model_state_of_models_base_is_not_the_migrations_one():
    # django/db/models/base.py:474 `self._state = ModelState()` builds base.py's own ModelState (line 449).
    found = site(django_sites(), ".through", "ModelState.__init__")
    evidence = found.evidence
    assert "Model.__init__" not in functions(evidence["callers"])
    assert "build_instance" not in functions(evidence["callers"])  # only through Model.__init__
    assert "Model" not in functions(evidence["entry_points"])
    assert not any(row["path"] == "django/db/models/base.py" for row in evidence["entry_points"])


def test_the_imported_model_state_is_still_a_caller():
    # operations/models.py imports ModelState from django.db.migrations.state and calls it in state_forwards.
    found = site(django_sites(), ".through", "ModelState.__init__")
    [caller] = [c for c in found.evidence["callers"] if c["function"] == "CreateModel.state_forwards"]
    assert (caller["path"], caller["line"], caller["guess"]) == ("django/db/migrations/operations/models.py", 84, False)
    assert "CreateModel.state_forwards" in functions(found.evidence["entry_points"])


def test_a_constructor_is_not_named_again_as_its_init():
    found = site(django_sites(), "stale .pyc", "MigrationLoader.load_disk")
    evidence = found.evidence
    assert "MigrationLoader" in functions(evidence["entry_points"])
    assert "MigrationLoader.__init__" not in functions(evidence["callers"])
    assert functions(evidence["callers"]) == ["MigrationLoader.build_graph"]
