import json
from urllib.parse import urlencode

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from kb.cards.links import pinned_url
from kb.models import ErrorEntry, RaiseSite, short_ref
from kb.pages.seo import site_root as root_of
from kb.search.query import plain_text
from kb.text.escaping import INVISIBLE, reveal_html, reveal_text

register = template.Library()

# What json_script escapes: inside <script> no text may close the tag or open a comment.
SCRIPT_SAFE = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}
FACET_LABELS = {"repository": "Repository", "exception_type": "Exception type", "kind": "Kind", "status": "Status"}


@register.filter
def get_item(mapping: dict, key: str):
    return mapping.get(key, "")


@register.filter
def facet_label(name: str) -> str:
    return FACET_LABELS.get(name, name)


@register.simple_tag
def query_with(params: dict, name: str, value) -> str:
    """The query string of `params` with `name` set to `value`; a new filter starts again at page 1."""
    merged = {k: v for k, v in params.items() if k != "page"}
    merged[name] = value
    return urlencode(merged)


@register.simple_tag
def query_without(params: dict, name: str) -> str:
    return urlencode({k: v for k, v in params.items() if k not in (name, "page")})


@register.simple_tag(takes_context=True)
def entry_json_ld(context, entry) -> str:
    """schema.org TechArticle for search engines, escaped as json_script does so no text can close the tag."""
    root = root_of(context["request"])
    data = {
        "@context": "https://schema.org",
        "@type": "TechArticle",
        "headline": f"{entry.exception_type}: {entry.title}",
        "description": (plain_text(entry.shown("meaning").html).strip() or entry.message)[:300],
        "url": root + entry.get_absolute_url(),
        "datePublished": entry.created_at.isoformat(),
        "dateModified": entry.updated_at.isoformat(),
        "about": {
            "@type": "SoftwareSourceCode",
            "name": entry.repository.full_name,
            "codeRepository": entry.repository.url,
            "programmingLanguage": "Python",
        },
        "keywords": [entry.exception_type, entry.repository.full_name, entry.kind],
    }
    payload = INVISIBLE.sub(_json_escape, json.dumps(data, ensure_ascii=False).translate(SCRIPT_SAFE))
    return mark_safe(f'<script type="application/ld+json">{payload}</script>')


def _json_escape(found) -> str:
    """An invisible character in JSON-LD written as its `\\u` escape: the same data, no hidden character on the page."""
    return f"\\u{ord(found[0]):04x}"


@register.simple_tag(takes_context=True)
def site_root(context) -> str:
    """The scheme and host every canonical link starts with: SITE_URL when set, else this request's."""
    return root_of(context["request"])


# Whose word a card is, as its badge says it (the review state is kept apart from who may read it).
REVIEW_LABELS: dict[str, str] = {
    ErrorEntry.Review.REVIEWED: "Reviewed",
    ErrorEntry.Review.GENERATED: "Generated from code · not yet reviewed",
    ErrorEntry.Review.AI_ASSISTED: "AI-assisted · not yet reviewed",
}


@register.filter
def review_label(entry: ErrorEntry) -> str:
    return REVIEW_LABELS.get(entry.review_state, "")


@register.filter
def code_sentence(text: str) -> SafeString:
    """A condition's sentence as harvest writes it (words, and code between backticks) as HTML, escaped, without
    rendering Markdown per request: odd parts are code."""
    parts = str(text).split("`")
    if len(parts) % 2 == 0:  # unpaired backticks: shown as written
        return conditional_escape(text)
    html = "".join(
        format_html("<code>{}</code>", part) if index % 2 else conditional_escape(part)
        for index, part in enumerate(parts)
    )
    return mark_safe(reveal_html(html))  # every part escaped above


@register.filter(is_safe=True)
def visible(text: str) -> SafeString:
    """Text from a repository (a message, a path, a name) escaped, with each bidirectional or zero-width character
    shown as a marked `<U+202E>`: such a character could otherwise make the text read otherwise than it is."""
    return mark_safe(reveal_html(str(conditional_escape(text))))  # escaped, then only marks added


@register.filter(is_safe=True)
def visible_html(html: object) -> SafeString:
    """Stored, sanitised HTML (rendered Markdown, a highlighted snippet) with its invisible characters shown: the
    HTML stored before they were marked at rendering is marked here."""
    return mark_safe(reveal_html(str(html)))  # stored HTML, sanitised when rendered


@register.filter
def visible_text(text: object) -> str:
    """Plain text for a page's `<title>` or an attribute, where no mark can go: each invisible character written
    as `<U+202E>` (the template escapes it)."""
    return reveal_text(str(text))


@register.filter
def site_url(site: RaiseSite) -> str:
    """The site's line on the repository's pages, its path percent-encoded; "" when it cannot be linked."""
    return pinned_url(site.entry.repository, commit=site.commit, path=site.path, line=site.line)


@register.filter(name="short_ref")
def short_ref_filter(ref: str) -> str:
    return short_ref(str(ref or ""))
