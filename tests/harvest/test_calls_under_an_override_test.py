"""A call made only where a test says the method is overridden (`type(self).m != Base.m`) runs the override,
never `Base.m`: it is no caller and no way in to `Base.m`'s raises (round 30's AI-assisted card 03)."""

from tests.harvest.reach_sources import scanned, ways_in

# django/contrib/admin/models.py:24-78 (Django 5.2.19), reduced: `log_actions` calls `self.log_action(...)` only
# when a subclass overrides `log_action`, so the base method's deprecation warning is never issued from there.
ADMIN_MODELS = """
import warnings


class RemovedInDjango60Warning(DeprecationWarning):
    pass


class LogEntryManager:
    def log_action(self, user_id, content_type_id, object_id, object_repr, action_flag, change_message=""):
        warnings.warn(
            "LogEntryManager.log_action() is deprecated. Use log_actions() instead.",
            RemovedInDjango60Warning,
            stacklevel=2,
        )
        return self.model.objects.create(user_id=user_id)

    def log_actions(self, user_id, queryset, action_flag, change_message="", *, single_object=False):
        # RemovedInDjango60Warning.
        if type(self).log_action != LogEntryManager.log_action:
            warnings.warn(
                "The usage of log_action() is deprecated. Implement log_actions() instead.",
                RemovedInDjango60Warning,
                stacklevel=2,
            )
            return [
                self.log_action(
                    user_id=user_id,
                    content_type_id=None,
                    object_id=obj.pk,
                    object_repr=str(obj),
                    action_flag=action_flag,
                    change_message=change_message,
                )
                for obj in queryset
            ]
        return self.model.objects.bulk_create([])
"""

# The same call in the `else` of the `is` form, and under `self.m.__func__ is not` with another test beside it
# (the forms django/contrib/admin/checks.py:958 and django/utils/log.py:99 use), written for the test.
OTHER_FORMS = """
class Base:
    def hook(self, value):
        if value is None:
            raise ValueError("Base.hook() needs a value.")
        return value

    def run_else(self, value):
        if self.__class__.hook is Base.hook:
            return value
        else:
            return self.hook(value)

    def run_func(self, value, strict):
        if strict and self.hook.__func__ is not Base.hook:
            return self.hook(value)
        return value

    def run_plain(self, value):
        return self.hook(value)
"""


def test_a_call_made_only_when_the_method_is_overridden_never_runs_the_base_method(tmp_path):
    sites = scanned(tmp_path, {"contrib/admin/models.py": ADMIN_MODELS}, "django")
    callers, entry_points = ways_in(sites, "LogEntryManager.log_action() is deprecated")
    assert "LogEntryManager.log_actions" not in callers
    assert entry_points == ["LogEntryManager.log_action"]


def test_the_else_of_is_and_a_test_on_func_are_read_alike(tmp_path):
    sites = scanned(tmp_path, {"base.py": OTHER_FORMS}, "pkg")
    callers, _ = ways_in(sites, "needs a value")
    assert callers == ["Base.run_plain"]  # the one call made whether or not `hook` is overridden
