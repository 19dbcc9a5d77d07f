"""Who may write: Django's model permissions, granted through groups (the "curators" group has them)."""

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from kb.models import ErrorEntry

# Retiring is a change of status: nothing is ever deleted through the API.
ACTION_PERMISSIONS = {"create": "add", "update": "change", "partial_update": "change", "retire": "change"}


def required_permission(action: str | None) -> str | None:
    codename = ACTION_PERMISSIONS.get(action or "")
    if codename is None:
        return None
    return f"{ErrorEntry._meta.app_label}.{codename}_{ErrorEntry._meta.model_name}"


class EntryPermissions(BasePermission):
    """Reads are public; a write needs kb.add_errorentry (create) or kb.change_errorentry (update, retire)."""

    reads_are_public = True  # for the schema: a token is optional on reads

    def has_permission(self, request: Request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        permission = required_permission(getattr(view, "action", None))
        if permission is None:
            return True  # no such operation: the view answers 405 with the methods it has
        return bool(request.user and request.user.is_authenticated and request.user.has_perm(permission))
