"""Titles cut at a word with an ellipsis, and never only a runtime value; identical reports counted, not stored twice."""

from django.db import migrations, models
from django.utils import timezone

from kb.models import derive_title, fallback_title


def recompute_titles(apps, schema_editor) -> None:
    """Every stored title derived again; a changed entry gets a new version, so cached pages and ETags follow."""
    entry_model = apps.get_model("kb", "ErrorEntry")
    now = timezone.now()
    changed = []
    for entry in entry_model.objects.only("pk", "title", "message", "signature", "exception_type", "site_key"):
        title = derive_title(
            message=entry.message, signature=entry.signature, exception_type=entry.exception_type
        ) or fallback_title(exception_type=entry.exception_type, site_key=entry.site_key)
        if title != entry.title:
            entry.title, entry.updated_at = title, now
            changed.append(entry)
    entry_model.objects.bulk_update(changed, ["title", "updated_at"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("kb", "0004_search"),
    ]

    operations = [
        migrations.AddField(
            model_name="report",
            name="count",
            field=models.PositiveIntegerField(default=1, help_text="How many times this same report was sent."),
        ),
        migrations.RunPython(recompute_titles, migrations.RunPython.noop),
    ]
