"""Search: the query language, ranking, excerpts, facets and "did you mean" (`query`), narrowing by facet
(`filters`), capped paging (`paging`), on one backend per database (`backends.postgres`: tsvector under GIN, typo
correction from the vocabulary; `backends.sqlite`: FTS5 for `make run`)."""

from kb.search.query import SearchQueryError, clean_query, ranked, search, search_hits

__all__ = ["SearchQueryError", "clean_query", "ranked", "search", "search_hits"]
