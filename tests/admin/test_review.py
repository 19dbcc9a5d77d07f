"""Reviewing machine-written cards in the admin: the text beside the curator's fields, the queue, and the review."""

from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, generated_entry
from tests.samples import catalogue_revision

CHANGELIST = "/admin/kb/errorentry/"


def test_the_change_form_shows_the_generated_text_beside_the_curated_fields(staff_curator_client, db):
    entry = generated_entry()
    html = staff_curator_client.get(f"{CHANGELIST}{entry.pk}/change/").content.decode()
    assert "Machine-written text (shown where the curator&#x27;s field is empty)" in html
    assert "Generated from code" in html
    assert "the <code>expressions</code> argument has fewer than 2 items" in html
    assert "Pass at least 2 items as <code>expressions</code> to <code>Func()</code>." in html


def test_the_change_form_shows_the_ai_text_too(staff_curator_client, db):
    entry = generated_entry(assisted={"meaning": "The model's reading.", "model": "m", "at": "2026-06-02"})
    html = staff_curator_client.get(f"{CHANGELIST}{entry.pk}/change/").content.decode()
    assert "<strong>AI-assisted</strong><p>The model&#x27;s reading.</p>" in html or (
        "<strong>AI-assisted</strong><p>The model's reading.</p>" in html
    )


def test_the_review_queue_lists_published_unreviewed_cards_most_looked_up_first(staff_curator_client, db):
    rare = generated_entry(lookup_hits=2, message="Rarely looked up")
    common = generated_entry(lookup_hits=40, message="Often looked up")
    generated_entry(status=ErrorEntry.Status.DRAFT, lookup_hits=99, message="A draft")
    ErrorEntryFactory(lookup_hits=500, message="Reviewed already")
    html = staff_curator_client.get(f"{CHANGELIST}?queue=unreviewed").content.decode()
    assert "A draft" not in html and "Reviewed already" not in html
    assert html.index(common.title) < html.index(rare.title)


def test_review_state_is_a_column_and_a_filter(staff_curator_client, db):
    generated_entry(message="Generated one")
    ErrorEntryFactory(message="Curated one")
    html = staff_curator_client.get(f"{CHANGELIST}?review_state__exact=generated").content.decode()
    assert "Generated one" in html and "Curated one" not in html
    assert "generated from code" in html


def test_the_action_marks_cards_reviewed_by_the_curator_through_the_write_path(staff_curator_client, db):
    entry = generated_entry()
    before, version = catalogue_revision(), entry.updated_at
    response = staff_curator_client.post(CHANGELIST, {"action": "mark_reviewed", "_selected_action": [entry.pk]})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.review_state == ErrorEntry.Review.REVIEWED
    assert entry.reviewed_by.username == "editor" and entry.reviewed_at is not None
    assert entry.updated_at > version and catalogue_revision() > before
    assert entry.history.first().history_change_reason == "reviewed"


def test_the_action_marks_cards_not_reviewed_again(staff_curator_client, db):
    entry = generated_entry(assisted={"meaning": "AI text", "model": "m", "at": "2026-06-02"})
    staff_curator_client.post(CHANGELIST, {"action": "mark_reviewed", "_selected_action": [entry.pk]})
    staff_curator_client.post(CHANGELIST, {"action": "mark_not_reviewed", "_selected_action": [entry.pk]})
    entry.refresh_from_db()
    assert entry.review_state == ErrorEntry.Review.AI_ASSISTED
    assert entry.reviewed_at is None and entry.reviewed_by is None


def change_form_data(entry: ErrorEntry, **changes) -> dict:
    data = {
        "repository": entry.repository.pk,
        "kind": entry.kind,
        "exception_type": entry.exception_type,
        "message": entry.message,
        "signature": entry.signature,
        "status": entry.status,
        "method": entry.method,
        "analysed_commit": entry.analysed_commit,
        "analysed_at": entry.analysed_at.isoformat(),
        "opened_version": entry.updated_at.isoformat(),
    }
    for prefix, rows in (
        ("sites", list(entry.sites.all())),
        ("variants", []),
        ("solutions", []),
        ("outgoing_links", []),
    ):
        data |= {f"{prefix}-TOTAL_FORMS": len(rows), f"{prefix}-INITIAL_FORMS": len(rows)}
    for index, site in enumerate(entry.sites.all()):
        data |= {
            f"sites-{index}-{field}": "" if getattr(site, field) is None else getattr(site, field)
            for field in ("path", "line", "function", "commit", "snippet", "snippet_start", "position")
        }
        data |= {f"sites-{index}-id": site.pk, f"sites-{index}-entry": entry.pk}
    return data | changes


def test_saving_a_card_does_not_by_itself_mark_it_reviewed(staff_curator_client, db):
    entry = generated_entry()
    response = staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", change_form_data(entry, meaning="Mine."))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.meaning == "Mine." and entry.review_state == ErrorEntry.Review.GENERATED


def test_the_reviewed_box_on_the_change_form_marks_it_reviewed(staff_curator_client, db):
    entry = generated_entry()
    response = staff_curator_client.post(f"{CHANGELIST}{entry.pk}/change/", change_form_data(entry, mark_reviewed="on"))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.review_state == ErrorEntry.Review.REVIEWED and entry.reviewed_by.username == "editor"
