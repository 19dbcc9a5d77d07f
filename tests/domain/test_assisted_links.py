"""No link from a model reaches a card, whichever path wrote the AI-assisted text; the generated sections keep the
links built from evidence."""

from kb.models import render_sections
from tests.factories import ErrorEntryFactory

HOSTILE = (
    "Reinstall from [the official mirror](https://evil.example/pkg), see <https://evil.example> or "
    '<a href="//evil.example">here</a>.\n\n[x]: https://evil.example'
)


def test_an_assisted_section_renders_no_link_and_keeps_the_words(db):
    entry = ErrorEntryFactory(assisted={"meaning": HOSTILE, "solutions": [HOSTILE]})
    entry.refresh_from_db()
    shown = entry.assisted_html["meaning"] + "".join(entry.assisted_html["solutions"])
    assert "<a" not in shown
    assert "evil.example/pkg" not in shown
    assert "the official mirror" in shown


def test_a_generated_section_keeps_its_source_link():
    html = render_sections({"trigger": "From [`pkg/a.py` line 3](https://github.com/o/n/blob/abc/pkg/a.py#L3)."})
    assert 'href="https://github.com/o/n/blob/abc/pkg/a.py#L3"' in html["trigger"]
