"""Bidirectional controls and zero-width characters (the "Trojan Source" attack, CVE-2021-42574) are shown on every
page as a visible, marked `<U+202E>`: in a card's message, signature and title, its code snippets and the sections
written from the code, and the lists that name it. No page holds one raw."""

import io
import re

import pytest
from django.core.management import call_command
from django.template import Context, Template

from kb.models import ErrorEntry, RaiseSite
from kb.text.escaping import INVISIBLE, reveal_text
from kb.text.highlight import highlight_snippet
from kb.text.markdown import render_machine_markdown, render_markdown

# Every character that shows nothing yet changes how the text around it reads.
BIDI = [
    "\u061c",
    "\u200e",
    "\u200f",
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\u2061", "\u2062", "\u2063", "\u2064", "\ufeff"]
RLO_MARK = '<mark class="invisible-char" title="U+202E RIGHT-TO-LEFT OVERRIDE">&lt;U+202E&gt;</mark>'
# Code that reads as a comparison with "user" but compares with a longer string (the Trojan Source example).
TROJAN = '''
def check(access_level):
    """Checks the level\u200b of \u202eaccess\u202c."""
    if access_level != "user\u202e \u2066# admin\u2069 \u2066":
        raise PermissionError("Access denied\u202e for\u200b user\u2066s\u2069")
'''


def raw_invisible(html: str) -> list[str]:
    return [f"U+{ord(char):04X}" for char in INVISIBLE.findall(html)]


@pytest.mark.parametrize("char", BIDI + ZERO_WIDTH, ids=lambda c: f"U+{ord(c):04X}")
def test_each_invisible_character_is_shown_in_code_and_in_text(char: str) -> None:
    point = f"U+{ord(char):04X}"
    snippet = highlight_snippet(f"x = 'a{char}b'  # c{char}d\n", first_line=1, marked_lines=[1])
    section = render_machine_markdown(f"In `a{char}b`, a{char}b:\n\n```python\nx = 'a{char}b'\n```")
    for html in (snippet, section):
        assert raw_invisible(html) == []
        assert html.count(f"&lt;{point}&gt;</mark>") == (2 if html is snippet else 3)


def test_a_snippet_marks_the_character_inside_its_token_and_is_pygments_html_around_it():
    snippet = highlight_snippet('if x != "user\u202e":\n    raise E\n', first_line=4, marked_lines=[5])
    assert f'<span class="s2">"user{RLO_MARK}"</span>' in snippet
    plain = highlight_snippet('if x != "user":\n    raise E\n', first_line=4, marked_lines=[5])
    assert snippet.replace(RLO_MARK, "") == plain


def test_in_an_attribute_the_character_is_percent_encoded_and_in_a_title_written_out():
    html = render_markdown('[a\u202eb](https://example.com/x\u202ey "t\u202e")')
    assert raw_invisible(html) == []
    assert 'href="https://example.com/x%E2%80%AEy"' in html and 'title="t%E2%80%AE"' in html
    assert f"a{RLO_MARK}b</a>" in html
    assert reveal_text("a\u202eb\ufeff") == "a<U+202E>b<U+FEFF>"


def test_the_template_filters_escape_the_text_and_mark_the_characters():
    template = Template("{% load kb_extras %}{{ text|visible }}|{{ text|visible_text }}|{{ html|visible_html }}")
    rendered = template.render(Context({"text": "<b>\u202e</b>", "html": "<i>\u2066</i>"}))
    assert rendered == (
        f"&lt;b&gt;{RLO_MARK}&lt;/b&gt;|&lt;b&gt;&lt;U+202E&gt;&lt;/b&gt;|"
        '<i><mark class="invisible-char" title="U+2066 LEFT-TO-RIGHT ISOLATE">&lt;U+2066&gt;</mark></i>'
    )


@pytest.fixture
def trojan(db, git_repo) -> ErrorEntry:
    git_repo.write("access.py", TROJAN)
    git_repo.commit("v1")
    call_command("harvest", str(git_repo.root), "--repo", "acme/access", "--no-progress", stdout=io.StringIO())
    return ErrorEntry.objects.get(exception_type="PermissionError")


def test_a_harvested_card_shows_every_hidden_character_and_holds_none(admin_client, trojan):
    html = admin_client.get(trojan.get_absolute_url()).content.decode()
    assert raw_invisible(html) == []
    message = re.search(r'<pre class="message"><code>(.*?)</code></pre>', html, re.DOTALL)
    assert message and message[1].startswith(f"Access denied{RLO_MARK} for")
    assert f"Signature: <code>Access denied{RLO_MARK}" in html
    title = re.search(r"<title>(.*?)</title>", html, re.DOTALL)
    assert title and "Access denied&lt;U+202E&gt; for&lt;U+200B&gt;" in title[1]
    heading = re.search(r'<h1 class="card-title">(.*?)</h1>', html, re.DOTALL)
    assert heading and RLO_MARK in heading[1]
    snippet = re.search(r'<div class="snippet">(.*?)</pre>', html, re.DOTALL)
    assert snippet and f'"user{RLO_MARK}' in snippet[1]
    assert "user\\u202e \\u2066# admin" in html[html.index('id="when-heading"') :]  # harvest's condition
    assert f"of {RLO_MARK}access" in html[html.index('id="meaning-heading"') :]  # the docstring
    assert "Access denied\\u202e for\\u200b" in html  # the JSON-LD: the same data, escaped


def test_html_stored_before_the_marks_is_marked_when_shown(admin_client, trojan):
    ErrorEntry.objects.filter(pk=trojan.pk).update(
        generated_html={"meaning": "<p>Stored \u202e raw.</p>"}, generated={"meaning": "Stored raw."}
    )
    RaiseSite.objects.filter(entry=trojan).update(snippet_html='<div class="highlight"><pre>x\u2067y</pre></div>')
    html = admin_client.get(trojan.get_absolute_url()).content.decode()
    assert raw_invisible(html) == []
    assert f"<p>Stored {RLO_MARK} raw.</p>" in html
    assert "x<mark" in html and "&lt;U+2067&gt;</mark>y" in html


def test_the_repository_and_search_pages_list_the_card_with_its_characters_shown(admin_client, trojan):
    listing = admin_client.get(trojan.repository.get_absolute_url()).content.decode()
    found = admin_client.get("/search/", {"q": "denied"}).content.decode()
    for html in (listing, found):
        assert raw_invisible(html) == []
    assert RLO_MARK in listing
