"""An export carries what harvest and the AI pass wrote, so that importing it gives back the same card: the machine's
sections, whose word the card is, and the evidence. Writes that do not carry it leave it alone."""

import json

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry, RaiseSite


def export(capsys) -> dict:
    call_command("export_errors")
    return json.loads(capsys.readouterr().out)


def without_updated_at(document: dict) -> list[dict]:
    """The cards as they read; a card imported anew is written now."""
    return [{key: value for key, value in card.items() if key != "updated_at"} for card in document["entries"]]


def import_file(tmp_path, document: dict, *args: str) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))
    call_command("import_errors", str(path), *args)


def test_a_generated_card_imported_into_an_empty_catalogue_is_the_same_card_and_still_not_reviewed(
    widgets_harvest, capsys, tmp_path
):
    first = export(capsys)
    ErrorEntry.objects.all().delete()
    import_file(tmp_path, first)
    assert "3 created" in capsys.readouterr().out
    assert without_updated_at(export(capsys)) == without_updated_at(first)
    entry = ErrorEntry.objects.get(message="Widget size must be positive, got -1")
    assert entry.review_state == ErrorEntry.Review.GENERATED
    assert entry.shown("meaning").origin == "generated"
    assert entry.evidence["tests"][0]["name"] == "test_negative_size"
    assert entry.sites.get().evidence["conditions"][0]["code"] == "size < 0"


def test_reimporting_an_export_of_machine_text_changes_nothing(widgets_harvest, capsys, tmp_path):
    first = export(capsys)
    import_file(tmp_path, first)
    assert "0 created, 0 updated, 3 unchanged" in capsys.readouterr().out


def test_an_ai_assisted_card_keeps_its_model_and_its_text(widgets_harvest, capsys, tmp_path):
    entry = ErrorEntry.objects.get(message="Widget size must be positive, got -1")
    entry.assisted = {"meaning": "The size is negative.", "model": "local-7b", "at": "2026-12-01", "dropped": 1}
    entry.review_state = ErrorEntry.Review.AI_ASSISTED
    entry.save()
    first = export(capsys)
    ErrorEntry.objects.all().delete()
    import_file(tmp_path, first)
    again = ErrorEntry.objects.get(public_id=entry.public_id)
    assert again.review_state == ErrorEntry.Review.AI_ASSISTED
    assert again.shown("meaning").origin == "ai-assisted"
    assert "The size is negative." in again.shown("meaning").html


def test_machine_text_in_a_file_is_sanitised_before_it_is_shown(widgets_harvest, capsys, tmp_path):
    document = export(capsys)
    document["entries"][0]["machine"]["generated"]["meaning"] = "Hello <script>alert(1)</script> **there**"
    import_file(tmp_path, document, "--overwrite")
    entry = ErrorEntry.objects.get(public_id=document["entries"][0]["id"])
    html = entry.shown("meaning").html
    assert "<script" not in html and "<strong>there</strong>" in html


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda m: m.update(review_state="approved"), "machine.review_state"),
        (lambda m: m["generated"].update(verdict="fine"), "unknown sections 'verdict'"),
        (lambda m: m["generated"].update(meaning=["not", "text"]), "meaning: expected Markdown text"),
        (lambda m: m["evidence"].update(note="nul \x00 here"), "machine.evidence"),
        (lambda m: m["site_evidence"].append({}), "site_evidence: expected one object per site"),
    ],
)
def test_a_bad_machine_part_names_the_entry_and_field_and_writes_nothing(
    widgets_harvest, capsys, tmp_path, change, problem
):
    document = export(capsys)
    change(document["entries"][1]["machine"])
    before = export(capsys)
    with pytest.raises(CommandError) as error:
        import_file(tmp_path, document, "--overwrite")
    capsys.readouterr()
    assert "entry 2" in str(error.value) and problem in str(error.value)
    assert export(capsys) == before


def test_an_api_write_without_the_machine_part_keeps_the_machine_text_and_site_evidence(widgets_harvest, token_client):
    entry = ErrorEntry.objects.get(message="Widget size must be positive, got -1")
    response = token_client.patch(
        f"/api/errors/{entry.public_id}", {"meaning": "A curator's meaning."}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    entry.refresh_from_db()
    assert entry.generated == {"meaning": "Generated from the code."}
    assert entry.review_state == ErrorEntry.Review.GENERATED
    assert RaiseSite.objects.get(entry=entry).evidence["conditions"][0]["code"] == "size < 0"
    assert response.json()["explanation"]["meaning"]["origin"] == "curated"
