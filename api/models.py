"""Curators' API tokens: stored hashed (only a prefix is readable), revocable, shown once when made."""

from django.conf import settings
from django.db import models
from rest_framework_api_key.models import AbstractAPIKey


class CuratorToken(AbstractAPIKey):
    """A token acts as its user: it can do what the user's groups and permissions allow, nothing more."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta(AbstractAPIKey.Meta):
        verbose_name = "API token"
        verbose_name_plural = "API tokens"
