"""An answer read, held to the schema, and every claim in it checked: a sentence, a list item, a code block or a
solution that names an identifier, flag, setting, file or function errorkb does not know is dropped and counted.

Every answer is treated as hostile. Besides names that do not check out, a claim is dropped and counted when it
names nothing the evidence holds (a sentence that is not about this error is not a checked claim: "Pay 1 BTC to
support"), or when it is an instruction to the reader (`kb.analysis.hostile`: pay, paste your token, reinstall from
a mirror, ignore previous instructions; other imperatives only when a name in them does not check out). No link
comes from a model: links, images, reference definitions, bare URLs and raw HTML are taken out of the prose (a
link's text is kept when it passes), what is left cannot begin a link (`hostile.neutralise`), and a section the
card's renderer would still make a link of loses the blocks that do.

Everything here reads a model's output, so every pattern is linear (possessive repeats) and the scanners are single
passes."""

import ast
import re
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from kb.analysis import facts, hostile
from kb.analysis.prompt import ANSWER_SCHEMA, TEXT_SECTIONS
from kb.analysis.vocabulary import FLAG, IDENTIFIER, Vocabulary
from kb.runtime.jsonsafe import JSONTooDeep, loads_bounded

# An answer longer than this is not one we asked for (the schema bounds each section).
LARGEST_ANSWER = 256 * 1024

URL = re.compile(r"https?+://\S++")
# File kinds a claim names by path; `.json` is left out, since `response.json` is far more often an attribute.
EXTENSIONS = ("pyi", "py", "rst", "txt", "md", "cfg", "toml", "ini", "yaml", "yml", "html", "sh")
_EXTENSIONS = f"(?:{'|'.join(EXTENSIONS)})"
PATH = re.compile(rf"(?<![\w/.-])(?:[\w.-]++/)*+[\w-]++\.{_EXTENSIONS}(?![\w/])")
DOTTED = re.compile(r"(?<![\w.])[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)++")
# `name()`, or `snake_name(`: prose writes "error(s)" too. Dotted calls are checked as dotted names.
CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*+)\((\)?)")
SETTING = re.compile(r"(?<![\w.])[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++(?![\w.])")
FILE_NAME = re.compile(rf"(?<![\w-])(?<![\w-]\.)(?:[\w-]++\.)++{_EXTENSIONS}")
PYTHON_LANGUAGES = {"", "python", "py", "python3", "pycon"}
# What an example stands in for, not a name: `<app_label>`, `OLD_NAME`, `YOUR_APP`, `MY_SETTING`.
ANGLE_PLACEHOLDER = re.compile(r"<[A-Za-z_][\w-]{0,40}+>")
PLACEHOLDER_WORDS = frozenset("YOUR MY OLD NEW SOME EXAMPLE FOO BAR BAZ PLACEHOLDER ANOTHER OTHER".split())
# Abbreviations a sentence goes on after.
ABBREVIATIONS = re.compile(r"(?i)(?<![\w.])(?:e\.g|i\.e|etc|cf|vs|approx|incl|resp)\.$")
FENCE = re.compile(r"(?:(?<!\s)\s++)?+(?:```|~~~)")
BULLET = re.compile(r"(?:(?<!\s)\s++)?+(?!(?<=\d)\d)(?:[-*+]|\d++[.)])\s")


# A fence as CommonMark reads one (at most three spaces in; a backtick fence's info string has no backtick), and the
# line that closes it (the same character, at least as many, nothing after): a line that only looks like a fence is
# prose, checked as prose, since the card renders it so.
OPENING_FENCE = re.compile(r" {0,3}+(?:(`{3,}+)[^`]*+|(~{3,}+).*+)")
CLOSING_FENCE = re.compile(r" {0,3}+(`{3,}+|~{3,}+)[ \t]*+")


class BadAnswer(Exception):
    """An answer that cannot be used at all: the entry is left as it was."""


@dataclass
class Checked:
    sections: dict[str, str]
    solutions: list[str]
    dropped: int = 0
    unknown: list[str] = field(default_factory=list)  # what did not check out, each once, in order
    # The claims dropped for a name (or a pair, or a condition) that did not check out, with why: what a repair
    # request lists. Instructions, links and unanchored sentences are never sent back.
    unchecked: list[tuple[str, list[str]]] = field(default_factory=list)
    left_empty: list[str] = field(default_factory=list)  # sections the answer left blank on purpose
    related: list[str] = field(default_factory=list)  # the answer's related errors, by message or id, unresolved

    @property
    def empty(self) -> bool:
        return not any(self.sections.values()) and not self.solutions


