from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from kb.cards import responses as cards
from kb.cards.related import shown_related
from kb.matching import (
    MAX_TEXT_BYTES,
    RETRY_AFTER_SECONDS,
    LookupTimeout,
    TextTooLarge,
    clean_text,
    details_of,
    how_it_matched,
    log_stopped,
    lookup,
    match_answer,
    parsed_answer,
    pasted_type,
    text_size,
)
from kb.models import ErrorEntry, Report, Repository, may_see_drafts
from kb.pages.browse import REVIEW_FILTERS, by_module, kept_unpublished
from kb.pages.forms import ReportForm
from kb.pages.not_found import NotFound, no_error_with_id, no_repository
from kb.runtime import freshness
from kb.runtime.ratelimit import page_throttled
from kb.search.query import offered_for_lookup
from kb.text.markdown import render_machine_markdown

REPOSITORY_PAGE_SIZE = 50
HOME_MATCHES = 5


class LookupForm(forms.Form):
    text = forms.CharField(
        label="Paste an error message or a whole traceback",
        strip=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "autocomplete": "off"}),
    )

    def clean_text(self) -> str:
        text = clean_text(self.cleaned_data["text"]).replace("\x00", "")
        if text_size(text) > MAX_TEXT_BYTES:
            raise forms.ValidationError(f"That is more than 64 KiB; paste at most {MAX_TEXT_BYTES} bytes.")
        if not text.strip():
            raise forms.ValidationError("Paste an error message or a traceback.")
        return text


def _lookup_view(request: HttpRequest, form: LookupForm) -> tuple[dict | None, int]:
    """The ranked entries for the home page: the API's answer, plus the message cut into literal parts
    (highlighted) and values (shown with their placeholder's name)."""
    if not form.is_valid():
        return None, 400
    link_drafts = may_see_drafts(request.user)
    try:
        result = lookup(form.cleaned_data["text"], limit=HOME_MATCHES, drafts=link_drafts)
    except TextTooLarge:  # the form checks the size already; a race with settings is still no 500
        return None, 413
    except LookupTimeout as stopped:
        log_stopped(form.cleaned_data["text"], stopped)
        form.add_error(None, f"{stopped} Try again in a moment, or paste a shorter part of the text.")
        return None, 503
    if result.matches:
        ErrorEntry.objects.count_lookup_hit(result.matches[0].entry.key)
    matches = []
    # The matches' prose in one query for all of them, as the API reads it.
    details = details_of(match.entry.key for match in result.matches) if result.matches else {}
    for match in result.matches:
        shown = match_answer(
            match,
            request.build_absolute_uri,
            link_drafts=link_drafts,
            details=details,
            pasted_type=pasted_type(result, match),
        )
        shown["parts"] = match.fit.parts() if match.fit is not None else []
        shown["how"] = how_it_matched(shown)
        # The answer's prose is Markdown (the card's): rendered and sanitised as the card's is, never raw.
        shown["summary_html"] = render_machine_markdown(shown.get("summary") or "")
        shown["first_solution_html"] = render_machine_markdown(shown.get("first_solution") or "")
        matches.append(shown)
    text, entries = form.cleaned_data["text"], ErrorEntry.objects.visible_to(request.user)
    search = offered_for_lookup(result, text, entries, request.build_absolute_uri)
    return {"matches": matches, "parsed": parsed_answer(result.parsed), "search": search}, 200


