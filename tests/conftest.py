import pytest
from django.core.management import call_command


@pytest.fixture
def seed(db) -> None:
    call_command("import_errors", "fixtures/sglang.json")