def read_answer(content: str) -> dict[str, Any]:
    """The answer's JSON object, held to `ANSWER_SCHEMA`; BadAnswer says why not."""
    text = content.strip()
    if len(text) > LARGEST_ANSWER:
        raise BadAnswer(f"the answer is longer than {LARGEST_ANSWER // 1024} KiB")
    if text.startswith(("```", "~~~")):
        # Some servers ignore response_format and fence the JSON; the object inside is still the answer.
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rstrip().removesuffix("```").removesuffix("~~~")
    if not text:
        raise BadAnswer("empty answer")
    try:
        answer = loads_bounded(text)
    except JSONTooDeep as too_deep:
        raise BadAnswer(f"refused: {too_deep}") from None
    except (ValueError, RecursionError) as error:
        raise BadAnswer(f"not JSON ({error})") from None
    if isinstance(answer, dict):
        answer.setdefault("related", [])  # asked for, but an answer without it is still an answer
    problem = schema_problem(answer)
    if problem:
        raise BadAnswer(f"wrong schema: {problem}")
    if not any(answer[name].strip() for name in TEXT_SECTIONS) and not any(s.strip() for s in answer["solutions"]):
        raise BadAnswer("empty answer: every section is blank")
    return answer


# jsonschema validates; these say what broke in the words of the analysis report, never echoing the (possibly
# huge) value itself.
_VALIDATOR = Draft202012Validator(ANSWER_SCHEMA)
_KINDS = {"object": "an object", "array": "a list", "string": "a string"}


def schema_problem(value: object) -> str:
    """The most relevant way `value` breaks ANSWER_SCHEMA, or ""."""
    error = best_match(_VALIDATOR.iter_errors(value))
    if error is None:
        return ""
    where = "answer" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path)
    rule, bound = error.validator, error.validator_value
    instance: Any = error.instance
    if rule == "type":
        return f"{where} is not {_KINDS.get(str(bound), str(bound))}"
    if rule == "required":
        missing = [key for key in bound if key not in instance]
        return f"{where} has no {missing[0]!r}"
    if rule == "additionalProperties":
        extra = sorted(set(instance) - set(error.schema.get("properties", {})))
        return f"{where} has unexpected keys {', '.join(map(repr, extra[:5]))}"
    if rule == "maxItems":
        return f"{where} has more than {bound} items"
    if rule == "maxLength":
        return f"{where} is longer than {bound} characters"
    return f"{where} breaks the schema's {rule!r} rule"


# How a dropped claim that names nothing unknown is recorded beside the names that did not check out.
UNANCHORED = "a sentence naming nothing in the evidence"
CONTRADICTS = "contradicts the code:"
# The sections that say when the error is raised: their claimed conditions are held to the code's.
SAYS_WHEN = ("meaning", "trigger", "situations")
INSTRUCTION = "an instruction to the reader"
LINK = "link"


@dataclass
class _Claim:
    """A sentence, a list item or a code block, and why it is dropped ("" when it is kept)."""

    text: str
    why: str = ""  # "", "unknown", "instruction", "unanchored", "empty"
    unknown: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


def check_answer(answer: dict[str, Any], vocabulary: Vocabulary) -> Checked:
    checked = Checked(sections={}, solutions=[])
    checked.related = [_plain(item).strip() for item in answer.get("related") or [] if _plain(item).strip()]
    for name in TEXT_SECTIONS:
        if not answer[name].strip():
            checked.left_empty.append(name)
            continue
        kept = _check_markdown(_plain(answer[name]), vocabulary, checked, conditions=name in SAYS_WHEN)
        if kept:
            checked.sections[name] = kept
    if not any(solution.strip() for solution in answer["solutions"]):
        checked.left_empty.append("solutions")
    for solution in answer["solutions"]:
        kept = _check_markdown(_plain(solution), vocabulary, checked, whole=True)
        if kept:
            checked.solutions.append(kept)
    return checked


# Unicode's control (Cc) and format (Cf) characters, newline and tab aside: terminal escapes, bidi embeddings,
# overrides and isolates, zero-width characters, the BOM, tag characters.
UNSHOWN = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]++"
)


