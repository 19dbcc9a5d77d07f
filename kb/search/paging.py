"""Pages whose count is capped: counting a million matches (or a million entries) exactly took longer than the
rest of the request. The count stops at `cap`; past it the paginator says "more than `cap`", and pages end there."""

from collections.abc import Sequence
from functools import cached_property
from typing import overload

from django.core.paginator import Paginator
from django.db.models import QuerySet

from kb.models import ErrorEntry


class RankedEntries(Sequence[ErrorEntry]):
    """Entries in an order worked out beforehand (a search's ranking: kb.search.query.ranked), fetched a slice at a
    time, so that a page reads its own rows only. Counted (len) without a query."""

    def __init__(self, ids: list[int], fetch: QuerySet[ErrorEntry], facet_rows: list[tuple] | None = None) -> None:
        self.ids = ids
        self.fetch = fetch
        # (repository id, exception type, kind, status) of each, when the search read them with the ranking.
        self.facet_rows = facet_rows

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> ErrorEntry: ...
    @overload
    def __getitem__(self, index: slice) -> list[ErrorEntry]: ...
    def __getitem__(self, index: int | slice) -> ErrorEntry | list[ErrorEntry]:
        if isinstance(index, int):
            return self[index : index + 1 or None][0]
        wanted = self.ids[index]
        found = self.fetch.in_bulk(wanted)
        return [found[pk] for pk in wanted if pk in found]  # one deleted since the search is left out

    def queryset(self) -> QuerySet[ErrorEntry]:
        """All of them, unordered: for counts by facet."""
        return self.fetch.filter(pk__in=self.ids)


class CappedPaginator(Paginator):
    def __init__(self, object_list: QuerySet | RankedEntries, per_page: int, *, cap: int, **kwargs) -> None:
        super().__init__(object_list, per_page, **kwargs)
        self.queryset = object_list
        self.cap = cap

    @cached_property
    def _counted(self) -> int:
        if isinstance(self.queryset, RankedEntries):
            return len(self.queryset)  # a search's, already capped
        # Unordered, so that counting computes no rank and sorts nothing; at most cap + 1 rows are read.
        return self.queryset.order_by().values("pk")[: self.cap + 1].count()

    @cached_property
    def count(self) -> int:
        """How many there are, up to `cap`."""
        return min(self._counted, self.cap)

    @property
    def is_capped(self) -> bool:
        """There are more than `count`: only the first `count` are paged."""
        return self._counted > self.cap
