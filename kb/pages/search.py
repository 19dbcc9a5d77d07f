"""The search page: results with counts, highlighted excerpts, facets and pages."""

from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET

from kb.models import ErrorEntry, may_see_drafts
from kb.runtime import freshness
from kb.runtime.ratelimit import page_throttled
from kb.search import filters
from kb.search import query as kb_search
from kb.search.paging import CappedPaginator
from kb.search.query import SearchQueryError, clean_query, did_you_mean, highlight, plain_text, ranked, ranked_facets

PAGE_SIZE = 20
# What a hit shows (templates/kb/_entry_row.html and the excerpts): the page fetches these columns only.
SHOWN = (
    "public_id",
    "kind",
    "exception_type",
    "title",
    "message",
    "meaning_html",
    "status",
    "review_state",
    "repository__host",
    "repository__owner",
    "repository__name",
)
FACET_FIELDS = ("repository", "exception_type", "kind", "status")
# Each search's facet counts, by (whether the reader sees drafts, the query): at a million entries, counting them
# again for a page narrowed to a facet was a second search, as long as the one listed.
kept_facets = freshness.KeptPerRevision(size=512)


@dataclass(frozen=True)
class Hit:
    """A result as the page shows it: the entry, and its message and meaning around the query's words."""

    entry: ErrorEntry
    excerpt: SafeString
    meaning_excerpt: SafeString | str


def _hit(entry: ErrorEntry, query: str) -> Hit:
    # From the rendered, sanitised HTML: a curator's Markdown shows as the text it stands for.
    meaning = plain_text(entry.meaning_html)
    return Hit(entry, highlight(entry.message, query), highlight(meaning, query, width=180) if meaning else "")


def _too_many(request: HttpRequest, wait: int) -> HttpResponse:
    message = f"Too many searches from your address; try again in {wait} seconds."
    response = render(request, "kb/search.html", {"error": message, "query": ""}, status=429)
    response["Retry-After"] = str(wait)
    return response


@require_GET
def search_page(request: HttpRequest) -> HttpResponse:
    is_curator = may_see_drafts(request.user)
    if request.GET.get("q") and (wait := page_throttled(request, "search")) is not None:
        return _too_many(request, wait)
    try:
        query = clean_query(request.GET.get("q", ""))
    except SearchQueryError as exc:
        return render(request, "kb/search.html", {"error": str(exc), "query": ""}, status=400)
    # Facet values are compared, never searched: cut them to the column's length instead of refusing.
    chosen = {
        f: " ".join(request.GET[f].replace("\x00", " ").split())[:255] for f in FACET_FIELDS if request.GET.get(f)
    }
    if not is_curator:
        chosen.pop("status", None)
    context: dict = {"query": query, "chosen": chosen, "is_curator": is_curator}
    if query:
        visible = ErrorEntry.objects.visible_to(request.user)
        visible = visible.select_related("repository").only(*SHOWN)
        corrected = kb_search.corrections(query)  # looked up once, for both searches
        # Narrowed before the search, not after: the search ranks a capped set of candidates.
        narrowed = ranked(filters.narrowed(visible, chosen) if chosen else visible, query, corrected=corrected)

        def count_facets() -> dict[str, list[dict]]:
            # Counted over the search with no facet chosen: the one listed when none is.
            matched = ranked(visible, query, corrected=corrected) if chosen else narrowed
            return ranked_facets(matched, with_status=is_curator)

        # Kept: a reader who chooses a facet has just seen the same search's counts, which offered it.
        counts = kept_facets.get((is_curator, query), count_facets)
        paginator = CappedPaginator(narrowed, PAGE_SIZE, cap=kb_search.candidates())
        page = paginator.get_page(request.GET.get("page"))
        if request.GET.get("page") not in (None, str(page.number)):
            raise Http404("No such page of results.")
        context["hits"] = [_hit(entry, query) for entry in page.object_list]
        if not paginator.count:
            context["suggestions"] = did_you_mean(visible, query)
            # The words may be an error message: the home page's lookup reads it, pasted in its box.
            context["lookup_url"] = f"{reverse('kb:home')}?{urlencode({'q': query})}#lookup-results"
        context.update(
            page=page,
            total=paginator.count,
            total_capped=paginator.is_capped,
            facets=counts,
            # Counted among the capped candidates: each is then "at least".
            facets_capped=sum(row["count"] for row in counts["kind"]) > paginator.cap,
            base_params={"q": query, **chosen},
        )
    response = render(request, "kb/search.html", context)
    response["Cache-Control"] = "private, max-age=0"
    return response
