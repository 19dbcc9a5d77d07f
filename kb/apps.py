from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_search_index(sender, using: str, **kwargs) -> None:
    # A later migration that makes Django remake the entry table on SQLite drops the index's triggers.
    from django.db import connections

    from kb.search.backends import sqlite as search_fts

    search_fts.ensure(connections[using])


class KbConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "kb"
    verbose_name = "Knowledge base"

    def ready(self) -> None:
        post_migrate.connect(_ensure_search_index, sender=self, dispatch_uid="kb.search.backends.sqlite.ensure")
