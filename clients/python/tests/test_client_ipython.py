"""`%load_ext errorkb` in a real IPython shell: IPython's traceback of the cell, then the card; `%unload_ext`
puts IPython's own handling back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from errorkb_fake_server import MESSAGE, TITLE, FakeServer

FAILING = f"""
class FieldError(Exception):
    pass

def index():
    password = "hunter2"
    raise FieldError({MESSAGE!r})

index()
"""


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    yield fake
    fake.close()


def test_ipython_prints_the_card_after_its_traceback(
    server: FakeServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("IPython")
    from IPython import get_ipython
    from IPython.testing.globalipapp import start_ipython

    shell = start_ipython() or get_ipython()  # the one shell of this process, started by the first test
    monkeypatch.setenv("ERRORKB_URL", server.url)
    monkeypatch.setenv("ERRORKB_TIMEOUT", "60")  # a loaded machine answers slowly
    shell.run_line_magic("load_ext", "errorkb")
    shell.run_cell(FAILING)
    shell.run_line_magic("unload_ext", "errorkb")
    shell.run_cell(FAILING)
    shown = capsys.readouterr()
    output = shown.out + shown.err
    assert output.count(f"FieldError: {MESSAGE}") >= 2
    assert output.count(f"errorkb: {TITLE}") == 1
    assert len(server.received) == 1
    sent = server.received[0].json()["text"]
    assert "interactiveshell" not in sent and "hunter2" not in sent
    assert sent.endswith(f"FieldError: {MESSAGE}\n") and ", in index\n" in sent


def test_install_in_a_running_ipython_handles_its_cells_too(
    server: FakeServer, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("IPython")
    from IPython import get_ipython
    from IPython.testing.globalipapp import start_ipython

    import errorkb

    shell = start_ipython() or get_ipython()  # the one shell of this process, started by the first test
    errorkb.install(url=server.url)
    try:
        shell.run_cell(FAILING)
    finally:
        errorkb.uninstall()
    shell.run_cell(FAILING)
    shown = capsys.readouterr()
    assert (shown.out + shown.err).count(f"errorkb: {TITLE}") == 1
    assert len(server.received) == 1
