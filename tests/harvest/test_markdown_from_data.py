"""Text read from a repository's tree cannot write Markdown of its own into a card: each kind of text (paths,
names, messages, docstrings, test code and names, docs text and paths, conditions, values) shows as written, and
adds no link, no element and no line to the card's sections (the security issue: a directory named
`q1\\n\\n[x1]:https:evil.example\\n\\n[Your token expired][x1]` gave the trigger a link to evil.example)."""

import io
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from kb.cards.explain import generate_sections
from kb.models import ErrorEntry
from kb.text.escaping import code, fenced, link, plain, sentence
from kb.text.markdown import render_machine_markdown
from tests.factories import ErrorEntryFactory, RaiseSiteFactory, RepositoryFactory

COMMIT = "0123456789abcdef0123456789abcdef01234567"
BLOB = "https://github.com/acme/client/blob/"
# Every construct that could make a link, an element or a block of its own, separated by newlines: reference
# definitions and their use, inline links and images, autolinks (CommonMark's and GFM's bare ones), raw HTML, a
# comment, backtick runs, emphasis, a heading, lists, a quote, a table and a rule.
HOSTILE = (
    "q1\n\n[x1]: https://evil.example/ref\n\n[Your token expired][x1]\n\n"
    "[x](https://evil.example/inline) <https://evil.example/auto> https://evil.example/bare www.evil.example "
    '<a href="https://evil.example/raw">raw</a> <script>alert(1)</script> <!-- hidden --> <img src=x> '
    "![img](https://evil.example/img.png) ``` `` ` *em* _em_ **strong** \\\n"
    "# Heading\n- item\n1. item\n> quote\n| a | b |\n|---|---|\n| c | d |\n---\n"
)
# The same without a `<`: such text goes to the other renderer (cmark-gfm, `kb.text.markdown`).
HOSTILE_NO_ANGLE = (
    "q1\r\n\r\n[x1]: https://evil.example/ref\n\n[Your token expired][x1]\n\n[x](https://evil.example/inline) "
    "https://evil.example/bare ![img](https://evil.example/img.png) ```` `` ` *em* __em__\n# Heading\n+ item\n"
    "2) item\n| a | b |\n| --- | --- |\n***\n[y]: https://evil.example 'title'\n[y]\n"
)
# What a directory may be named: no `/` (so no closing tag either), so the link is `https:evil.example`, which a
# browser reads as https://evil.example/ (the form of the reported attack).
HOSTILE_NAME = (
    "q1\n\n[x1]:https:evil.example\n\n[Your token expired][x1]\n\n[x](https:evil.example) <https:evil.example> "
    "<a href=https:evil.example>a <script>x <!-- c --> ``` *em* _em_\n# h\n- i\n| a | b |\n|---|---|\n"
)
# Where each kind of text goes in the evidence harvest keeps: (which record, which field, how it is written there).
SLOTS = {
    "path": ("site", "path", "pkg/{}.py"),
    "directory name": ("site", "path", "{}/core.py"),
    "function name": ("function", "name", "Func.{}"),
    "class name": ("entry", "exception_type", "{}Error"),
    "caller name": ("caller", "function", "Outer.{}"),
    "caller path": ("caller", "path", "pkg/{}.py"),
    "docstring": ("function", "doc", "{}"),
    "test code": ("test", "code", "def test_x():\n    {}\n"),
    "test name": ("test", "name", "Tests.test_{}"),
    "test path": ("test", "path", "tests/{}.py"),
    "docs text": ("doc", "text", "Func: {}"),  # a whole line (a sentence's tail is not quoted alone)
    "docs term": ("doc", "term", "{}"),
    "docs path": ("doc", "path", "docs/{}.rst"),
    "condition": ("condition", "code", "{}"),
    "condition sentence": ("condition", "sentence", "`args` is {}"),
    "condition code in a sentence": ("condition", "sentence", "`{}` holds"),
    "placeholder": ("value", "placeholder", "{}"),
    "value expression": ("value", "expression", "{}"),
}

