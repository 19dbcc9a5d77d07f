"""A parameter a loop rebinds before the raise is no longer the argument (review round 1, card 08): in
`ModelState.__init__(self, app_label, name, fields, ...)`, `{name}` in the "cannot refer to a model class"
messages is the loop variable of `for name, field in self.fields.items()` (the field's name), not `name`."""

from tests.harvest.reach_sources import django_sites, site

THROUGH = "cannot refer to a model class"


def test_the_loop_variable_is_not_called_the_name_argument():
    for found in [s for s in django_sites() if THROUGH in s.message and s.function == "ModelState.__init__"]:
        evidence = found.evidence
        assert {"placeholder": "name_2", "expression": "name"} in evidence["values"]
        assert "name" not in evidence["parameters"]
        for entry in evidence["entry_points"]:
            assert "name" not in entry["arguments"], entry


def test_the_argument_read_as_it_was_given_still_is_one():
    # `app_label` is not rebound: `ModelState(app_label, ...)` hands it on to the message as `self.app_label`;
    # `field`, tested before the raise, is one of the values of `self.fields = dict(fields)`: the `fields` argument.
    found = site(django_sites(), ".through", "ModelState.__init__")
    [constructor] = [e for e in found.evidence["entry_points"] if e["kind"] == "constructor"]
    assert constructor["function"] == "ModelState"
    assert constructor["arguments"] == {"app_label": "app_label", "fields": "fields"}
