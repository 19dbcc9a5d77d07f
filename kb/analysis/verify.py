"""An answer read, held to the schema, and every claim in it checked: a sentence, a list item, a code block or a
solution that names an identifier, flag, setting, file or function errorkb does not know is dropped and counted.

Everything here reads a model's output, so every pattern is linear (possessive repeats) and the scanners are single
passes."""

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from kb.analysis.prompt import ANSWER_SCHEMA, TEXT_SECTIONS
from kb.analysis.vocabulary import FLAG, Vocabulary

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
FILE_NAME = re.compile(rf"(?:[\w-]++\.)++{_EXTENSIONS}")
PYTHON_LANGUAGES = {"", "python", "py", "python3", "pycon"}
FENCE = re.compile(r"\s*+(?:```|~~~)")
BULLET = re.compile(r"\s*+(?:[-*+]|\d++[.)])\s")


class BadAnswer(Exception):
    """An answer that cannot be used at all: the entry is left as it was."""


@dataclass
class Checked:
    sections: dict[str, str]
    solutions: list[str]
    dropped: int = 0
    unknown: list[str] = field(default_factory=list)  # what did not check out, each once, in order

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
        answer = json.loads(text)
    except ValueError as error:
        raise BadAnswer(f"not JSON ({error})") from None
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


def check_answer(answer: dict[str, Any], vocabulary: Vocabulary) -> Checked:
    checked = Checked(sections={}, solutions=[])
    for name in TEXT_SECTIONS:
        kept = _check_markdown(answer[name], vocabulary, checked)
        if kept:
            checked.sections[name] = kept
    for solution in answer["solutions"]:
        if not solution.strip():
            continue
        unknown = _unknown_in_prose(solution, vocabulary)
        if unknown:
            _drop(checked, unknown)
        else:
            checked.solutions.append(solution.strip())
    return checked


def _drop(checked: Checked, unknown: list[str]) -> None:
    checked.dropped += 1
    checked.unknown.extend(name for name in dict.fromkeys(unknown) if name not in checked.unknown)


def _check_markdown(text: str, vocabulary: Vocabulary, checked: Checked) -> str:
    """The section with its unchecked claims left out; a list keeps its checked items, a paragraph its sentences."""
    kept_blocks = []
    for kind, block in _blocks(text):
        if kind == "code":
            unknown = _unknown_in_code(_fenced_body(block), vocabulary, fenced=True, language=_language(block))
            if unknown:
                _drop(checked, unknown)
            else:
                kept_blocks.append(block)
            continue
        claims = _items(block) if kind == "list" else _sentences(" ".join(block.split("\n")))
        kept = []
        for claim in claims:
            unknown = _unknown_in_prose(claim, vocabulary)
            if unknown:
                _drop(checked, unknown)
            else:
                kept.append(claim)
        if kept:
            kept_blocks.append(("\n" if kind == "list" else " ").join(kept))
    return "\n\n".join(kept_blocks).strip()


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

    for line in text.strip().splitlines():
        if FENCE.match(line):
            if fenced:
                lines.append(line)
                flush()
                fenced = False
            else:
                flush()
                fenced = True
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
            if follower.isupper() or follower.isdigit() or follower in "`*(":
                sentences.append(text[start : i + 1].strip())
                start = i + 2
        i += 1
    sentences.append(text[start:].strip())
    return [sentence for sentence in sentences if sentence]


def _spans(text: str) -> tuple[str, list[str]]:
    """The text with its code spans blanked out, and the spans. Runs of backticks pair in order."""
    prose, spans, parts = [], [], re.split(r"(`++)", text)
    inside = False
    for index, part in enumerate(parts):
        if part.startswith("`"):
            # An opening run with no closing run after it is text.
            if not inside and index + 2 >= len(parts):
                prose.append(part)
                continue
            inside = not inside
            prose.append(" ")
        elif inside:
            spans.append(part)
            prose.append(" ")
        else:
            prose.append(part)
    return "".join(prose), spans


def _unknown_in_prose(text: str, vocabulary: Vocabulary) -> list[str]:
    prose, spans = _spans(URL.sub(" ", text))
    unknown = _unknown_by_pattern(prose, vocabulary)
    for span in spans:
        unknown += _unknown_in_code(span.strip(), vocabulary, fenced=False)
    return unknown


def _unknown_by_pattern(text: str, vocabulary: Vocabulary) -> list[str]:
    """Names that text shows as code by their form alone: --flags, SETTING_NAMES, paths, dotted.names, calls()."""
    unknown = [flag for flag in FLAG.findall(text) if not vocabulary.knows_flag(flag)]
    paths = PATH.findall(text)
    unknown += [path for path in paths if not vocabulary.knows_path(path)]
    unknown += [name for name in SETTING.findall(text) if not vocabulary.knows_name(name)]
    for match in DOTTED.finditer(text):
        name = match.group()
        if name.rsplit(".", 1)[1] in EXTENSIONS or any(len(part) < 2 for part in name.split(".")):
            continue  # a file (checked as a path), or an abbreviation such as e.g.
        if not vocabulary.knows_name(name):
            unknown.append(name)
    calls = [name for name, empty in CALL.findall(text) if empty or "_" in name]
    unknown += [f"{name}()" for name in calls if not vocabulary.knows_name(name)]
    return unknown


def _unknown_in_code(code: str, vocabulary: Vocabulary, *, fenced: bool, language: str = "") -> list[str]:
    """A code span or block: a flag, a path, Python (every name it reads but does not bind), or other code (a
    command line, a configuration file), checked by the forms of its names."""
    if not code:
        return []
    if FLAG.fullmatch(code.split("=", 1)[0]):
        return [] if vocabulary.knows_flag(code) else [code]
    if not fenced and " " not in code and (FILE_NAME.fullmatch(code) or "/" in code):
        return [] if vocabulary.knows_path(code) else [code]
    command_line = " " in code and FLAG.search(code) is not None  # `prog --flag` would parse as a subtraction
    tree = _python(code) if language in PYTHON_LANGUAGES and not command_line else None
    if tree is None:
        return _unknown_by_pattern(code, vocabulary)
    return _unknown_in_python(tree, vocabulary, own_names=fenced)


def _python(code: str) -> ast.AST | None:
    for mode in ("eval", "exec"):
        try:
            return ast.parse(code, mode=mode)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None


def _unknown_in_python(tree: ast.AST, vocabulary: Vocabulary, *, own_names: bool) -> list[str]:
    """Every name the code reads and does not bind itself, every attribute, keyword argument and import, and the
    flags in its strings. With `own_names` (a code block), a name the code binds (`def preflight_check`, `for item
    in ...`) is the example's own; a code span (`strict_mode=True`) names what exists."""
    bound: set[str] = set()
    read: list[str] = []
    always: list[str] = []  # checked even when bound: what an import or an attribute names lives elsewhere
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
        elif isinstance(node, ast.ImportFrom):
            always += [node.module or ""] + [alias.name for alias in node.names if alias.name != "*"]
            bound.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Attribute):
            always.append(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            always.append(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            always += [flag for flag in FLAG.findall(node.value) if not vocabulary.knows_flag(flag)]
    flags = [name for name in always if name.startswith("--")]
    read = [name for name in read if name not in bound] if own_names else [*read, *sorted(bound)]
    names = read + [name for name in always if not name.startswith("--")]
    return [name for name in names if name and not vocabulary.knows_name(name)] + flags
