"""Machine-written sections (harvest's, the AI pass's) render as CommonMark, safely, whichever renderer takes them:
cmark-gfm for speed, markdown-it where the text could hold raw HTML (which it shows as text)."""

import re
from pathlib import Path

import pytest
import rest_framework
from markdown_it import MarkdownIt

from kb.harvest import Target, harvest
from kb.models import ErrorEntry
from kb.text import markdown
from kb.text.highlight import highlight_block
from kb.text.markdown import render_machine_markdown, sanitize_html
from tests.counted_work import python_calls, stall_guard

REFERENCE = MarkdownIt("commonmark", {"html": False, "highlight": highlight_block}).enable("table")


def as_markdown_it_renders(text: str) -> str:
    return sanitize_html(REFERENCE.render(text)).rstrip("\n")


def section_texts(entry: ErrorEntry) -> list[str]:
    texts = []
    for key, value in entry.generated.items():
        if key == "solutions":
            texts += [str(item) for item in value]
        elif key in ErrorEntry.SECTIONS:
            texts.append(value)
    return texts


@pytest.mark.django_db
def test_sections_harvested_from_a_real_package_render_as_markdown_it_renders_them():
    root = Path(rest_framework.__file__).parent
    target = Target(root=root, owner="encode", name="django-rest-framework", commit="1", prefix="rest_framework")
    harvest(target=target, progress=False)
    texts = [text for entry in ErrorEntry.objects.all() for text in section_texts(entry)]
    assert len(texts) > 400  # the cards say less where the evidence cannot say it in the reader's terms
    assert [render_machine_markdown(text) for text in texts] == [as_markdown_it_renders(text) for text in texts]


def test_raw_html_a_model_writes_is_shown_as_text():
    html = render_machine_markdown("Pass the module as `<module>`, not <module> or <b>bold</b>.")
    assert "&lt;module&gt;</code>" in html
    assert "not &lt;module&gt; or &lt;b&gt;bold&lt;/b&gt;" in html


def test_fenced_python_is_highlighted_and_other_languages_are_escaped():
    text = "Like this:\n\n```python\nraise ValueError('a & b')\n```\n\n```sh\necho $x && rm\n```"
    html = render_machine_markdown(text)
    assert '<pre class="highlight"><code><span class="k">raise</span>' in html
    assert "&amp;" in html
    assert '<code class="language-sh">echo $x &amp;&amp; rm\n</code>' in html


def test_tables_keep_their_alignment():
    html = render_machine_markdown("| name | count |\n|:-----|------:|\n| a | 1 |")
    assert '<th align="left">name</th>' in html
    assert '<td align="right">1</td>' in html


@pytest.mark.parametrize(
    "text",
    [
        "[click](javascript:alert(1))",
        "[click](JaVaScRiPt:alert(1))",
        "[click][x]\n\n[x]: javascript:alert(1)",
        "![x](javascript:alert(1))",
        "[click](vbscript:msgbox)",
        "[click](data:text/html;base64,PHNjcmlwdD4=)",
    ],
)
def test_no_script_link_survives(text):
    html = render_machine_markdown(text)
    assert "javascript" not in html.lower()
    assert "vbscript" not in html.lower()
    assert "data:" not in html


def test_links_are_kept_and_marked_nofollow():
    html = render_machine_markdown("See [the code](https://github.com/a/b/blob/1/x.py#L3).")
    assert '<a href="https://github.com/a/b/blob/1/x.py#L3" rel="nofollow noopener noreferrer">the code</a>' in html


KIB = 1024
ADVERSARIAL = {
    "open brackets": "[" * (64 * KIB),
    "open emphasis": "*a " * (64 * KIB // 3),
    "backtick runs": "".join("`" * n + " " for n in range(1, 360))[: 64 * KIB],
    "nested quotes": "> " * (32 * KIB),
    "nested lists": "".join("  " * n + "- x\n" for n in range(180))[: 64 * KIB],
    "link openers": "[a](" * (16 * KIB),
    "entities": "&#" * (32 * KIB),
    "table pipes": ("|" * 200 + "\n") * 300,
}


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_adversarial_64_kib_texts_render_in_linear_time(name):
    text = ADVERSARIAL[name]
    small = text[: len(text) // 8]
    for variant in (text, "<" + text):  # both renderers
        render_machine_markdown(variant[: len(small)])  # whatever is set up once (patterns, caches) is not counted
        with stall_guard():
            small_calls = python_calls(render_machine_markdown, variant[: len(small)])
            calls = python_calls(render_machine_markdown, variant)
        # Linear: eight times the text, about eight times the calls (quadratic would be sixty-four). The seconds are
        # bench/linear_bench.py's.
        assert calls < 12 * small_calls, f"{calls} calls at 64 KiB, {small_calls} at 8"


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("> " * 20 + "quoted", True),  # a first line nested forty characters deep
        ("A note.\n" + "- " * 20 + "item", True),  # a later line
        ("A note, then " + "- " * 20 + "item", False),  # forty markers inside a line start no block
        ("A note.\r" + "- " * 20 + "item", False),  # `^` of re.MULTILINE follows a newline only
    ],
)
def test_a_line_nested_forty_markers_deep_is_found_where_multiline_caret_finds_it(text: str, deep: bool) -> None:
    multiline = re.compile(r"^[ \t>*+\-\d.)]{40}", re.MULTILINE).search(text) is not None
    led = markdown._DEEP_NESTING_FIRST.match(text) is not None or markdown._DEEP_NESTING.search(text) is not None
    assert multiline is deep
    assert led is deep
