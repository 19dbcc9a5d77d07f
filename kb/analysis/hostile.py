"""What a hostile answer hides in its prose, found and taken out before its claims are checked: links (no link on a
card comes from a model: the card's links are built from evidence), raw HTML, and instructions aimed at the reader
(pay, paste your token, reinstall from a mirror, ignore previous instructions).

A model's text reaches readers through Markdown, so everything here is read as CommonMark reads it: code spans pair
backtick runs of equal length, and a backslash escapes the next character outside them. `neutralise` escapes every
`[`, `]` and `<` outside code spans, so that whatever the patterns miss cannot become a link, an autolink or a tag;
`links_rendered` is the last word, asked of the very renderer the card uses.

Every pattern reads a model's output: linear by construction (possessive or bounded repeats; a repeat that starts a
match is anchored by a look-behind, so it is tried once per run, not once per character)."""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import urlsplit

# A URL with a scheme (`https://…`, `ftp://…`), a `javascript:`, `data:` or `mailto:` one, or one starting `www.`.
SCHEME_URL = re.compile(r"(?i)(?<![\w+.-])[a-z][\w+.-]{0,30}+://[^\s<>`]*+")
SCRIPT_URL = re.compile(r"(?i)(?<![\w+.-])(?:javascript|vbscript|data|mailto|file):[^\s<>`]++")
WWW_URL = re.compile(r"(?i)(?<![\w.-])www\.[^\s<>`]++")
URLS = (SCHEME_URL, SCRIPT_URL, WWW_URL)
# `[text](destination)` and `![alt](destination)`, one level of parentheses in the destination; `[text][label]`.
INLINE_LINK = re.compile(r"(!?)\[([^\[\]\n]*+)\]\([^()\n]*+(?:\([^()\n]*+\)[^()\n]*+)*+\)")
REFERENCE_LINK = re.compile(r"(!?)\[([^\[\]\n]*+)\]\[[^\[\]\n]*+\]")
# `[label]: destination "title"`: a reference definition, wherever the sentence splitter left it.
DEFINITION = re.compile(r"\[[^\[\]\n]*+\]:[ \t]*+\S*+(?:[ \t]++(?:\"[^\"\n]*+\"|'[^'\n]*+'|\([^()\n]*+\)))?")
AUTOLINK = re.compile(r"<(?:[A-Za-z][\w+.-]{0,30}+:[^\s<>]*+|[^\s<>@]++@[^\s<>]++)>")
# An HTML tag whose name HTML knows (`<a href=…>`, `</a>`, `<img …/>`); `<module>` or `<lambda>` is Python's and
# stays, escaped.
HTML_TAG = re.compile(r"</?+([A-Za-z][A-Za-z0-9]{0,15}+)(?:[\s/][^<>]*+)?>")
BARE_TAG = re.compile(r"</?+[A-Za-z][A-Za-z0-9]{0,15}+\s*+/?+>")  # no attributes: `<p>`, `</b>`, `<br/>`
HTML_NAMES = frozenset(
    "a abbr address area article aside audio b base bdi bdo big blockquote body br button canvas caption center cite "
    "code col dd del details dfn dialog div dl dt em embed fieldset figure font footer form frame frameset h1 h2 h3 h4 "
    "h5 h6 head header hr html i iframe img input ins kbd label legend li link main map mark marquee meta meter nav "
    "noscript object ol optgroup option output p param picture pre progress q s samp script section select small "
    "source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr "
    "track u ul var video wbr".split()
)

