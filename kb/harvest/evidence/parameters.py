"""What the documentation says of an argument, an attribute or a setting a raise tests (issue 29).

Django documents what a class is constructed with, and what a subclass sets, as attributes: `.. attribute::
FilteredRelation.condition` ("A Q object to control the filtering."), or `.. attribute:: condition` under `..
class:: FilteredRelation(...)`; a function's parameters in the sentences of its description (``kind`` should be
either ...); a setting under `.. setting:: NAME`. That is the library's own word for what the reader passed, and
often why a value is refused; a card quotes it beside the test (kb/cards/described.py). Only reStructuredText
directives, named exactly, in the code's own module where the document declares one: a loose mention of the word
is about something else as often as not. One pass over each document's lines."""

import re
from collections.abc import Container, Iterable

from kb.harvest.evidence.doctests import shown_roles
from kb.harvest.evidence.paragraphs import is_history, paragraph
from kb.harvest.reading.extract import FoundSite

EntryKey = tuple[str, str, str]

MAX_PER_ENTRY = 4
MAX_CANDIDATES = 4  # definitions of one name kept, to be told apart by their module
SETTINGS = "settings"  # the owner of a setting's entry (`.. setting:: USE_TZ`)
MAX_SAID = 400
MAX_LOOK = 6  # lines after a directive looked at for its description
# `.. attribute:: Owner.name`, `.. class:: Owner(...)` (possessive: linear on any line).
_DIRECTIVE = re.compile(
    r"^( *+)\.\.\s++(?:py:)?(class|attribute|exception|function|method|setting)::\s++"
    r"([A-Za-z_][\w.]{0,200}+)(\([^)]{0,400}+\))?+"
)
_SETTING = re.compile(r"\bsettings\.([A-Z][A-Z0-9_]{1,100}+)\b")
_DEFAULT = re.compile(r"Default:")
_OWN = re.compile(r"(?<![\w.])self\.([A-Za-z]\w{0,100}+)\b(?!\s*+\()")  # an attribute read, not a method called
_MODULE = re.compile(r"^\s*+\.\.\s++(?:py:)?(?:module|currentmodule)::\s++([\w.]{1,200}+)")
_SIGNATURE_NAME = re.compile(r"(?:^|[(,])\s*+\**+([A-Za-z_]\w*+)")
# `text <https://...>`_ and `text`_: said as their text.
_LINK = re.compile(r"`([^`<]{1,200}+)(?:<[^`>]{0,400}+>)?+`_{1,2}+")
_ESCAPED = re.compile(r"\\(.)")
_WORDS = re.compile(r"[A-Za-z]{3}")
# Directives inside a description that do not end it: an example, a note, a version's remark.
_ASIDE = re.compile(
    r"^\s*+\.\.\s++(?:code-block|code|sourcecode|console|doctest|versionadded|versionchanged|deprecated|note|warning"
    r"|admonition|seealso|tip|important)::"
)
_TABLE = ("==", "+-", "|")  # a reST table's lines
_TERM = re.compile(r"``[A-Za-z_][\w.]{0,100}+``")  # a definition list's term alone on its line
_DEFINED, _DROPPED = "\x00:", "\x00"  # marks in the body's lines: a definition's line, a paragraph left out
_SENTENCE_END = re.compile(r"(?<=[.!?])\s++(?=[A-Z`*:(])")
MAX_BODY = 120  # lines of a function's description read for the sentences on its parameters
_ANY_DIRECTIVE = re.compile(r"^\s*+\.\.\s++[\w-]++(?::[\w-]++)*+::")
_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}+\s*+")
_CONSTRUCTORS = ("__init__", "__new__", "__post_init__", "__attrs_post_init__")


def read_parameter_docs(
    docs: list[tuple[str, str]], groups: dict[EntryKey, list[FoundSite]]
) -> dict[EntryKey, list[dict]]:
    """{key: [{"owner", "name", "path", "line", "said"}]}: for each entry, the documented attributes named as a
    constructor argument that reaches one of its sites (the class's short name and the argument's)."""
    wanted = {key: _wanted(sites) for key, sites in groups.items()}
    every = {pair for pairs in wanted.values() for pair in pairs}
    if not every:
        return {}
    found: dict[tuple[str, str], list[dict]] = {}
    for path, text in sorted(docs, key=lambda doc: is_history(doc[0])):
        if path.endswith((".rst", ".txt")) and not is_history(path) and ".. " in text:
            _read(path, text, every, found)
    described: dict[EntryKey, list[dict]] = {}
    for key, pairs in wanted.items():
        rows = [row for pair in sorted(pairs) if (row := _chosen(found.get(pair, []), pairs[pair]))]
        if rows:
            described[key] = rows[:MAX_PER_ENTRY]
    return described


