"""A card written from the code (issue 13, §2 and §4): what a reader sees, whose word it is, and how it was made."""

import json
import re

import pytest
from django.utils import timezone

from kb.models import ErrorEntry
from tests.factories import ErrorEntryFactory, generated_entry


def page_of(client, entry: ErrorEntry) -> str:
    response = client.get(entry.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


@pytest.fixture
def generated(db) -> ErrorEntry:
    return generated_entry()


def test_a_generated_card_shows_every_section_the_code_filled_in_the_reference_order(client, generated):
    html = page_of(client, generated)
    headings = [
        "Error message",
        "What it means",
        "Source",
        "Solutions",
        "When it happens",
        "How to trigger it",
        "Documentation",
    ]
    positions = [html.index(f">{heading}</h2>") for heading in headings] + [html.index("Generated from the code of")]
    assert positions == sorted(positions)


def test_a_generated_card_reads_its_condition_test_and_solution_from_the_code(client, generated):
    text = text_of(page_of(client, generated))
    assert "Func() was called with an expressions that has fewer than 2 items." in text
    assert "the expressions argument has fewer than 2 items (line 2)" in text
    assert "Coalesce" not in text  # a caller with values of its own is not said to reach this error
    assert "the repository's test FuncTests.test_too_few_expressions raises it" in text
    assert "Pass at least 2 items as expressions to Func()." in text
    assert "Func() expressions take at least two arguments." in text


def test_the_test_that_triggers_it_is_shown_as_highlighted_code_pinned_to_the_commit(client, generated):
    html = page_of(client, generated)
    how = html[html.index('id="how-heading"') :]
    assert f"blob/{generated.analysed_commit}/tests/expressions/tests.py#L810" in how
    assert 'class="highlight"' in how and "assertRaisesMessage" in how


def test_the_badge_and_footer_say_a_generated_card_is_not_yet_reviewed(client, generated):
    html = page_of(client, generated)
    assert '<span class="badge badge-review badge-generated">Generated from code · not yet reviewed</span>' in html
    assert (
        text_of(html).count(
            "Generated from the code of django/django@fedcba9876 (2026-05-01); not yet reviewed by a curator."
        )
        == 1
    )


def test_an_ai_assisted_card_names_its_model_and_date_in_the_footer(client, db):
    entry = generated_entry(
        review_state=ErrorEntry.Review.AI_ASSISTED,
        assisted={"meaning": "The AI's **meaning**.", "model": "qwen3-coder", "at": "2026-06-02", "dropped": 1},
    )
    html = page_of(client, entry)
    assert "AI-assisted · not yet reviewed" in html
    assert (
        "AI-assisted analysis of django/django@fedcba9876 (qwen3-coder, 2026-06-02); not yet reviewed by a "
        "curator." in text_of(html)
    )
    assert "The AI's <strong>meaning</strong>." in html


def test_a_reviewed_card_says_reviewed(client, db):
    entry = generated_entry(review_state=ErrorEntry.Review.REVIEWED, reviewed_at=timezone.now())
    text = text_of(page_of(client, entry))
    assert "Reviewed" in text and "not yet reviewed" not in text
    assert "Harvested analysis of django/django@fedcba9876 (2026-05-01); reviewed by a curator on " in text


def test_the_curators_text_wins_over_the_generated_one(client, db):
    entry = generated_entry(meaning="The curator's own meaning.")
    html = page_of(client, entry)
    assert "The curator's own meaning." in html
    assert "raises this" not in text_of(html).split("What it means", 1)[1].split("Source", 1)[0]


def test_conditions_show_under_the_source_when_the_trigger_shown_is_not_the_generated_one(client, db):
    entry = generated_entry(trigger="A curator's trigger.")
    source = page_of(client, entry).split('id="source-heading"', 1)[1].split('id="solutions-heading"', 1)[0]
    assert "Raised when:" in source
    assert "<li><code>len(expressions) &lt; 2</code>: <code>expressions</code> has fewer than 2 items</li>" in source


def test_search_engines_get_the_shown_meaning(client, generated):
    html = page_of(client, generated)
    data = json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1))
    assert data["description"].startswith("Func() was called with an expressions that has fewer than 2 items.")
    assert '<meta name="description" content="Func() was called with an expressions that' in html


def test_a_generated_draft_stays_out_of_search_engines(admin_client, db):
    html = page_of(admin_client, generated_entry(status=ErrorEntry.Status.DRAFT))
    assert '<meta name="robots" content="noindex">' in html


def test_a_generated_card_is_cached_and_revalidated_like_any_other(client, generated):
    first = client.get(generated.get_absolute_url())
    assert first["Cache-Control"] == "public, max-age=300"
    assert client.get(generated.get_absolute_url(), headers={"If-None-Match": first["ETag"]}).status_code == 304


def test_the_raised_in_line_shows_what_history_knows(client, generated):
    history = {"absent_in": "4.1", "first_release": "4.2", "last_release": "5.1", "reworded_in": ["5.0"]}
    history["removed_in"] = "6.0"
    generated.evidence = {**generated.evidence, "history": history}
    generated.save()
    html = page_of(client, generated)
    assert '<p class="raised-in">Raised since 4.2; reworded in 5.0; no longer raised since 6.0.</p>' in html


def test_lists_mark_unreviewed_cards_with_a_small_badge(client, db):
    generated_entry()
    ErrorEntryFactory(message="A curated one")
    html = client.get("/search/?q=expressions").content.decode()
    assert "Generated from code · not yet reviewed" in html
    reviewed = client.get("/search/?q=curated").content.decode()
    assert "not yet reviewed" not in reviewed