# Instructions no error's explanation gives, whatever names they use: dropped always. One pattern (case-insensitive),
# so that a long answer is searched once: injected instructions, money, credentials, fetching from elsewhere,
# contacting someone, a download piped to a shell.
_UNTIL = r"[^.!?\n]{0,60}?"
_INSTRUCTIONS = (
    rf"\b(?:ignore|disregard|forget|override|bypass)\b{_UNTIL}\b(?:instructions?|prompts?|rules|guidelines"
    r"|directions|context)\b|\bsystem prompt\b|\byou are now\b|\bnew instructions\b|\bas an ai\b",
    rf"\b(?:pay|donate|tip|transfer|send)\b{_UNTIL}(?:[$€£]|\b(?:btc|eth|usdt?|usd|eur|bitcoins?|crypto\w*+"
    r"|wallet|paypal|venmo|dollars?|euros?)\b)|\b(?:donat\w*+|bitcoins?|btc|paypal|patreon|ko-fi|wallet address"
    r"|seed phrase|gift cards?)\b|\bsupport (?:us|the (?:project|authors?|maintainers?|developers?))\b",
    rf"\b(?:paste|send|share|enter|post|submit|upload|give|email|provide|type|reveal|tell)\b{_UNTIL}\byour\b"
    r"[^.!?\n]{0,30}?\b(?:tokens?|passwords?|passphrases?|api[ _-]?keys?|keys?|secrets?|credentials?|cookies?"
    r"|sessions?|seeds?|2fa|otp|logins?)\b",
    rf"\b(?:download|install|reinstall|fetch|obtain|upgrade|visit|browse|navigate|click)\b{_UNTIL}"
    r"\b(?:mirrors?|sites?|website|web ?pages?|pages?|links?|urls?|servers?|domains?|channels?|here|official)\b"
    r"|\bofficial (?:mirror|site|website|download|build|package|release)s?\b",
    r"\b(?:contact|email|e-mail|dm|call|whatsapp|telegram|discord)\b[^.!?\n]{0,20}?"
    r"\b(?:us|me|our team|support|the (?:team|authors?|maintainers?))\b",
    r"\b(?:curl|wget|iwr|invoke-webrequest|invoke-expression|iex|certutil)\b|\|[ \t]*+(?:sudo[ \t]++)?"
    r"(?:ba|z|k|da)?sh\b|\bbase64[ \t]++(?:-d|--decode)\b",
)
INSTRUCTION = re.compile("|".join(f"(?:{source})" for source in _INSTRUCTIONS), re.IGNORECASE)
# The words an instruction above begins with: a text with none of them is not searched (the one pattern tries
# every alternative at every word, slow on a 64 KiB answer however linear).
_OPENING_WORDS = frozenset(
    "ignore disregard forget override bypass system you new as pay donate donation donations donating tip transfer "
    "send btc bitcoin bitcoins paypal patreon ko wallet seed gift gifts support paste share enter post submit upload "
    "give email provide type reveal tell download install reinstall fetch obtain upgrade visit browse navigate click "
    "official contact mail dm call whatsapp telegram discord curl wget iwr invoke iex certutil sh bash zsh ksh dash "
    "base64".split()
)
# Verbs that send the reader somewhere or make them act: kept only when every name in the sentence is checked.
READER_VERBS = frozenset(
    "download install reinstall uninstall upgrade downgrade update visit open click browse navigate go run execute "
    "send email contact follow subscribe join register sign log trust paste share enter submit upload clone fetch "
    "disable delete pay buy ignore".split()
)
_LOWER_WORD = re.compile(r"[a-z0-9]++")
# A word that names something by its form: CamelCase or inner capitals (PyPI), ALL CAPS, letters with digits, or a
# dot, @, colon or slash inside it (a host, an address).
WORD = re.compile(r"[\w@:/.-]++")
_SPACES = re.compile(r"[ \t]{2,}+")


@dataclass
class Unlinked:
    text: str
    links: list[str] = field(default_factory=list)  # what was taken out, for the report: "link to evil.example"
    # Taken out with nothing left in its place (a bare URL, an autolink, an image, a definition): what is left of
    # the sentence is a fragment ("example `" `"), not a claim.
    gaps: int = 0


def unlink(text: str) -> Unlinked:
    """The text with its links, images, reference definitions, autolinks, bare URLs and HTML tags taken out; a
    link's text stays, to be checked like the rest. A URL in a code span is code text, not a link: it stays, for
    the verifier to judge."""
    taken: list[str] = []
    gaps = 0

    def link(match: re.Match[str]) -> str:
        nonlocal gaps
        taken.append(link_to(match.group()))
        gaps += match.group(1) != ""
        return match.group(2) if match.group(1) == "" else ""

    def dropped(match: re.Match[str]) -> str:
        nonlocal gaps
        taken.append(link_to(match.group()))
        gaps += 1
        return " "

    def tag(match: re.Match[str]) -> str:
        # A bare `<p>` or `</b>` is kept as the text it is (escaped later, `neutralise`): in an answer it is far more
        # often a placeholder (`No page '<p>'`, `<input>`) than markup, and taking it out made a card say "No page
        # ' '" (round 18, card 14). A tag with attributes is markup, and goes.
        if match.group(1).lower() not in HTML_NAMES or BARE_TAG.fullmatch(match.group()):
            return match.group()
        taken.append("HTML")
        return " "

    text = INLINE_LINK.sub(link, text)
    # `settings_dict["OPTIONS"]["pool"]` in a code span is code, not a reference link (round 23, card 15).
    text = _outside_spans(text, partial(REFERENCE_LINK.sub, link))
    text = DEFINITION.sub(dropped, text)
    text = _outside_spans(text, lambda part: AUTOLINK.sub(dropped, part))  # `path("<int:pk>/")` is code, not a link
    for pattern in URLS:
        text = _outside_spans(text, partial(pattern.sub, dropped))
    text = HTML_TAG.sub(tag, text)
    if taken:
        text = _SPACES.sub(" ", text).replace(" .", ".").replace(" ,", ",").replace("( )", "").strip()
    return Unlinked(text, taken, gaps)


