"""The "curators" group: what a curator (and so their API token) may do to the catalogue. Nothing is deleted."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "curators"
GRANTS = {
    "errorentry": ("add", "change", "view"),
    "raisesite": ("add", "change", "view"),
    "solution": ("add", "change", "delete", "view"),
    "relatedlink": ("add", "change", "delete", "view"),
    "repository": ("add", "change", "view"),
    "messagevariant": ("add", "change", "view"),
    "report": ("change", "view"),
}


def create_group(apps, schema_editor):
    # Permissions are made after all migrations have run; this one needs them now, on a new database too.
    kb = apps.get_app_config("kb")
    kb.models_module = True
    create_permissions(kb, apps=apps, verbosity=0)
    kb.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    codenames = [f"{action}_{model}" for model, actions in GRANTS.items() for action in actions]
    group.permissions.add(*Permission.objects.filter(content_type__app_label="kb", codename__in=codenames))


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("kb", "0002_variants_removal_catalogue"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