# Kinds of text a card no longer shows for this evidence (issue 29: it never names what the reader cannot know): the
# exception's class is named through the entry point instead, a private or odd function has no entry point whose
# argument `args` is, and a condition or value that is no reader's name is left out rather than shown as code.
# Not said to the reader (a caller passes values of its own: the card names none; the evidence keeps it).
SAID_LESS = {"class name", "function name", "condition", "value expression", "caller name", "caller path"}


class Elements(HTMLParser):
    """The elements of some HTML, in order, and every URL they point to."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.urls: list[str] = []
        self.text: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [value or "" for name, value in attrs if name in ("href", "src", "action", "srcset")]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def offsite(urls: list[str], *, allowed: tuple[str, ...]) -> list[str]:
    """The URLs that lead anywhere but where the page's own links go: this site's paths and the allowed prefixes
    (a prefix ending in `/` allows the URL without it too)."""
    own = [url for url in urls if url.startswith(("/", "#", "?")) and not url.startswith("//")]
    return [url for url in urls if url not in own and not f"{url}/".startswith(allowed)]


def rendered(sections: dict) -> dict[str, str]:
    """Each section's HTML, as the card shows it (solutions one by one)."""
    html = {}
    for key, value in sections.items():
        for index, text in enumerate(value if isinstance(value, list) else [value]):
            html[f"{key}{index}"] = render_machine_markdown(text)
    return html


def sections_with(kind: str, text: str) -> dict[str, str]:
    """The rendered sections of a card whose evidence holds `text` as the given kind of text, all else ordinary."""
    records: dict[str, dict] = {
        "entry": {"exception_type": "ValueError"},
        "site": {"path": "pkg/core.py", "line": 12, "function": "Func.__init__"},
        "function": {"name": "Func.__init__", "doc": "Builds a call."},
        "condition": {"kind": "if", "code": "len(args) < 2", "sentence": "`args` has fewer than 2 items", "line": 11},
        "value": {"placeholder": "count", "expression": "len(args)"},
        "caller": {"function": "Outer.run", "path": "pkg/outer.py", "line": 5, "level": 1},
        "test": {
            "path": "tests/test_core.py",
            "line": 3,
            "start": 2,
            "name": "Tests.test_too_few",
            "how": "message",
            "code": "def test_too_few():\n    Func(1)\n",
        },
        "doc": {"path": "docs/errors.rst", "line": 4, "term": "Func", "text": "Func takes two arguments."},
    }
    record, field, written = SLOTS[kind]
    records[record][field] = written.format(text)
    repository = RepositoryFactory.build(owner="acme", name="client", url="https://github.com/acme/client")
    entry = ErrorEntryFactory.build(
        repository=repository,
        analysed_commit=COMMIT,
        evidence={"tests": [records["test"]], "docs": [records["doc"]]},
        **records["entry"],
    )
    site = RaiseSiteFactory.build(
        entry=entry,
        commit=COMMIT,
        **records["site"],
        evidence={
            "conditions": [records["condition"]],
            "under_condition": True,
            "values": [records["value"]],
            "parameters": ["args"],
            "function": records["function"],
            "callers": [records["caller"]],
        },
    )
    return rendered(generate_sections(entry=entry, sites=[site]))