def _plain(text: str) -> str:
    """The text without control or format characters (terminal escapes, bidi overrides, zero-width characters);
    newlines and tabs stay."""
    return UNSHOWN.sub("", text.replace("\r\n", "\n"))


def _drop(checked: Checked, unknown: list[str], claims: int = 1) -> None:
    checked.dropped += claims
    checked.unknown.extend(name for name in dict.fromkeys(unknown) if name not in checked.unknown)


def _check_markdown(
    text: str, vocabulary: Vocabulary, checked: Checked, *, whole: bool = False, conditions: bool = False
) -> str:
    """The section with its unchecked claims left out; a list keeps its checked items, a paragraph its sentences.
    With `whole` (a solution: one piece of advice), a name that fails or an instruction drops all of it."""
    blocks: list[tuple[str, list[_Claim]]] = []
    for kind, block in _blocks(text):
        if kind == "code":
            blocks.append((kind, [_code_claim(block, vocabulary)]))
            continue
        parts = _items(block) if kind == "list" else _sentences(" ".join(block.split("\n")))
        claims = [_prose_claim(part, vocabulary, conditions=conditions) for part in parts]
        _keep_lead_ins(claims)
        blocks.append((kind, claims))
    every = [claim for _, claims in blocks for claim in claims]
    for claim in every:
        if claim.links:
            _drop(checked, claim.links, claims=len(claim.links))  # each link is a claim no evidence checks
    if whole and any(claim.why in ("unknown", "instruction") for claim in every):
        _drop(checked, [name for claim in every for name in _reasons(claim)])
        if not any(claim.why == "instruction" for claim in every):
            checked.unchecked.append((text, [name for claim in every for name in _reasons(claim)]))
        return ""
    kept_blocks: list[str] = []
    for kind, claims in blocks:
        kept = []
        for claim in claims:
            if not claim.why:
                kept.append(claim.text)
            elif claim.why != "empty":
                _drop(checked, _reasons(claim))
                if claim.why == "unknown":
                    checked.unchecked.append((claim.text, claim.unknown))
        if kept:
            joined = ("\n" if kind == "list" else " ").join(kept)
            kept_blocks.append(joined if kind == "code" else hostile.neutralise(joined))
    return _without_rendered_links(kept_blocks, checked)


def _reasons(claim: _Claim) -> list[str]:
    if claim.why == "unknown":
        return claim.unknown
    return [INSTRUCTION] if claim.why == "instruction" else [UNANCHORED] if claim.why == "unanchored" else []


def _prose_claim(text: str, vocabulary: Vocabulary, *, conditions: bool = False) -> _Claim:
    unlinked = hostile.unlink(text)
    claim = _Claim(unlinked.text, links=unlinked.links)
    if not BULLET.sub("", claim.text, count=1).strip(" \t*_>"):
        claim.why = "empty"  # nothing but a link
        return claim
    claim.unknown, held = _names_in_prose(claim.text, vocabulary)
    prose, _ = _spans(claim.text)
    # Only where the answer says when it is raised: a solution or an example speaks of the state after a fix.
    false = "" if claim.unknown or not conditions else facts.contradiction(claim.text, vocabulary.sites)
    false = false or ("" if claim.unknown else _wrong_default(claim.text, vocabulary))
    if false:
        claim.unknown = [f"{CONTRADICTS} {false}"]
    if claim.unknown:
        claim.why = "unknown"
    elif hostile.instruction(claim.text) or (hostile.aimed_at_reader(prose) and _unchecked_words(prose, vocabulary)):
        claim.why = "instruction"
    elif not held and not vocabulary.knows_any_term(IDENTIFIER.findall(prose)):
        claim.why = "unanchored"
    return claim


def _unchecked_words(prose: str, vocabulary: Vocabulary) -> list[str]:
    """The words of an instruction that name something (by their form) errorkb does not know: `Install from PyPI`,
    `send it to admin@example.org`."""
    return [
        word
        for word in hostile.name_like_words(prose)
        if not (
            vocabulary.knows_name(word)
            or vocabulary.knows_term(word)
            or vocabulary.knows_path(word)
            or all(len(part) < 2 for part in word.split("."))  # e.g. an abbreviation
            or ("-" in word and all(vocabulary.knows_name(part) or part.islower() for part in word.split("-")))
        )
    ]


