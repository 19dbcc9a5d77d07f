"""URL converters that accept only what an id or a name can be, so that no other segment reaches a query.

A NUL byte, for one, is refused by PostgreSQL with a DataError; an id of the wrong shape cannot name an
entry anyway. The shapes are those the models validate (`kb.models.PUBLIC_ID_RE`, `_NAME_PART`)."""

# Kept in step with kb.models: a public id is 16 lowercase hex digits; an owner or a repository name is
# letters, digits, '.', '_' and '-', at most 100 characters (the column's length).
PUBLIC_ID_PATTERN = "[0-9a-f]{16}"
NAME_PART_PATTERN = "[A-Za-z0-9_.-]{1,100}"


class PublicIdConverter:
    regex = PUBLIC_ID_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class NamePartConverter:
    regex = NAME_PART_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