@pytest.mark.parametrize("hostile", [HOSTILE, HOSTILE_NO_ANGLE, HOSTILE_NAME], ids=["html", "markdown", "name"])
@pytest.mark.parametrize("kind", SLOTS)
def test_text_of_every_kind_shows_as_written_and_adds_no_link_or_element(kind: str, hostile: str) -> None:
    if "sentence" in kind:  # backticks there are the sentence's own markup for code: one span per pair
        hostile = hostile.replace("`", "'")
    ordinary = sections_with(kind, "ordinary")
    sections = sections_with(kind, hostile)
    if kind in SAID_LESS:
        # Not a name the reader can be told: the card leaves it out, and what it shows adds nothing either.
        template_tags = {t for html in ordinary.values() for t in Elements(html).tags}
        for html in sections.values():
            assert set(Elements(html).tags) <= template_tags | {"span"}, html
            assert offsite(Elements(html).urls, allowed=(BLOB,)) == [], html
        assert "[Your token expired][x1]" not in unescape(" ".join(sections.values()))
        return
    assert sections.keys() == ordinary.keys()
    for name, html in sections.items():
        found, expected = Elements(html), Elements(ordinary[name])
        # Pygments' spans in the test's code follow its tokens; every other element is the template's.
        assert [t for t in found.tags if t != "span"] == [t for t in expected.tags if t != "span"], (name, html)
        assert offsite(found.urls, allowed=(BLOB,)) == [], (name, html)
        assert len(found.urls) == len(expected.urls)
    shown = unescape(" ".join("".join(Elements(html).text) for html in sections.values()))
    assert "[Your token expired][x1]" in shown


def test_a_path_with_newlines_stays_inside_its_link():
    markdown = link(code("q1\n\n[x1]:https:evil.example\n\n"), f"{BLOB}{COMMIT}/q1\n\n[x1]:https:evil.example\n\n#L1")
    assert "\n" not in markdown
    html = render_machine_markdown(f"At {markdown}, in `f`.\n\n[Your token expired][x1]")
    [href] = Elements(html).urls
    assert href.startswith(f"{BLOB}{COMMIT}/q1%0A%0A%5Bx1%5D:https:evil.example%0A%0A")
    assert "[Your token expired][x1]" in html


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/a/b/blob/c/x (1).py",
        "https://github.com/a/b/blob/c/x)y](https://evil.example)",
        "https://github.com/a/b/blob/c/<x>\\`y`\r\n&quot;\x00\u202e.py",
    ],
)
def test_a_link_destination_has_no_character_markdown_reads(url: str) -> None:
    markdown = link("label", url)
    destination = markdown.removeprefix("[label](").removesuffix(")")
    assert not set(destination) & set(" \t\r\n()[]<>\\`\"'&\x00\u202e")
    [href] = Elements(render_machine_markdown(markdown)).urls
    assert urlsplit(href).netloc == "github.com"


def test_code_spans_and_fences_are_longer_than_any_backtick_run_inside():
    assert code("a ``` b") == "````a ``` b````"
    assert code("`x`") == "`` `x` ``"
    assert code("") == ""  # an empty span would be an unclosed fence that pairs with a later one
    assert fenced("s = '''\n````\n'''").startswith("`````python\n")
    html = render_machine_markdown(f"{code('')} then {code('a``b')} and `x` *y*")
    assert Elements(html).tags == ["p", "code", "code", "em"]


def test_plain_text_and_sentences_fold_newlines_and_escape_markup():
    assert "\n" not in plain("a\n\n# b\r\n- c") and "\n" not in sentence("`a\nb` is\n\n# c")
    assert Elements(render_machine_markdown(plain(HOSTILE))).tags == ["p"]
    assert Elements(render_machine_markdown(sentence(HOSTILE.replace("`", "")))).tags == ["p"]


def test_a_path_climbing_out_of_the_repository_is_not_linked():
    sections = sections_with("path", "../../../evil/repo/blob/main/x")
    assert "href" not in sections["trigger0"]
    assert "evil/repo/blob/main/x.py" in sections["trigger0"]