def _code_claim(block: str, vocabulary: Vocabulary) -> _Claim:
    body, language = _fenced_body(block), _language(block)
    claim = _Claim(block)
    urls = [found for pattern in hostile.URLS for found in pattern.findall(body)]
    if urls:
        claim.why, claim.links = "empty", [hostile.link_to(url) for url in urls]
        return claim
    claim.unknown, held = _names_in_code(body, vocabulary, fenced=True, language=language)
    if claim.unknown:
        claim.why = "unknown"
    elif hostile.instruction(body):
        claim.why = "instruction"
    elif not held and not vocabulary.knows_any_term(IDENTIFIER.findall(body)):
        claim.why = "unanchored"
    return claim


def _keep_lead_ins(claims: list[_Claim]) -> None:
    """A short line that introduces what follows ("Callers:") names nothing itself: it stays when a claim after it
    in the block does."""
    for index, claim in enumerate(claims):
        short = claim.text.rstrip().endswith(":") and len(claim.text.split()) <= 8
        if claim.why == "unanchored" and short and any(not later.why for later in claims[index + 1 :]):
            claim.why = ""


def _without_rendered_links(blocks: list[str], checked: Checked) -> str:
    """The blocks joined, leaving out any the card's renderer would still make a link of (none should be left, but
    this does not depend on reading Markdown exactly as the renderer does)."""
    section = "\n\n".join(blocks).strip()
    if not section or not hostile.links_rendered(section):
        return section
    kept = [block for block in blocks if not hostile.links_rendered(block)]
    _drop(checked, [LINK], claims=len(blocks) - len(kept))
    section = "\n\n".join(kept).strip()
    if section and hostile.links_rendered(section):
        _drop(checked, [LINK], claims=len(kept))
        return ""
    return section


def _blocks(text: str) -> list[tuple[str, str]]:
    """("code" | "list" | "text", block) in order: fenced code, lists and paragraphs."""
    blocks: list[tuple[str, str]] = []
    lines: list[str] = []
    fenced = False

    def flush() -> None:
        if any(line.strip() for line in lines):
            kind = "code" if fenced else "list" if any(BULLET.match(line) for line in lines) else "text"
            blocks.append((kind, "\n".join(lines)))
        lines.clear()

    fence = ""
    for line in text.strip("\n").splitlines():
        opening = None if fenced else OPENING_FENCE.fullmatch(line)
        closing = CLOSING_FENCE.fullmatch(line) if fenced else None
        if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence):
            lines.append(line)
            flush()
            fenced = False
        elif opening:
            flush()
            fenced, fence = True, opening.group(1) or opening.group(2)
            lines.append(line)
        elif not fenced and not line.strip():
            flush()
        else:
            lines.append(line)
    flush()  # an unclosed fence keeps the rest as code
    return blocks


def _language(block: str) -> str:
    return block.split("\n", 1)[0].strip().lstrip("`~").strip().lower()


def _fenced_body(block: str) -> str:
    lines = block.split("\n")[1:]
    if lines and FENCE.match(lines[-1]):
        lines = lines[:-1]
    return "\n".join(lines)


def _items(block: str) -> list[str]:
    items: list[str] = []
    for line in block.split("\n"):
        if BULLET.match(line) or not items:
            items.append(line.rstrip())
        else:
            items[-1] += "\n" + line.rstrip()
    return items


def _sentences(text: str) -> list[str]:
    """Sentences split after . ! or ? followed by a space and a capital, a backtick or a digit, outside code spans."""
    sentences, start, in_span, i = [], 0, False, 0
    while i < len(text):
        char = text[i]
        if char == "`":
            in_span = not in_span
            while i + 1 < len(text) and text[i + 1] == "`":
                i += 1
        elif char in ".!?" and not in_span and i + 2 < len(text) and text[i + 1] == " ":
            follower = text[i + 2]
            abbreviation = char == "." and ABBREVIATIONS.search(text, max(0, i - 7), i + 1) is not None
            if not abbreviation and (follower.isupper() or follower.isdigit() or follower in "`*("):
                sentences.append(text[start : i + 1].strip())
                start = i + 2
        i += 1
    sentences.append(text[start:].strip())
    return [sentence for sentence in sentences if sentence]


