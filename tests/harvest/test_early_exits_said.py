"""An early exit outside the raise's own block is said by the test it leaves false where the reader can say it, in
place of "no earlier check ... exits first" (round 34: `resolve_relation()` raises "app_label must be provided ..."
only for a model name with no `.`, the exit above it that a reader needs). In "What it means" only an exit on an
argument of the entry point, with no `or`; in "When it happens" also one on a name the raise's own test reads, where
its names hold still up to the raise: never an object's attribute the function may set after the check
(`self.loading`). An exit the card does not say is still counted among the checks that must not exit first."""

from tests.harvest.published import harvest_published
from tests.harvest.test_a_call_written_from_the_code import RELATED, UTILS  # resolve_relation, reduced

# django/apps/registry.py:61-93 (Django 5.2.19), reduced.
POPULATE = """
class Apps:
    def populate(self, installed_apps=None):
        if self.ready:
            return
        with self._lock:
            if self.ready:
                return
            if self.loading:
                raise RuntimeError("populate() isn't reentrant")
            self.loading = True
            for entry in installed_apps:
                app_config = AppConfig.create(entry)
                if app_config.label in self.app_configs:
                    raise ImproperlyConfigured(
                        "Application labels aren't unique, "
                        "duplicates: %s" % app_config.label
                    )
                self.app_configs[app_config.label] = app_config
"""


def test_an_exit_on_an_argument_is_said_in_both_sections(db, git_repo) -> None:
    files = {"django/db/models/fields/related.py": RELATED, "django/db/migrations/utils.py": UTILS}
    cards = harvest_published(git_repo, files)
    generated = cards["app_label must be provided to resolve unscoped model relationships."].generated
    assert generated["meaning"].startswith(
        "`resolve_relation()` was called with a `model` that is an instance of `str` and is not "
        "`RECURSIVE_RELATIONSHIP_CONSTANT` and does not contain `'.'`, and without `app_label` (or with "
        "`app_label=None`)."
    )
    assert "- the `model` argument is not `RECURSIVE_RELATIONSHIP_CONSTANT` (line 9)" in generated["trigger"]
    assert "- the `model` argument does not contain `'.'` (line 16)" in generated["trigger"]
    assert "exits first" not in generated["trigger"]


def test_an_exit_on_an_attribute_the_function_sets_is_not_said(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/apps/registry.py": POPULATE})
    generated = next(entry for message, entry in cards.items() if "aren't unique" in message).generated
    assert "loading" not in generated["trigger"]  # false at the check, set to `True` on the next line
    assert "loading" not in generated["meaning"]
