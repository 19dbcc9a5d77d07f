"""Pages whose count is capped: counting a million matches (or a million entries) exactly took longer than the
rest of the request. The count stops at `cap`; past it the paginator says "more than `cap`", and pages end there."""

from functools import cached_property

from django.core.paginator import Paginator
from django.db.models import QuerySet


class CappedPaginator(Paginator):
    def __init__(self, object_list: QuerySet, per_page: int, *, cap: int, **kwargs) -> None:
        super().__init__(object_list, per_page, **kwargs)
        self.queryset = object_list
        self.cap = cap

    @cached_property
    def _counted(self) -> int:
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
