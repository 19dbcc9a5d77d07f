"""URL converters that accept only what an id or a name can be, so that no other segment reaches a query.

A NUL byte, for one, is refused by PostgreSQL with a DataError; an id of the wrong shape cannot name an
entry anyway. The shapes are those the models validate (`kb.models.PUBLIC_ID_PATTERN`, `NAME_CHARACTER`)."""

from kb.models import NAME_CHARACTER, PUBLIC_ID_PATTERN

# An owner or a repository name: at most 100 characters (the column's length).
NAME_PART_PATTERN = f"{NAME_CHARACTER}{{1,100}}"

__all__ = ["NAME_PART_PATTERN", "PUBLIC_ID_PATTERN", "NamePartConverter", "PublicIdConverter"]


class _PatternConverter:
    """A path segment taken as it is, when it has the shape `regex` allows."""

    regex: str

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class PublicIdConverter(_PatternConverter):
    regex = PUBLIC_ID_PATTERN


class NamePartConverter(_PatternConverter):
    regex = NAME_PART_PATTERN
