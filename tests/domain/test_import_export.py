import json

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry
from tests.samples import CARD


def export(capsys) -> dict:
    call_command("export_errors")
    return json.loads(capsys.readouterr().out)


def test_round_trip_changes_nothing(seed, capsys, tmp_path):
    first = export(capsys)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(first))
    call_command("import_errors", str(path))
    assert "0 created, 0 updated, 6 unchanged" in capsys.readouterr().out
    assert export(capsys) == first


def test_importing_twice_creates_no_duplicates(seed):
    call_command("import_errors", "fixtures/sglang.json")
    assert ErrorEntry.objects.count() == 6


def test_invalid_file_names_entry_and_field_and_writes_nothing(db, tmp_path):
    document = json.load(open("fixtures/sglang.json"))
    document["entries"][3]["kind"] = "catastrophe"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as error:
        call_command("import_errors", str(path))
    assert "entry 4" in str(error.value) and "kind" in str(error.value)
    assert ErrorEntry.objects.count() == 0


def import_errors(capsys, *args: str) -> str:
    call_command("import_errors", *args)
    return capsys.readouterr().out


def curators_edit() -> None:
    """As the admin saves an entry: the whole row, through the ORM."""
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = "A curator's **better** explanation."
    entry.save()


def test_reloading_the_fixtures_keeps_a_curators_edit_and_says_what_it_skipped(seed, capsys):
    capsys.readouterr()
    curators_edit()
    out = import_errors(capsys, "fixtures/sglang.json")
    assert ErrorEntry.objects.get(public_id=CARD).meaning == "A curator's **better** explanation."
    assert "0 created, 0 updated, 5 unchanged" in out
    assert f"skipped 1 existing entry that differs from the file (use --overwrite to replace it): {CARD}" in out


def test_reloading_the_fixtures_keeps_an_edit_made_through_the_api(seed, token_client, capsys):
    response = token_client.patch(
        f"/api/errors/{CARD}", {"trigger": "Edited by a tool."}, content_type="application/json"
    )
    assert response.status_code == 200
    capsys.readouterr()
    out = import_errors(capsys, "fixtures/sglang.json")
    assert ErrorEntry.objects.get(public_id=CARD).trigger == "Edited by a tool."
    assert CARD in out and "--overwrite" in out


def test_reloading_adds_the_entries_that_are_new_and_skips_the_edited_ones(seed, capsys):
    curators_edit()
    capsys.readouterr()
    out = import_errors(capsys, "fixtures/sglang.json", "fixtures/python-projects.json")
    assert out.startswith("36 created, 0 updated, 5 unchanged")
    assert ErrorEntry.objects.count() == 42
    assert ErrorEntry.objects.get(public_id=CARD).meaning == "A curator's **better** explanation."


def test_overwrite_replaces_an_edited_entry_with_the_files(seed, capsys):
    fixture_meaning = ErrorEntry.objects.get(public_id=CARD).meaning
    curators_edit()
    capsys.readouterr()
    out = import_errors(capsys, "fixtures/sglang.json", "--overwrite")
    assert "0 created, 1 updated, 5 unchanged" in out and "skipped" not in out
    assert ErrorEntry.objects.get(public_id=CARD).meaning == fixture_meaning


def test_make_run_loads_the_fixtures_without_overwrite():
    makefile = open("Makefile").read()
    assert "manage.py import_errors fixtures/*.json\n" in makefile


@pytest.mark.parametrize("value", ["before\x00after", "before\ud800after"], ids=["NUL", "lone surrogate"])
@pytest.mark.parametrize("field", ["meaning", "trigger", "situations", "example_fix", "solutions"])
def test_unstorable_text_is_one_line_naming_the_entry_and_field_and_nothing_is_written(db, tmp_path, field, value):
    document = json.load(open("fixtures/sglang.json"))
    document["entries"][2][field] = [value] if field == "solutions" else value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as error:
        call_command("import_errors", str(path))
    message = str(error.value)
    assert "\n" not in message
    assert "entry 3 (5bee5e990cee4c17)" in message and f"{field}:" in message
    assert ErrorEntry.objects.count() == 0