def home(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = LookupForm(request.POST)
    else:
        form = LookupForm({"text": request.GET["q"]} if request.GET.get("q") else None)
    wait = page_throttled(request, "match") if form.is_bound else None
    if wait is not None:
        form.is_valid()
        form.add_error(None, f"Too many lookups from your address; try again in {wait} seconds.")
        lookup_result, status = None, 429
    else:
        lookup_result, status = _lookup_view(request, form) if form.is_bound else (None, 200)
    newest, repositories = freshness.per_revision.get("home", _front_lists)
    context = {"newest": newest, "repositories": repositories, "form": form, "lookup": lookup_result}
    response = render(request, "kb/home.html", context, status=status)
    if wait is not None:
        response["Retry-After"] = str(wait)
    elif status == 503:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _front_lists() -> tuple[list[ErrorEntry], list[Repository]]:
    """The newest cards and the repositories with their counts: what the public sees, for everyone (the home page is
    the public's front door). Counting a large catalogue's entries is the page's cost, so they are kept per revision."""
    newest = ErrorEntry.objects.published().select_related("repository").order_by("-created_at")[:12]
    repositories = Repository.objects.with_entry_count(None).filter(error_count__gt=0)
    return list(newest), list(repositories)


def _visible_entry(request: HttpRequest, public_id: str) -> ErrorEntry:
    try:
        return ErrorEntry.objects.visible_to(request.user).with_card().get(public_id=public_id)
    except ErrorEntry.DoesNotExist:
        raise NotFound(no_error_with_id(public_id)) from None


def entry_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    if request.GET.get("reported") == "1":
        # Where a report's POST lands: the confirmation next to the form, never a 304 or a cached copy of the
        # card (whose validators do not know about it), and never kept.
        response = _render_entry(request, _visible_entry(request, public_id), ReportForm(), reported=True)
        response["Cache-Control"] = "private, no-store"
        return response
    # Without a session there is no user and no flash message: the page kept for anonymous readers, if any, is the
    # answer (or its 304), before anything else is looked at.
    if not request.GET and settings.SESSION_COOKIE_NAME not in request.COOKIES:
        if (kept := cards.from_memory(request, public_id, "page")) is not None:
            return kept
    # The page is the same for every anonymous reader (no CSRF token, no per-user parts) unless a flash message is
    # pending, so that case is rendered once per card version and kept.
    shared = cards.audience_of(request) == "public" and not len(messages.get_messages(request))
    card = cards.serve(
        request,
        public_id,
        lambda: ErrorEntry.objects.visible_to(request.user),
        representation="page",
        cacheable=shared,
        respond=HttpResponse,
        build=lambda: _render_entry(request, _visible_entry(request, public_id), ReportForm()).content.decode(),
    )
    if card is None:
        raise NotFound(no_error_with_id(public_id))
    return card


def _render_entry(
    request: HttpRequest, entry: ErrorEntry, report_form: ReportForm, status: int = 200, *, reported: bool = False
) -> HttpResponse:
    context = {
        "entry": entry,
        "source_groups": entry.source_groups(),
        "related": shown_related(entry, request.user),
        "report_form": report_form,
        "reported": reported,
    }
    return render(request, "kb/entry_detail.html", context, status=status)


# Exempt so that card pages carry no CSRF token or cookie and a CDN can keep them. The form only
# files an anonymous report into the curators' queue: a forged one is no worse than a real one, and
# identical ones are folded into one.
@csrf_exempt
@require_POST
def report_entry(request: HttpRequest, public_id: str) -> HttpResponse:
    entry = _visible_entry(request, public_id)
    form = ReportForm(request.POST)
    if (wait := page_throttled(request, "report")) is not None:
        form.is_valid()
        form.add_error(None, f"Too many reports from your address; try again in {wait} seconds.")
        response = _render_entry(request, entry, form, status=429)
        response["Retry-After"] = str(wait)
        return response
    if not form.is_valid():
        return _render_entry(request, entry, form, status=400)
    Report.objects.file(entry=entry, **form.cleaned_data)
    return redirect(f"{entry.get_absolute_url()}?reported=1#report")


def no_such_entry(request: HttpRequest, public_id: str) -> HttpResponse:
    raise NotFound(no_error_with_id(public_id))


def no_such_repository(request: HttpRequest, owner: str, name: str) -> HttpResponse:
    raise NotFound(no_repository(owner, name))


def repository_list(request: HttpRequest) -> HttpResponse:
    """Every repository the reader may see, with how many of its entries they may see, reviewed or not."""
    repositories = Repository.objects.visible_to(request.user).with_entry_counts(request.user)
    return render(request, "kb/repository_list.html", {"repositories": repositories})


def repository_detail(request: HttpRequest, owner: str, name: str) -> HttpResponse:
    try:
        repository = Repository.objects.visible_to(request.user).get(owner=owner, name=name)
    except Repository.DoesNotExist:
        raise NotFound(no_repository(owner, name)) from None
    review = request.GET.get("review", "")
    context: dict = {"repository": repository, "review": review, "review_filters": REVIEW_FILTERS.items()}
    if review and review not in REVIEW_FILTERS:
        # A set lookup of the whole value: no parsing to go wrong, whatever was sent.
        context.update(page=None, groups=[], total=0, unknown_review=review[:40])
        return render(request, "kb/repository_detail.html", context, status=400)
    entries = ErrorEntry.objects.visible_to(request.user).filter(repository=repository)
    if review:
        entries = entries.filter(review_state=review)
    entries = entries.with_first_path().order_by(
        F("first_path").asc(nulls_last=True), "exception_type", "title", "public_id"
    )
    page = Paginator(entries, REPOSITORY_PAGE_SIZE).get_page(request.GET.get("page"))
    if request.GET.get("page") not in (None, str(page.number)):
        raise Http404("No such page.")
    context.update(page=page, groups=by_module(page.object_list), total=page.paginator.count)
    context["kept"] = kept_unpublished(repository)
    return render(request, "kb/repository_detail.html", context)
