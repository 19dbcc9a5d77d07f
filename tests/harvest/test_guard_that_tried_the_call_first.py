"""A caller that returns when a guard's method reports anything, where that method made the same call first in a
`try` that keeps the error, is no way in to the raise (round 25's AI-assisted card 09):
`InlineModelAdminChecks._check_exclude_of_parent_model` returns `[]` when `self._check_relation(obj, parent_model)`
reports an error, and `_check_relation` calls `_get_foreign_key` in `try: ... except ValueError`, turning the
message into the check `admin.E202`. The check reports the message; it never raises it."""

from pathlib import Path

from kb.harvest.pipeline.scan import scan

# Reduced from django/forms/models.py:1204-1281, 1283-1318 (Django 5.2.19).
FORMS_MODELS = """
def _get_foreign_key(parent_model, model, fk_name=None, can_fail=False):
    from django.db.models import ForeignKey

    opts = model._meta
    fks_to_parent = [f for f in opts.fields if isinstance(f, ForeignKey)]
    if len(fks_to_parent) == 1:
        fk = fks_to_parent[0]
    elif not fks_to_parent:
        if can_fail:
            return
        raise ValueError(
            "'%s' has no ForeignKey to '%s'."
            % (
                model._meta.label,
                parent_model._meta.label,
            )
        )
    return fk


def inlineformset_factory(parent_model, model, form=None, fk_name=None):
    fk = _get_foreign_key(parent_model, model, fk_name=fk_name)
    if fk.unique:
        max_num = 1
    return fk
"""

# Reduced from django/contrib/admin/checks.py:13, 1240-1290 (Django 5.2.19).
ADMIN_CHECKS = """
from django.core import checks
from django.forms.models import _get_foreign_key


class InlineModelAdminChecks:
    def check(self, inline_obj, **kwargs):
        parent_model = inline_obj.parent_model
        return [
            *self._check_relation(inline_obj, parent_model),
            *self._check_exclude_of_parent_model(inline_obj, parent_model),
        ]

    def _check_exclude_of_parent_model(self, obj, parent_model):
        # Skip if `fk_name` is invalid.
        if self._check_relation(obj, parent_model):
            return []

        if obj.exclude is None:
            return []

        fk = _get_foreign_key(parent_model, obj.model, fk_name=obj.fk_name)
        if fk.name in obj.exclude:
            return [checks.Error("Cannot exclude the field '%s'." % fk.name, obj=obj.__class__, id="admin.E201")]
        else:
            return []

    def _check_relation(self, obj, parent_model):
        try:
            _get_foreign_key(parent_model, obj.model, fk_name=obj.fk_name)
        except ValueError as e:
            return [checks.Error(e.args[0], obj=obj.__class__, id="admin.E202")]
        else:
            return []
"""


def _ways_in(root: Path) -> tuple[list[str], list[str]]:
    for name, text in {"forms/models.py": FORMS_MODELS, "contrib/admin/checks.py": ADMIN_CHECKS}.items():
        path = root / "django" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        for folder in path.relative_to(root).parents[:-1]:  # django/..., not the root
            (root / folder / "__init__.py").touch()
    sites = scan(root / "django", prefix="django", progress=False).sites
    [found] = [s for s in sites if "has no ForeignKey to" in s.message]
    evidence = found.evidence
    return [r["function"] for r in evidence["callers"]], [r["function"] for r in evidence["entry_points"]]


def test_a_caller_past_a_guard_that_made_the_call_first_and_kept_the_error_is_no_way_in(tmp_path) -> None:
    callers, entry_points = _ways_in(tmp_path)
    assert "InlineModelAdminChecks._check_exclude_of_parent_model" not in callers
    assert "InlineModelAdminChecks.check" not in entry_points
    assert "inlineformset_factory" in callers  # no guard before its call: it reaches the raise
