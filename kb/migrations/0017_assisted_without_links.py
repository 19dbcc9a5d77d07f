"""AI-assisted sections rendered again without links: a model's answer may not put a link on a card, and the HTML
stored before that rule (kb.markdown's link-free cleaner for `assisted`) could hold one. Only the rendered column
changes; the answer as stored is kept, for a curator to read."""

from django.db import migrations


def render_again(apps, schema_editor) -> None:
    from kb.models import render_sections  # today's renderer: the rule is about what is shown now

    ErrorEntry = apps.get_model("kb", "ErrorEntry")
    changed = []
    for entry in ErrorEntry.objects.exclude(assisted={}).only("pk", "assisted", "assisted_html").iterator():
        html = render_sections(entry.assisted, links=False)
        if html != entry.assisted_html:
            entry.assisted_html = html
            changed.append(entry)
    ErrorEntry.objects.bulk_update(changed, ["assisted_html"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("kb", "0016_lz4_large_columns")]

    operations = [migrations.RunPython(render_again, migrations.RunPython.noop)]