def _chosen(candidates: list[dict], modules: set[str]) -> dict | None:
    """The documentation of this class's (or function's) name in the module the code is in: two classes may share
    a name (`django.forms.Field`, `django.db.models.Field`). A row of a document that declares no module is taken
    only when it is the name's one definition; a setting's name is the project's own, in any module."""
    if not modules:
        return candidates[0] if candidates else None
    for row in candidates:
        module = str(row.get("module") or "")
        if module and any(code == module or code.startswith(module + ".") for code in modules):
            return row
    if len(candidates) == 1 and not candidates[0].get("module"):
        return candidates[0]
    return None


def _wanted(sites: list[FoundSite]) -> dict[tuple[str, str], set[str]]:
    """(owner, name) pairs with the modules their code is in: a constructor entry point's arguments, a function's
    or method's, an argument a constructor kept on the object, an attribute of the raising method's class (what a
    subclass sets: `template_name`), the raising `__init__`'s parameters, a setting."""
    pairs: dict[tuple[str, str], set[str]] = {}

    def add(owner: str, names: Iterable[object], path: str) -> None:
        for name in names:
            if owner and _plain(name) and name not in ("self", "cls"):
                pairs.setdefault((owner, str(name)), set()).update([_module(path)] if path else [])

    for site in sites:
        evidence = site.evidence or {}
        for row in evidence.get("entry_points") or []:
            if not isinstance(row, dict) or not isinstance(row.get("arguments"), dict):
                continue
            function, kind, path = (
                str(row.get("function") or ""),
                str(row.get("kind") or ""),
                str(row.get("path") or ""),
            )
            add(_constructed(function, kind), row["arguments"].values(), path)
            if kind in ("function", "method"):  # `.. function:: reverse(viewname, ...)`
                add(_documented_name(function, kind), row["arguments"].values(), path)
        for row in evidence.get("attributes") or []:
            if isinstance(row, dict) and isinstance(row.get("class"), str):
                # `self.timezone`: the `default_timezone` argument of `C()`; or the class's own `login_url`.
                kept = row.get("parameter") or str(row.get("name") or "").removeprefix("self.")
                add(row["class"].rpartition(".")[2], [kept], site.path)
        raising = evidence.get("function")
        owner = str(raising.get("class") or "").rpartition(".")[2] if isinstance(raising, dict) else ""
        for row in [*(evidence.get("conditions") or []), *(evidence.get("definitions") or [])]:
            if isinstance(row, dict):
                written = str(row.get("code") or "")
                for name in _SETTING.findall(written):  # `settings.USE_TZ`: the setting's own entry
                    pairs.setdefault((SETTINGS, name), set())
                add(owner, _OWN.findall(written), site.path)  # `self.template_name`: the class's attribute
        if isinstance(raising, dict):
            add(_constructed(str(raising.get("name") or ""), ""), evidence.get("parameters") or [], site.path)
    return pairs