def link_to(found: str) -> str:
    """`link to <host>` for the report, the host alone: a hostile URL's path is not worth printing."""
    target = found
    if "](" in found:
        target = found.rsplit("](", 1)[1]
    elif "]:" in found:
        target = found.split("]:", 1)[1].strip()
    target = target.strip("<>() \t").split()[0] if target.strip("<>() \t") else ""
    if target.lower().startswith("www."):
        target = "//" + target
    try:
        host = urlsplit(target).hostname or ""
    except ValueError:
        host = ""
    return f"link to {host[:60]}" if host else "link"


def instruction(text: str) -> bool:
    """True when the text tells the reader to do what no error's explanation asks: pay, hand over a credential,
    fetch from elsewhere, pipe a download to a shell, contact someone, or ignore their instructions."""
    if _words(text).isdisjoint(_OPENING_WORDS):
        return False
    return INSTRUCTION.search(text) is not None


def aimed_at_reader(text: str) -> bool:
    """Whether the text uses a verb that sends the reader somewhere or makes them act (`run`, `install`, `send`)."""
    return not _words(text).isdisjoint(READER_VERBS)


def _words(text: str) -> set[str]:
    return set(_LOWER_WORD.findall(text.lower()))


def name_like_words(prose: str) -> list[str]:
    """The words of a sentence (its code spans already blanked) that name something by their form; the first word
    of the sentence is a capital by grammar, not by name."""
    words = WORD.findall(prose.lstrip(" \t-*+>#0123456789.)"))
    named = []
    for index, word in enumerate(words):
        word = word.strip(".:-/")
        if not word or word.isdigit():
            continue
        inner = word[1:]
        if (
            any(mark in word for mark in "@:/.")
            or any(char.isupper() for char in inner)
            or (any(char.isdigit() for char in word) and any(char.isalpha() for char in word))
            or (index > 0 and word[0].isupper())
        ):
            named.append(word)
    return named


_RUN = re.compile(r"`++")
_ESCAPE_OR_RUN = re.compile(r"\\[\s\S]|`++")
_ESCAPE_OR_OPENER = re.compile(r"(\\[\s\S])|([\[\]<])")


def backtick_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each code span as CommonMark finds it: a backtick run not escaped by a backslash opens one
    when a later run of exactly its length closes it; otherwise its backticks are text. One pass: the closing run
    is looked up among the runs of its length, each list read once."""
    runs: dict[int, list[int]] = {}
    for run in _RUN.finditer(text):
        runs.setdefault(len(run.group()), []).append(run.start())
    read = dict.fromkeys(runs, 0)
    spans: list[tuple[int, int]] = []
    position = 0
    while (match := _ESCAPE_OR_RUN.search(text, position)) is not None:
        start, end = match.span()
        size = end - start
        if text[start] == "\\" or size not in runs:
            position = end  # an escaped character, or a run (after an escaped backtick) no run of its length follows
            continue
        starts = runs[size]
        while read[size] < len(starts) and starts[read[size]] < end:
            read[size] += 1
        if read[size] < len(starts):
            close = starts[read[size]] + size
            spans.append((start, close))
            position = close
        else:
            position = end  # no run of its length follows: these backticks are text
    return spans


def _outside_spans(text: str, change: Callable[[str], str]) -> str:
    """`change` applied to the text between code spans, the spans left as they are."""
    out: list[str] = []
    position = 0
    for start, end in [*backtick_spans(text), (len(text), len(text))]:
        out.append(change(text[position:start]))
        out.append(text[start:end])
        position = end
    return "".join(out)


def neutralise(text: str) -> str:
    """`[`, `]` and `<` escaped outside code spans: no link, autolink, reference definition or tag can begin."""
    out: list[str] = []
    position = 0
    for start, end in [*backtick_spans(text), (len(text), len(text))]:
        out.append(_ESCAPE_OR_OPENER.sub(_escape, text[position:start]))
        out.append(text[start:end])
        position = end
    return "".join(out)


def _escape(match: re.Match[str]) -> str:
    return match.group(1) or "\\" + match.group(2)  # an escape already there stays as it is: `\[` stays one


_RENDERED_LINK = re.compile(r"<a[\s>]")


def links_rendered(markdown: str) -> bool:
    """Whether the card's own renderer would make a link of this text: the check that does not depend on reading
    Markdown exactly as the renderer does."""
    from kb.text.markdown import render_machine_markdown

    return _RENDERED_LINK.search(render_machine_markdown(markdown)) is not None
