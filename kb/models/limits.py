"""How long the texts a curator writes may be, for every writer that takes them from outside (the API, import_errors,
the admin's forms): generous for real content, and small enough together that an entry's search vector always fits.

PostgreSQL refuses a `tsvector` whose distinct words take more than 1 MB (`search_vector` is a generated column of the
title, message, type, the four Markdown fields and `search_extra`, which holds the solutions; kb/migrations/0004), so a
longer text was a 500 on save. The caps below add up to 190,000 characters of searchable text, under 800 KB even when
every character takes four bytes in UTF-8."""

# An error message, or its signature (a format-string template of it).
MESSAGE_CHARS = 10_000
# Each of meaning, trigger, common situations and example fix; and each machine-written section.
PROSE_CHARS = 20_000
# Each solution, and how many an entry may have.
SOLUTION_CHARS = 10_000
SOLUTIONS = 10
# A site's snippet: the source lines around the raise, verbatim (not searched).
SNIPPET_CHARS = 50_000
# Repository.url is a URLField: 200 characters in the database.
URL_CHARS = 200


def too_long(length: int, cap: int) -> str:
    """The message every writer gives for a text over its cap."""
    return f"At most {cap:,} characters; this has {length:,}."
