"""A raise that runs only inside a `for` over a function's `*args` (handed on unchanged) cannot be reached through a
call that hands that `*args` nothing: round 28's AI-assisted card named `QuerySet.dates()` and `datetimes()`, which
call `annotate()` with keyword arguments alone, as ways in to `_annotate()`'s raise in `for arg in args:`."""

from tests.harvest.test_evidence import evidence_of

# Reduced from django/db/models/query.py:1419-1432, 1439-1464, 1648-1679 (Django 5.2.19); `values()` and `ours()`
# are ours: a call that hands `annotate()` a positional argument, and one that hands it a starred one.
QUERY = """
class QuerySet:
    def dates(self, field_name, kind, order="ASC"):
        \"\"\"Return a list of date objects.\"\"\"
        return self.annotate(
            datefield=Trunc(field_name, kind, output_field=DateField()),
            plain_field=F(field_name),
        )

    def datetimes(self, field_name, kind, order="ASC", tzinfo=None):
        \"\"\"Return a list of datetime objects.\"\"\"
        return self.annotate(
            datetimefield=Trunc(field_name, kind, tzinfo=tzinfo),
            plain_field=F(field_name),
        )

    def values(self, field_name):
        \"\"\"Values of one count.\"\"\"
        return self.annotate(Count(field_name))

    def ours(self, *expressions):
        \"\"\"Expressions handed on.\"\"\"
        return self.annotate(*expressions)

    def annotate(self, *args, **kwargs):
        \"\"\"Return a query set annotated with extra data or aggregations.\"\"\"
        self._not_support_combined_queries("annotate")
        return self._annotate(args, kwargs, select=True)

    def _annotate(self, args, kwargs, select=True):
        annotations = {}
        for arg in args:
            try:
                if arg.default_alias in kwargs:
                    raise ValueError(
                        "The named annotation '%s' conflicts with the "
                        "default name for another annotation." % arg.default_alias
                    )
            except (TypeError, AttributeError):
                raise TypeError("Complex annotations require an alias")
            annotations[arg.default_alias] = arg
        for alias, annotation in annotations.items():
            if alias in self._fields:
                raise ValueError("The annotation '%s' conflicts with a field on the model." % alias)
"""


def _ways_in(tmp_path, words: str) -> tuple[set[str], set[str]]:
    evidence = evidence_of(tmp_path, QUERY, words)
    return {row["function"] for row in evidence["entry_points"]}, {row["function"] for row in evidence["callers"]}


def test_a_call_with_keyword_arguments_alone_is_no_way_in_to_a_raise_in_the_loop_over_args(tmp_path) -> None:
    for words in ("conflicts with the default name", "Complex annotations require an alias"):
        entry_points, callers = _ways_in(tmp_path, words)
        assert "QuerySet.dates" not in entry_points | callers
        assert "QuerySet.datetimes" not in entry_points | callers
        assert "QuerySet.annotate" in entry_points & callers


def test_a_call_handing_args_a_positional_or_starred_argument_still_leads_there(tmp_path) -> None:
    _, callers = _ways_in(tmp_path, "conflicts with the default name")
    assert {"QuerySet.values", "QuerySet.ours"} <= callers


def test_a_raise_past_the_loop_is_still_reached_through_keyword_arguments(tmp_path) -> None:
    _, callers = _ways_in(tmp_path, "conflicts with a field on the model")
    assert {"QuerySet.dates", "QuerySet.datetimes"} <= callers


def test_a_loop_over_args_given_a_new_value_by_a_walrus_is_still_reached_through_keyword_arguments(tmp_path) -> None:
    # Ours, on the code above: `_annotate()` falls back to other expressions with a `:=` before its loop, so the loop
    # runs over those when `annotate()` hands its `*args` nothing (`new_values` reads no `:=`).
    code = QUERY.replace(
        "        annotations = {}\n        for arg in args:",
        "        annotations = {}\n"
        "        if not (args := args or self._defaults):\n"
        "            return\n"
        "        for arg in args:",
    )
    evidence = evidence_of(tmp_path, code, "Complex annotations require an alias")
    assert "QuerySet.dates" in {row["function"] for row in evidence["callers"]}


def test_args_handed_on_after_a_walrus_in_the_caller_is_still_a_way_in(tmp_path) -> None:
    # Ours: `annotate()` gives `args` a new value with a `:=` before it hands it on.
    code = QUERY.replace(
        '        self._not_support_combined_queries("annotate")\n',
        "        if not (args := args or self._defaults):\n            return self\n",
    )
    evidence = evidence_of(tmp_path, code, "Complex annotations require an alias")
    assert "QuerySet.dates" in {row["function"] for row in evidence["callers"]}


# Reduced from django/apps/registry.py:20-23, 61-95 and django/db/backends/sqlite3/schema.py:176-190 (5.2.19);
# `Settings.setup()` is ours: a call that hands `Apps()` its apps.
APPS = """
class Apps:
    def __init__(self, installed_apps=()):
        self.app_configs = {}
        if installed_apps is not None:
            self.populate(installed_apps)

    def populate(self, installed_apps=None):
        \"\"\"Load application configurations and models.\"\"\"
        for entry in installed_apps:
            app_config = AppConfig.create(entry)
            if app_config.label in self.app_configs:
                raise ImproperlyConfigured(
                    "Application labels aren't unique, duplicates: %s" % app_config.label
                )
            self.app_configs[app_config.label] = app_config


class DatabaseSchemaEditor:
    def remake_table(self, model):
        \"\"\"Shortcut to transform a model from old_model into new_model.\"\"\"
        apps = Apps()
        return apps


class Settings:
    def setup(self, installed):
        \"\"\"The registry of the project's apps.\"\"\"
        return Apps(installed)
"""


def test_a_call_leaving_the_looped_argument_at_an_empty_default_is_no_way_in(tmp_path) -> None:
    evidence = evidence_of(tmp_path, APPS, "Application labels aren't unique")
    ways = {row["function"] for row in evidence["entry_points"]} | {row["function"] for row in evidence["callers"]}
    assert "DatabaseSchemaEditor.remake_table" not in ways
    assert "Settings.setup" in ways
