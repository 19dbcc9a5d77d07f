"""The home page's paste box: a message or a traceback in, ranked entries out, without JavaScript."""

import pytest
from django.core.management import call_command

from tests.samples import CARD, CARD_MESSAGE


def test_the_home_page_has_a_paste_box_that_posts_without_javascript(client, db):
    html = client.get("/").content.decode()
    assert '<form method="post"' in html
    assert '<textarea name="text"' in html
    assert "csrfmiddlewaretoken" in html


def test_pasting_a_traceback_lists_the_card_first_with_its_raise_site(client, seed):
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/venv/sglang/srt/disaggregation/nixl/conn.py", line 1009, in _prepare_payload_xfer\n'
        f"NotImplementedError: {CARD_MESSAGE}\n"
    )
    response = client.post("/", {"text": traceback})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.index(f"/errors/{CARD}/") < html.index("Newest errors")
    assert "exact match" in html
    assert "python/sglang/srt/disaggregation/nixl/conn.py:1009" in html
    assert f'<mark class="literal">{CARD_MESSAGE}</mark>' in html


def test_the_matched_parts_are_highlighted_and_the_values_shown_by_name(client, db):
    from django.core.management import call_command

    call_command("import_errors", "fixtures/python-projects.json")
    response = client.get("/", {"q": "Cannot resolve keyword 'titel' into field. Choices are: id, title"})
    html = response.content.decode()
    assert '<mark class="literal">Cannot resolve keyword &#x27;</mark>' in html
    assert '<span class="value" title="name">titel</span>' in html
    assert "<dt><code>choices</code></dt><dd><code>id, title</code></dd>" in html


def test_pasted_markup_is_escaped(client, seed):
    html = client.post("/", {"text": "<script>alert(1)</script>"}).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "No entry matches this text yet." in html


def test_an_empty_paste_is_a_400_with_a_message(client, db):
    response = client.post("/", {"text": "   "})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_a_paste_past_64_kib_is_refused_clearly(client, db):
    response = client.post("/", {"text": "x" * (64 * 1024 + 1)})
    assert response.status_code == 400
    assert "64 KiB" in response.content.decode()


DRAFT = "433daf4471e9c6be"  # pallets/click: "Option '--name' requires an argument."


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/python-projects.json")


def test_anonymous_visitors_get_no_drafts_among_the_results(client, catalogue):
    html = client.post("/", {"text": "Option '--name' requires an argument."}).content.decode()
    results = html[html.index('id="lookup-results"') : html.index("Newest errors")]
    assert "badge-draft" not in results
    assert "src/click/parser.py" not in results


def test_a_drafts_only_repository_is_not_revealed_by_the_paste_box(
    client, staff_curator_client, drafts_only_repository
):
    text = "ValueError: Widget size must be positive, got -1"
    html = client.post("/", {"text": text}).content.decode()
    assert "widgets/core.py" not in html
    assert "acme/widgets" not in html
    # What the public does not see is there to be found: a curator's paste gets it.
    assert "widgets/core.py" in staff_curator_client.post("/", {"text": text}).content.decode()


def test_a_curator_gets_a_link_to_the_draft_among_the_results(staff_curator_client, catalogue):
    html = staff_curator_client.post("/", {"text": "Option '--name' requires an argument."}).content.decode()
    assert f'<a href="http://testserver/errors/{DRAFT}/">' in html


def test_a_repository_with_only_drafts_is_not_listed_on_the_home_page(client, seed, drafts_only_repository):
    html = client.get("/").content.decode()
    assert "/repos/sgl-project/sglang/" in html
    assert "/repos/acme/widgets/" not in html


def test_a_message_cut_short_is_shown_as_a_partial_match(client, catalogue):
    text = "django.core.exceptions.ImproperlyConfigured: Requested setting DEBUG, but settings are not configured."
    html = client.post("/", {"text": text}).content.decode()
    assert "/errors/242829d5c8611fb8/" in html
    assert "partial match: the text is the start of the message" in html
    assert "<dt><code>name</code></dt><dd><code>DEBUG</code></dd>" in html


def test_when_nothing_matches_the_page_offers_entries_that_share_the_words(client, seed):
    html = client.post("/", {"text": "RuntimeError: my NIXL HiSparse setup crashed again"}).content.decode()
    assert "No entry matches this text yet." in html
    results = html.split("No entry matches this text yet.", 1)[1].split("Newest errors", 1)[0]
    assert f'<a href="http://testserver/errors/{CARD}/">' in results