def _spans(text: str) -> tuple[str, list[str]]:
    """The text with its code spans blanked out, and the spans, paired as CommonMark pairs them (a backtick run
    with the next run of its length; one with none is text), so that what is checked as code is what renders so."""
    prose, spans, position = [], [], 0
    for start, end in hostile.backtick_spans(text):
        run = len(text[start:end]) - len(text[start:end].lstrip("`"))
        prose.append(text[position:start])
        prose.append(" ")
        spans.append(text[start + run : end - run])
        position = end
    prose.append(text[position:])
    return "".join(prose), spans


def _names_in_prose(text: str, vocabulary: Vocabulary) -> tuple[list[str], bool]:
    """The names a sentence uses that errorkb does not know, and whether it names anything the evidence holds."""
    prose, spans = _spans(text)
    unknown, held = _names_by_pattern(prose, vocabulary)
    for span in spans:
        span_unknown, span_held = _names_in_code(span.strip(), vocabulary, fenced=False)
        unknown += span_unknown
        held = held or span_held
    return unknown, held


def _names_by_pattern(text: str, vocabulary: Vocabulary) -> tuple[list[str], bool]:
    """Names that text shows as code by their form alone: --flags, SETTING_NAMES, paths, dotted.names, calls();
    those errorkb does not know, and whether one is held by the evidence."""
    flags = FLAG.findall(text)
    unknown = [flag for flag in flags if not vocabulary.knows_flag(flag)]
    paths = PATH.findall(text)
    unknown += [path for path in paths if not vocabulary.knows_path(path)]
    settings = [name for name in SETTING.findall(text) if not placeholder(name)]
    unknown += [name for name in settings if not vocabulary.knows_name(name)]
    dotted = []
    for match in DOTTED.finditer(text):
        name = match.group()
        if name.rsplit(".", 1)[1] in EXTENSIONS or any(len(part) < 2 for part in name.split(".")):
            continue  # a file (checked as a path), or an abbreviation such as e.g.
        dotted.append(name)
        if not vocabulary.knows_name(name):
            unknown.append(name)
        elif wrong := vocabulary.wrong_pair(name):
            unknown.append(wrong)
    calls = [name for name, empty in CALL.findall(text) if empty or "_" in name]
    unknown += [f"{name}()" for name in calls if not vocabulary.knows_name(name)]
    held = (
        any(vocabulary.knows_flag(flag) for flag in flags)  # a flag or a path that checks out is the evidence's
        or any(vocabulary.knows_path(path) for path in paths)
        or any(vocabulary.holds_name(name) for name in (*settings, *dotted, *calls))
    )
    return unknown, held


def _names_in_code(code: str, vocabulary: Vocabulary, *, fenced: bool, language: str = "") -> tuple[list[str], bool]:
    """A code span or block: a flag, a path, Python (every name it reads but does not bind), or other code (a
    command line, a configuration file), checked by the forms of its names and, for other code, its words."""
    if not code:
        return [], False
    if FLAG.fullmatch(code.split("=", 1)[0]):
        return ([], True) if vocabulary.knows_flag(code) else ([code], False)
    if not fenced and " " not in code and code.startswith("/") and not FILE_NAME.search(code):
        return [], False  # a URL's path (`/v1/chat/completions`), not a file
    if not fenced and " " not in code and (FILE_NAME.fullmatch(code) or "/" in code):
        if ANGLE_PLACEHOLDER.search(code):
            return [], False  # `<app_label>/models.py`: a path of the reader's own
        return ([], True) if vocabulary.knows_path(code) else ([code], False)
    command_line = " " in code and FLAG.search(code) is not None  # `prog --flag` would parse as a subtraction
    code = ANGLE_PLACEHOLDER.sub("_placeholder_", code)
    tree = _python(code) if language in PYTHON_LANGUAGES and not command_line else None
    if tree is None:
        unknown, held = _names_by_pattern(code, vocabulary)
        return unknown, held or vocabulary.knows_any_term(IDENTIFIER.findall(code))
    return _names_in_python(tree, vocabulary, own_names=fenced)


def _python(code: str) -> ast.AST | None:
    for mode in ("eval", "exec"):
        try:
            return ast.parse(code, mode=mode)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None


