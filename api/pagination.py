from functools import partial
from typing import Any

from django.conf import settings
from rest_framework import pagination
from rest_framework.response import Response

from kb.search.paging import CappedPaginator
from kb.search.query import candidates

DEFAULT_LIST_COUNT_CAP = 10_000


class PageNumberPagination(pagination.PageNumberPagination):
    """Pages whose `count` stops at a cap (the catalogue may hold a million entries, and counting them all took
    longer than the page): `count_capped` says there are more, and pages end at the cap."""

    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset, request, view=None):
        # A search ranks at most candidates() + 1 matches: its count stops there, a plain listing's further on.
        searching = bool(request.query_params.get("search"))
        cap = candidates() if searching else int(getattr(settings, "API_LIST_COUNT_CAP", DEFAULT_LIST_COUNT_CAP))
        self.django_paginator_class = partial(CappedPaginator, cap=cap)  # type: ignore[assignment]
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data: Any) -> Response:
        assert self.page is not None and isinstance(self.page.paginator, CappedPaginator)
        return Response(
            {
                "count": self.page.paginator.count,
                "count_capped": self.page.paginator.is_capped,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema: dict) -> dict:
        described = super().get_paginated_response_schema(schema)
        count = {
            **described["properties"].pop("count"),
            "description": "How many entries there are, counted up to a cap: 10,000 for a listing; for a search, "
            "the best 1,000 matches are ranked and listed.",
        }
        capped = {
            "type": "boolean",
            "example": False,
            "description": 'True when there are more than `count` (say "more than 1,000"): pages end there; '
            "narrow with more words or a filter.",
        }
        described["properties"] = {"count": count, "count_capped": capped, **described["properties"]}
        described["required"] = ["count", "count_capped", "results"]
        return described
