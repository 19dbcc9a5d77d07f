import json

import pytest
from django.core.management import CommandError, call_command

from kb.models import ErrorEntry


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