# A tree whose directory, docs, test and raise carry the hostile text, harvested as a repository would be.
CLIENT = '''
class ClientError(Exception):
    pass


class Client:
    def connect(self, url):
        """Connects.

        [x1]: https://evil.example/doc
        [Your token expired][x1] <a href="https://evil.example/">here</a> *now*
        """
        if url == "[x](https://evil.example/cond)\\n\\n<script>alert(1)</script> ``` _em_":
            raise ClientError(f"Token expired [x](https://evil.example/msg) <script>alert(1)</script> {url}")
'''
CLIENT_TEST = """
import pytest

from {module}.client import Client, ClientError


def test_token__expired__x1_():
    # ``` </code></pre> [x](https://evil.example/test) <script>alert(1)</script>
    with pytest.raises(ClientError, match="Token expired"):
        Client().connect("[x](https://evil.example/cond)\\n\\n<script>alert(1)</script> ``` _em_")
"""
DOCS = (
    "Errors\n======\n\nClientError: [Your token expired](https://evil.example/docs) <script>alert(1)</script> "
    "``` https://evil.example/bare *em*\n"
)
# What the page itself may create from a card: its template's own elements, never these.
FOREIGN = {"script", "img", "iframe", "em", "strong", "table", "blockquote", "h4", "h5", "h6", "hr", "object"}


@pytest.fixture
def hostile_tree(db, git_repo):
    git_repo.write("pyproject.toml", "[project]\nname = 'client'\n")
    git_repo.write("client/__init__.py", "")
    git_repo.write(f"client/{HOSTILE_NAME}/__init__.py", "")
    git_repo.write(f"client/{HOSTILE_NAME}/client.py", CLIENT)
    git_repo.write(f"tests/{HOSTILE_NAME}/test_client.py", CLIENT_TEST.replace("{module}", "client.x"))
    git_repo.write(f"docs/{HOSTILE_NAME}/errors.rst", DOCS)
    git_repo.sha = git_repo.commit("v1")
    call_command("harvest", str(git_repo.root), "--repo", "acme/client", "--no-progress", stdout=io.StringIO())
    return git_repo


def card(admin_client, entry: ErrorEntry) -> str:
    response = admin_client.get(entry.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_a_harvested_card_of_a_hostile_tree_links_only_to_the_repository(admin_client, hostile_tree):
    entry = ErrorEntry.objects.get(exception_type__endswith=".ClientError")
    generated = entry.generated
    assert {"trigger", "situations", "how_to_trigger", "documentation"} <= generated.keys()
    for text in (entry.generated_html or {}).values():
        assert offsite(Elements(str(text)).urls, allowed=(BLOB,)) == []
    html = card(admin_client, entry)
    page = Elements(html)
    assert offsite(page.urls, allowed=("https://github.com/acme/client/", "http://testserver/")) == []
    assert not FOREIGN & set(page.tags) - {"script"}
    assert html.count("<script") == 1 and '<script type="application/ld+json">' in html  # the page's own
    assert page.tags.count("h1") == 1
    shown = unescape("".join(page.text))
    assert "[Your token expired][x1]" in shown  # the directory's name, in the trigger and the sources
    assert "Token expired [x](https://evil.example/msg) <script>alert(1)</script>" in shown  # the message
    assert "[Your token expired](https://evil.example/docs) <script>alert(1)</script>" in shown  # the docs line
    assert "test_token__expired__x1_" in shown  # the test's name
    assert 'Client().connect("[x](https://evil.example/cond)' in shown  # the test's call, as code


def test_the_json_card_of_a_hostile_tree_links_only_to_the_repository(admin_client, hostile_tree):
    entry = ErrorEntry.objects.get(exception_type__endswith=".ClientError")
    body = admin_client.get(entry.get_api_url()).json()
    htmls = [value["html"] for value in body.values() if isinstance(value, dict) and "html" in value]
    htmls += [str(value) for value in (entry.generated_html or {}).values()]
    assert htmls
    for html in htmls:
        assert offsite(Elements(html).urls, allowed=(BLOB,)) == []
        assert not FOREIGN & set(Elements(html).tags)


def test_a_file_name_with_a_hash_a_question_mark_or_a_percent_stays_in_the_path():
    [href] = Elements(sections_with("path", "a#b?c%2e%2e")["trigger0"]).urls
    assert href == f"{BLOB}{COMMIT}/pkg/a%23b%3Fc%252e%252e.py#L12"