def _module(path: str) -> str:
    """`django/db/models/fields/__init__.py` -> `django.db.models.fields`."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def _constructed(function: str, kind: str) -> str:
    """The short name of the class a call of `function` constructs, or ""."""
    owner, _, last = function.rpartition(".")
    if last in _CONSTRUCTORS:
        return owner.rpartition(".")[2]
    return last if kind == "constructor" and last[:1].isupper() else ""


def _documented_name(function: str, kind: str) -> str:
    """How the documentation names a function (`reverse`) or a method (`QuerySet.annotate`)."""
    return ".".join(function.split(".")[-2:]) if kind == "method" else function.rpartition(".")[2]


def _plain(name: object) -> bool:
    return isinstance(name, str) and name.isidentifier() and not name.startswith("_")


def _read(path: str, text: str, wanted: Container[tuple[str, str]], found: dict[tuple[str, str], list[dict]]) -> None:
    lines = text.split("\n")
    classes: list[tuple[int, str, str]] = []  # the enclosing `.. class::` directives: (indent, short name, module)
    module = ""  # as `.. module::` or `.. currentmodule::` last declared it
    margin: tuple[int, str, str] | None = None  # the last class declared at the margin
    for index, line in enumerate(lines):
        stripped = line.lstrip(" ")
        if not stripped:
            continue
        indent = len(line) - len(stripped)
        while classes and indent <= classes[-1][0]:
            classes.pop()
        directive = _DIRECTIVE.match(line) if stripped.startswith("..") else None
        if directive is None:
            if stripped.startswith("..") and (declared := _MODULE.match(line)):
                module = "" if declared[1] == "None" else declared[1]
            continue
        kind, name = directive[2], directive[3]
        if kind in ("class", "exception"):
            classes.append((indent, name.rpartition(".")[2], _joined(module, name.rpartition(".")[0])))
            margin = classes[-1] if indent == 0 else margin
            continue
        # A method at the margin after a class at the margin is that class's (`.. class:: QuerySet`, then
        # `.. method:: dates(field, kind, order='ASC')` further down, as Django's querysets.txt lays it out).
        owners = classes or ([margin] if margin and kind == "method" and indent == 0 else [])
        nested = bool(owners) and "." not in name
        place = {"path": path, "module": owners[-1][2] if nested else module}
        if kind in ("function", "method"):
            _callable(place, lines, index, directive, owners, wanted, found)
            continue
        if kind == "setting":
            if _room((SETTINGS, name), wanted, found) and (said := _setting(lines, index)):
                _keep(found, {"owner": SETTINGS, "name": name, **place, "line": index + 1, "said": said})
            continue
        owner, _, attribute = name.rpartition(".")
        owner = owner.rpartition(".")[2] or (classes[-1][1] if classes else "")
        if _room((owner, attribute), wanted, found) and (said := _description(lines, index)):
            _keep(found, {"owner": owner, "name": attribute, **place, "line": index + 1, "said": said})


def _joined(module: str, prefix: str) -> str:
    """The module a dotted directive name is in: `django.views.generic.base.TemplateResponseMixin` says its own,
    `models.UserManager` under `.. currentmodule:: django.contrib.auth` is `django.contrib.auth.models`."""
    if not prefix:
        return module
    if not module or prefix.split(".")[0] == module.split(".")[0]:
        return prefix
    return f"{module}.{prefix}"


def _room(pair: tuple[str, str], wanted: Container[tuple[str, str]], found: dict[tuple[str, str], list[dict]]) -> bool:
    return pair in wanted and len(found.get(pair, ())) < MAX_CANDIDATES


def _keep(found: dict[tuple[str, str], list[dict]], row: dict) -> None:
    if not row["module"]:
        del row["module"]
    found.setdefault((row["owner"], row["name"]), []).append(row)


def _setting(lines: list[str], index: int) -> str:
    """A setting's description: the first paragraph after its title and its "Default:" line (Django's layout)."""
    at = index + 1
    while at < min(len(lines), index + 4 * MAX_LOOK):
        line = lines[at].strip()
        if not line or _UNDERLINE.fullmatch(line):
            at += 1
        elif at + 1 < len(lines) and _UNDERLINE.fullmatch(lines[at + 1].strip()):
            at += 2  # the title
        elif _DEFAULT.match(line):
            while at < len(lines) and lines[at].strip():
                at += 1
        elif _ANY_DIRECTIVE.match(lines[at]) or lines[at][:1].isspace():
            return ""  # a note, a deprecation or code before any prose: say nothing
        else:
            return _clipped(paragraph(lines, at + 1))
    return ""


def _description(lines: list[str], index: int) -> str:
    """The prose a directive owns: its indented body, or, for one at the margin, the paragraph right after it
    (Django's `.. attribute:: Field.null`, then its unindented description). "" for anything else."""
    depth = len(lines[index]) - len(lines[index].lstrip(" "))
    at = next((i for i in range(index + 1, min(len(lines), index + MAX_LOOK)) if lines[i].strip()), None)
    if at is None or _ANY_DIRECTIVE.match(lines[at]) or lines[at].lstrip().startswith(":"):
        return ""
    if at + 1 < len(lines) and _UNDERLINE.fullmatch(lines[at + 1].strip()):
        return ""  # a title: the next section, not this attribute's words
    deeper = len(lines[at]) - len(lines[at].lstrip(" ")) > depth
    if not deeper and depth:
        return ""  # prose after an indented directive: its class's, not its own
    return _clipped(paragraph(lines, at + 1))


def _clipped(text: str) -> str:
    said = " ".join(shown_roles(_LINK.sub(lambda link: link[1].strip(), text)).split())
    said = _ESCAPED.sub(r"\1", said.replace("\\ ", ""))  # reST's escapes: ":class:`QuerySet`\\s" is "QuerySets"
    if (said.startswith("See ") and said.count(". ") == 0) or said.startswith(".."):
        return ""  # "See auth_password_storage.": a pointer; ".. _label:": markup
    if _DEFAULT.match(said) or not _WORDS.search(said):
        return ""  # "Default: False": a value, not a description
    if said.endswith(":") and (cut := said.rfind(". ")) > 0:
        said = said[: cut + 1]  # "For example:" introduces code the quote does not show
    return said if len(said) <= MAX_SAID else said[: MAX_SAID - 1].rstrip() + "…"


def _callable(
    place: dict[str, str],
    lines: list[str],
    index: int,
    directive: re.Match,
    classes: list[tuple[int, str, str]],
    wanted: Container[tuple[str, str]],
    found: dict[tuple[str, str], list[dict]],
) -> None:
    """`.. function:: reverse(viewname, ...)` (or a method): for each parameter of its signature that is wanted, the
    first sentence of its description naming it as a literal (``viewname``)."""
    depth, name = len(directive[1]), directive[3]
    if "." not in name and directive[2] == "method" and classes:
        name = f"{classes[-1][1]}.{name}"
    name = _documented_name(name, directive[2])
    parameters = [p for p in _SIGNATURE_NAME.findall(directive[4] or "") if _room((name, p), wanted, found)]
    if not parameters:
        return
    for number, sentence in _body_sentences(lines, index, depth):
        for parameter in [p for p in parameters if f"``{p}``" in sentence]:
            # The line the literal is on: the sentence's own, where its paragraph began further up.
            line = next(
                (
                    at + 1
                    for at in range(number - 1, min(len(lines), number + MAX_LOOK * 4))
                    if f"``{parameter}``" in lines[at]
                ),
                number,
            )
            row = {"owner": name, "name": parameter, **place, "line": line, "said": _clipped(sentence)}
            _keep(found, {**row, "of": "callable"})
            parameters.remove(parameter)
        if not parameters:
            return


def _body_sentences(lines: list[str], index: int, depth: int) -> list[tuple[int, str]]:
    """The sentences of a directive's prose (its line number, the sentence): indented under it, or for one at the
    margin, the paragraphs after it up to the next directive or title; code blocks (indented deeper) left out."""
    body: list[tuple[int, str]] = []
    base: int | None = None
    for at in range(index + 1, min(len(lines), index + MAX_BODY)):
        line = lines[at]
        if not line.strip():
            body.append((at + 1, ""))
            continue
        indent = len(line) - len(line.lstrip(" "))
        if base is None:
            base = indent
            if (indent <= depth and depth) or _ANY_DIRECTIVE.match(line):
                return []
        if indent == base and _ASIDE.match(line):
            body.append((at + 1, ""))  # an example or a note: the description goes on after it
            continue
        if indent < base or (indent == base and _ANY_DIRECTIVE.match(line)):
            break
        if at + 1 < len(lines) and _UNDERLINE.fullmatch(lines[at + 1].strip()):
            break  # the next title
        text = line.strip()
        if text.startswith(_TABLE):
            body.append((at + 1, _DROPPED))  # a table: its cells are no sentences, nor is what follows
            break
        elif indent == base and not text.startswith((">>>", "...")):
            body.append((at + 1, text))
        elif body and (_TERM.fullmatch(body[-1][1]) or body[-1][1].endswith(_DEFINED)):
            # A definition list: ``template_name`` and, indented under it, what it is.
            term = body[-1][1]
            body[-1] = (body[-1][0], term if term.endswith(_DEFINED) else term + _DEFINED)
            body.append((at + 1, text + _DEFINED))
        elif body and body[-1][1]:
            body.append((at + 1, ""))  # a code block ends the paragraph before it
    sentences: list[tuple[int, str]] = []
    start, words = 0, list[str]()
    for number, text in [*body, (0, "")]:
        if text:
            start, words = (start or number), [*words, text]
            continue
        if words and _DROPPED not in words:
            joined = " ".join(words).replace(_DEFINED + " ", ": ", 1).replace(_DEFINED, "")
            joined = joined.removesuffix(":")  # "... the following ``url``::" introduces code
            sentences.extend(
                (start, part.removeprefix("* ").removeprefix("- ")) for part in _SENTENCE_END.split(joined)
            )
        start, words = 0, []
    return sentences