def _names_in_python(tree: ast.AST, vocabulary: Vocabulary, *, own_names: bool) -> tuple[list[str], bool]:
    """Every name the code reads and does not bind itself, every attribute, keyword argument and import, and the
    flags in its strings; those errorkb does not know, and whether one is held by the evidence. With `own_names` (a
    code block), a name the code binds (`def preflight_check`, `for item in ...`) is the example's own; a code span
    (`strict_mode=True`) names what exists."""
    bound: set[str] = set()
    read: list[str] = []
    always: list[str] = []  # checked even when bound: what an import or an attribute names lives elsewhere
    pairs: list[str] = []  # `Class.member` where the tree's class has no such member
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound.add(node.id) if isinstance(node.ctx, ast.Store | ast.Del) else read.append(node.id))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.Import):
            always += [alias.name for alias in node.names]
            bound.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and placeholder(node.module or ""):
            bound.update(alias.asname or alias.name for alias in node.names)  # the reader's own module's names
        elif isinstance(node, ast.ImportFrom):
            always += [node.module or ""] + [alias.name for alias in node.names if alias.name != "*"]
            bound.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Attribute):
            always.append(node.attr)
            if wrong := vocabulary.wrong_pair(_dotted(node)):
                pairs.append(wrong)
        elif isinstance(node, ast.keyword) and node.arg:
            always.append(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            always += [flag for flag in FLAG.findall(node.value) if not vocabulary.knows_flag(flag)]
    flags = [name for name in always if name.startswith("--")]
    read = [name for name in read if name not in bound] if own_names else [*read, *sorted(bound)]
    names = [name for name in read + always if name and not name.startswith("--") and not placeholder(name)]
    unknown = [name for name in names if not vocabulary.knows_name(name)] + flags + list(dict.fromkeys(pairs))
    return unknown, any(vocabulary.holds_name(name) for name in names)


# "`X` defaults to `V`", "`X` is `V` by default", "the default of `X` is `V`".
DEFAULT_CLAIMS = (
    re.compile(r"`([^`\n]++)`[ \t]++defaults?[ \t]++to[ \t]++`([^`\n]++)`"),
    re.compile(r"`([^`\n]++)`[ \t]++is[ \t]++`([^`\n]++)`[ \t]++by[ \t]++default"),
    re.compile(r"(?i)default[ \t]++(?:value[ \t]++)?(?:of|for)[ \t]++`([^`\n]++)`[ \t]++is[ \t]++`([^`\n]++)`"),
)


def _wrong_default(text: str, vocabulary: Vocabulary) -> str:
    """A default the sentence claims for a class attribute, config field or flag that the tree gives other literal
    defaults only: "`allow_empty` defaults to `False`" where the code says `allow_empty = True`."""
    if facts.HEDGES.search(facts.SPAN.sub(" ", text)):
        return ""
    for pattern in DEFAULT_CLAIMS:
        for name, value in pattern.findall(text):
            key = name.strip().removeprefix("--").replace("-", "_").rsplit(".", 1)[-1]
            if not IDENTIFIER.fullmatch(key):
                continue
            given = vocabulary.declarations.default_values(key)
            if given is None:
                continue
            try:
                claimed = {repr(ast.literal_eval(value.strip()))}
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                claimed = {repr(value.strip())}
            if claimed.isdisjoint(given):
                return f"the default of `{name}` is {' or '.join(sorted(given))}, not `{value}`"
    return ""


def placeholder(name: str) -> bool:
    """A name an example uses for the reader's own (`OLD_NAME`, `YOUR_APP.models`, `_placeholder_` for `<name>`)."""
    return any(
        part == "_placeholder_" or (part.isupper() and part.split("_", 1)[0] in PLACEHOLDER_WORDS)
        for part in name.split(".")
    )


def claims_of(markdown: str, *, whole: bool = False) -> list[str]:
    """The claims of a section as the verifier splits it (code blocks, list items, sentences); a solution is one."""
    if whole:
        return [markdown.strip()] if markdown.strip() else []
    found: list[str] = []
    for kind, block in _blocks(_plain(markdown)):
        if kind == "code":
            found.append(block)
        else:
            found += _items(block) if kind == "list" else _sentences(" ".join(block.split("\n")))
    return found


def _dotted(node: ast.Attribute) -> str:
    """`a.b.c` for an attribute chain of plain names; "" for anything else (a call, a subscript)."""
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    return ".".join([value.id, *reversed(parts)]) if isinstance(value, ast.Name) else ""
