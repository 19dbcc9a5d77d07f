"""The JSON card carries what the page shows of a generated card: its sections with their origin, the evidence as
structured fields for tools, and its review state; all read-only, so writes and imports go on as before."""

import json

from django.core.management import call_command
from django.utils import timezone

from kb.actions.writes import finish_write
from kb.models import ErrorEntry
from tests.factories import generated_entry
from tests.samples import CARD


def card(client, entry: ErrorEntry) -> dict:
    response = client.get(entry.get_api_url())
    assert response.status_code == 200
    return response.json()


def test_the_explanation_gives_each_section_as_shown_with_whose_text_it_is(client, db):
    body = card(client, generated_entry(situations="A curator's situations."))
    explanation = body["explanation"]
    assert explanation["meaning"]["origin"] == "generated"
    assert explanation["meaning"]["markdown"].startswith("`Func()` was called with an `expressions` that")
    assert explanation["meaning"]["html"].startswith("<p><code>Func()</code> was called with")
    assert explanation["situations"] == {
        "markdown": "A curator's situations.",
        "html": "<p>A curator's situations.</p>",
        "origin": "curated",
    }
    assert explanation["example_fix"] == {"markdown": "", "html": "", "origin": ""}
    assert explanation["how_to_trigger"]["origin"] == "generated"
    assert explanation["solutions"] == [
        {
            "markdown": "Pass at least 2 items as `expressions` to `Func()`.",
            "html": "<p>Pass at least 2 items as <code>expressions</code> to <code>Func()</code>.</p>",
            "origin": "generated",
        },
    ]


def test_the_evidence_is_structured_per_site_and_for_the_entry(client, db):
    evidence = card(client, generated_entry())["evidence"]
    (site,) = evidence["sites"]
    assert (site["path"], site["line"]) == ("django/db/models/expressions.py", 3)
    assert site["conditions"] == [
        {"kind": "if", "code": "len(expressions) < 2", "line": 2, "sentence": "`expressions` has fewer than 2 items"}
    ]
    assert site["parameters"] == ["expressions"] and site["function"]["class"] == "Func"
    assert site["callers"][0]["function"] == "Coalesce.__init__"
    assert evidence["tests"][0]["name"] == "FuncTests.test_too_few_expressions"
    assert evidence["docs"][0]["path"] == "docs/ref/models/expressions.txt"
    assert evidence["history"] == {}


def test_a_generated_card_is_not_reviewed_until_a_curator_reviews_it(client, db):
    entry = generated_entry()
    body = card(client, entry)
    assert body["reviewed"] is False
    assert body["review"] == {"state": "generated", "reviewed_at": None, "assisted": None}
    entry.review_state, entry.reviewed_at = ErrorEntry.Review.REVIEWED, timezone.now()
    finish_write(entries=[entry], save=True)
    body = card(client, entry)
    assert body["reviewed"] is True and body["review"]["state"] == "reviewed"
    assert body["review"]["reviewed_at"].startswith(str(timezone.now().year))


def test_an_ai_assisted_card_names_its_model_date_and_dropped_claims(client, db):
    entry = generated_entry(
        review_state=ErrorEntry.Review.AI_ASSISTED,
        assisted={"meaning": "From the model.", "model": "qwen3-coder", "at": "2026-06-02", "dropped": 2},
    )
    body = card(client, entry)
    assert body["review"]["assisted"] == {"model": "qwen3-coder", "at": "2026-06-02", "dropped": 2}
    assert body["explanation"]["meaning"] == {
        "markdown": "From the model.",
        "html": "<p>From the model.</p>",
        "origin": "ai-assisted",
    }


def test_the_schema_types_the_new_fields(client, db):
    schemas = client.get("/api/schema").json()["components"]["schemas"]
    card_schema = schemas["EntryCard"]["properties"]
    assert {"explanation", "evidence", "review"} <= set(card_schema)
    assert "readOnly" in json.dumps(card_schema["explanation"]) or card_schema["explanation"].get("readOnly")
    assert set(schemas["SiteEvidence"]["properties"]) >= {"path", "line", "conditions", "callers", "function"}
    assert set(schemas["Function"]["properties"]) == {"name", "class", "signature", "doc"}


def test_a_card_sent_back_as_it_was_read_leaves_the_read_only_parts_alone(token_client, db):
    entry = generated_entry()
    body = token_client.get(entry.get_api_url()).json()
    body["meaning"] = "Now the curator's."
    body["explanation"]["meaning"]["markdown"] = "Ignored."
    body["review"]["state"] = "reviewed"
    response = token_client.put(
        entry.get_api_url(),
        body,
        content_type="application/json",
        headers={"If-Match": token_client.get(entry.get_api_url())["ETag"]},
    )
    assert response.status_code == 200, response.content
    entry.refresh_from_db()
    assert entry.meaning == "Now the curator's."
    assert entry.review_state == ErrorEntry.Review.GENERATED
    assert entry.generated["meaning"].startswith("`Func()` was called with")


def test_an_export_with_the_new_fields_imports_again(seed, tmp_path, capsys):
    call_command("export_errors")
    exported = tmp_path / "export.json"
    exported.write_text(capsys.readouterr().out)
    document = json.loads(exported.read_text())
    assert {"explanation", "evidence", "review"} <= set(document["entries"][0])
    ErrorEntry.objects.filter(public_id=CARD).update(meaning="edited")
    call_command("import_errors", str(exported), "--overwrite")
    assert ErrorEntry.objects.get(public_id=CARD).meaning != "edited"
