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
import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from kb.analysis import (
    anchored,
    constants,
    facts,
    guesses,
    handed,
    hostile,
    overridden,
    routes,
    salvage,
    situated,
    ways,
)
from kb.analysis import claims as split
from kb.analysis.claims import BULLET, plain
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
# A bare file name quoted in code (`{% include "item.html" %}`): a value the example hands on, as a Python string is.
QUOTED_FILE_NAME = re.compile(rf"(?<![\w\\])([\"'])[\w-]++\.{_EXTENSIONS}\1")
PYTHON_LANGUAGES = {"", "python", "py", "python3", "pycon"}
# What an example stands in for, not a name: `<app_label>`, `OLD_NAME`, `YOUR_APP`, `MY_SETTING`.
ANGLE_PLACEHOLDER = re.compile(r"<[A-Za-z_][\w-]{0,40}+>")
PLACEHOLDER_WORDS = frozenset("YOUR MY OLD NEW SOME EXAMPLE FOO BAR BAZ PLACEHOLDER ANOTHER OTHER".split())
# `MyView`, `YourModel`, `SomeSerializer`: a class of the reader's an example names.
PLACEHOLDER_CLASS = re.compile(r"(?:My|Your|Some|Example)[A-Z]")


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
    # The claims dropped in each section ("solutions" for all of them): a section kept with none dropped is wholly
    # verified, and a repaired answer does not replace it (`kept_whole`).
    dropped_in: dict[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not any(self.sections.values()) and not self.solutions

    def whole(self, name: str) -> bool:
        """Whether a section (or the solutions) was given and kept with every claim verified."""
        given = bool(self.solutions) if name == "solutions" else bool(self.sections.get(name))
        return given and not self.dropped_in.get(name)


def kept_whole(first: Checked, repaired: Checked) -> Checked:
    """The repaired answer, with each section the first answer gave wholly verified kept as it was: the repair
    request asks to fix the claims that did not check out and to change nothing else, and a true section rewritten
    on the way (cut, or dropped to the generated text's fallback) is a loss (round 26: a model's true meaning
    replaced on the card by the generated one)."""
    merged = Checked(
        sections=dict(repaired.sections),
        solutions=list(repaired.solutions),
        dropped=repaired.dropped,
        unknown=list(repaired.unknown),
        unchecked=list(repaired.unchecked),
        left_empty=list(repaired.left_empty),
        related=list(repaired.related),
        dropped_in=dict(repaired.dropped_in),
    )
    for name in (*TEXT_SECTIONS, "solutions"):
        if not first.whole(name) or (repaired.whole(name) and _same(first, repaired, name)):
            continue
        if name == "solutions":
            merged.solutions = list(first.solutions)
        else:
            merged.sections[name] = first.sections[name]
        merged.dropped -= merged.dropped_in.pop(name, 0)
        merged.left_empty = [empty for empty in merged.left_empty if empty != name]
    return merged


def _same(first: Checked, second: Checked, name: str) -> bool:
    if name == "solutions":
        return first.solutions == second.solutions
    return first.sections.get(name) == second.sections.get(name)


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
UNSITUATED = "a situation naming nothing the evidence ties to the raise"
QUALIFIED = "a claim whose qualifying sentence was dropped"
GUESSED = 'a guess at what usually happens ("usually", "typically"), which the evidence cannot check'
FRAMED = "a list whose dropped item its lead-in spoke for"
COUNTED = "a count of places the card cannot check"
DEPENDENT = 'a sentence going on from a dropped one ("Otherwise", "When that ...")'
LEAD_IN = "a lead-in whose block was dropped"
SEVERAL = "a sentence speaking for several examples, one of them dropped"
CONTRADICTS = "contradicts the code:"
# The sections that say when the error is raised: their claimed conditions are held to the code's.
SAYS_WHEN = ("meaning", "trigger", "situations")
INSTRUCTION = "an instruction to the reader"
LINK = "link"
PRIVATE = "advice that uses a private name:"
AFTER_LOST = "an example fix whose after part was dropped"
EXAMPLE = "example_fix"
# The line that opens an example's fixed code ("After:", "**After**:", "After: implement ..."), and one that is only
# that lead-in (each read after the emphasis and heading marks before it are stripped).
AFTER = re.compile(r"after\b", re.IGNORECASE)
AFTER_LEAD_IN = re.compile(r"after(?:[*_ \t]*+\([^()]{0,80}+\))?+[*_ \t]*+:?+[*_ \t]*+", re.IGNORECASE)
_MARKS = "*_# \t\n"
MOST_BLOCKS = 20  # code blocks of one section read for the names they bind
# A name of the library's internals (`_schedule_next_run`, `Job._x`, `self._cache`): one leading underscore, not a
# dunder. Advice to call or set one is not a fix a reader can rely on (the rubric's wrong solution).
_PRIVATE = re.compile(r"(?<![\w])_(?!_)[A-Za-z0-9]\w*+")


@dataclass
class _Claim:
    """A sentence, a list item or a code block, and why it is dropped ("" when it is kept)."""

    text: str
    why: str = ""  # "", "unknown", "instruction", "unanchored", "unsituated", "empty"
    cut: bool = False  # a situation left with only its anchored alternatives
    guessed: bool = False  # kept without the guess it held (`kb.analysis.guesses`)
    unknown: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


def check_answer(answer: dict[str, Any], vocabulary: Vocabulary) -> Checked:
    checked = Checked(sections={}, solutions=[])
    checked.related = [plain(item).strip() for item in answer.get("related") or [] if plain(item).strip()]
    for name in TEXT_SECTIONS:
        if not answer[name].strip():
            checked.left_empty.append(name)
            continue
        before = checked.dropped
        kept = _check_markdown(plain(answer[name]), vocabulary, checked, section=name, example=name == EXAMPLE)
        if kept:
            checked.sections[name] = kept
        if checked.dropped > before:
            checked.dropped_in[name] = checked.dropped - before
    if not any(solution.strip() for solution in answer["solutions"]):
        checked.left_empty.append("solutions")
    before = checked.dropped
    for solution in answer["solutions"]:
        if private := [name for name in _private_names(plain(solution)) if name not in vocabulary.asked]:
            _drop(checked, [f"{PRIVATE} {private[0]}"])
            continue
        kept = _check_markdown(plain(solution), vocabulary, checked, whole=True, section="solutions")
        if kept:
            checked.solutions.append(kept)
    if checked.dropped > before:
        checked.dropped_in["solutions"] = checked.dropped - before
    return checked


def _private_names(text: str) -> list[str]:
    """The private names a piece of advice shows as code (its code spans and fenced blocks), each once."""
    _, spans = _spans(text)
    found = [name for span in spans for name in _PRIVATE.findall(span)]
    found += [name for kind, block in split.blocks(text) if kind == "code" for name in _PRIVATE.findall(block)]
    return list(dict.fromkeys(found))


def _drop(checked: Checked, unknown: list[str], claims: int = 1) -> None:
    checked.dropped += claims
    checked.unknown.extend(name for name in dict.fromkeys(unknown) if name not in checked.unknown)


def _check_markdown(
    text: str, vocabulary: Vocabulary, checked: Checked, *, whole: bool = False, section: str, example: bool = False
) -> str:
    """The section with its unchecked claims left out; a list keeps its checked items, a paragraph its sentences.
    With `whole` (a solution: one piece of advice), a name that fails or an instruction drops all of it. A name one
    of its code blocks binds (the "Before" block's `class A`) is the example's own in every block. With `example`
    (the example fix), losing the "after" part drops all of it: a lone "Before:" shows no fix."""
    blocks: list[tuple[str, list[_Claim]]] = []
    found = split.blocks(text)
    own = _bound_in_blocks([block for kind, block in found if kind == "code"])
    for kind, block in found:
        if kind == "code":
            blocks.append((kind, [_code_claim(block, vocabulary, section, own)]))
            continue
        parts = split.items(block) if kind == "list" else split.sentences(" ".join(block.split("\n")))
        claims = [_prose_claim(part, vocabulary, section) for part in parts]
        _keep_lead_ins(claims)
        blocks.append((kind, claims))
    _keep_leading_into_blocks(blocks)
    for kind, claims in blocks:
        if kind == "text":
            _with_neighbours(claims)  # after the lead-ins are kept: a kept one limits nothing (round 23, card 09)
    _drop_framed_lists(blocks)
    _drop_lead_ins_of_dropped_blocks(blocks)
    _drop_framed_examples(blocks)
    every = [claim for _, claims in blocks for claim in claims]
    for claim in every:
        if claim.links:
            _drop(checked, claim.links, claims=len(claim.links))  # each link is a claim no evidence checks
    if example and _after_lost(blocks):
        _drop(checked, [AFTER_LOST, *(name for claim in every for name in _reasons(claim))], claims=len(every))
        return ""
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
                if claim.cut:
                    _drop(checked, [UNSITUATED])
                if claim.guessed:
                    _drop(checked, [GUESSED])
            elif claim.why != "empty":
                _drop(checked, _reasons(claim))
                if claim.why == "unknown":
                    checked.unchecked.append((claim.text, claim.unknown))
        if kept:
            joined = ("\n" if kind == "list" else " ").join(kept)
            kept_blocks.append(joined if kind == "code" else hostile.neutralise(joined))
    return _without_rendered_links(kept_blocks, checked)


def _bound_in_blocks(codes: list[str]) -> frozenset[str]:
    """The names the section's Python code blocks bind (`class A`, `x = ...`, a `def`, an import's `as`): an
    example's own, which its other blocks may use."""
    bound: set[str] = set()
    for code in codes[:MOST_BLOCKS]:
        if split.language(code) not in PYTHON_LANGUAGES:
            continue
        tree = _python(split.fenced_body(code))
        if tree is not None:
            bound.update(_bound_names(tree))
    return frozenset(bound)


def _bound_names(tree: ast.AST) -> set[str]:
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
    return bound


def _after_lost(blocks: list[tuple[str, list[_Claim]]]) -> bool:
    """Whether an example fix loses its "after" part: from the prose claim that opens with "After" on, a code block
    is dropped or nothing is kept but the lead-in."""
    claims = [(kind, claim) for kind, found in blocks for claim in found]
    start = next(
        (
            index
            for index, (kind, claim) in enumerate(claims)
            if kind != "code" and AFTER.match(claim.text.lstrip(_MARKS))
        ),
        None,
    )
    if start is None:
        return False  # two blocks with no "After" may be two examples: each stands alone
    after = claims[start:]
    if any(kind == "code" and claim.why for kind, claim in after):
        return True
    said = [claim for kind, claim in after if kind == "code" or not AFTER_LEAD_IN.fullmatch(claim.text.strip(_MARKS))]
    return not any(not claim.why for claim in said)


def _reasons(claim: _Claim) -> list[str]:
    if claim.why == "unknown":
        return claim.unknown
    reasons = {
        "instruction": INSTRUCTION,
        "unanchored": UNANCHORED,
        "unsituated": UNSITUATED,
        "qualified": QUALIFIED,
        "framed": FRAMED,
        "counted": COUNTED,
        "dependent": DEPENDENT,
        "lead-in": LEAD_IN,
        "several": SEVERAL,
        "guessed": GUESSED,
    }
    return [reasons[claim.why]] if claim.why in reasons else []


def _prose_claim(text: str, vocabulary: Vocabulary, section: str) -> _Claim:
    """A sentence or an item checked; one that fails only for naming the request's own fields is checked again
    without the parenthetical naming them (`salvage.without_fields`)."""
    unguessed = guesses.without_guesses(text)
    if unguessed is None:
        return _Claim(text, why="guessed")
    claim = _checked_prose(unguessed, vocabulary, section)
    claim.guessed = unguessed != text
    if claim.why != "unknown" or not vocabulary.fields.issuperset(claim.unknown):
        return claim
    shorter = salvage.without_fields(claim.text, vocabulary.fields)
    again = _checked_prose(shorter, vocabulary, section) if shorter else claim
    again.guessed = claim.guessed
    return again if not again.why else claim


def _checked_prose(text: str, vocabulary: Vocabulary, section: str) -> _Claim:
    unlinked = hostile.unlink(text)
    claim = _Claim(unlinked.text, links=unlinked.links)
    if not BULLET.sub("", claim.text, count=1).strip(" \t*_>"):
        claim.why = "empty"  # nothing but a link
        return claim
    # A URL is not a link when shown as code, but only one the request's text holds verbatim may stay; a bare URL
    # taken out of prose leaves a fragment. Either way the claim goes whole.
    _, spans = _spans(claim.text)
    examples = salvage.introduced_as_examples(claim.text)
    unheld = [
        url
        for span, example in zip(spans, examples, strict=True)
        for url in salvage.urls(span)
        if not (vocabulary.quotes(url) or salvage.example_url(url, example))
    ]
    if unlinked.gaps or unheld:
        claim.why, claim.links = "empty", [*claim.links, *(hostile.link_to(url) for url in unheld)]
        return claim
    claim.unknown, held = _names_in_prose(claim.text, vocabulary)
    conditions = section in SAYS_WHEN
    prose, _ = _spans(claim.text)
    # Only where the answer says when it is raised: a solution or an example speaks of the state after a fix.
    # A sentence quoting another error's message ("raises `The model ... is abstract` first") claims its conditions.
    other = any(vocabulary.quotes_another_message(span) for span in _spans(claim.text)[1])
    false = "" if claim.unknown or not conditions or other else facts.contradiction(claim.text, vocabulary.sites)
    false = false or ("" if claim.unknown else facts.wrong_default(claim.text, vocabulary.declarations))
    false = false or ("" if claim.unknown else constants.wrong_value(claim.text, vocabulary.constants))
    false = false or ("" if claim.unknown else routes.contradiction(claim.text, vocabulary.reach, vocabulary.functions))
    false = false or ("" if claim.unknown else routes.called_property(claim.text, vocabulary.functions))
    # A way in that cannot hand the value on, or "whenever" of one that may leave first: said of when it is raised.
    false = false or (
        ""
        if claim.unknown or not conditions
        else ways.contradiction(claim.text, vocabulary.reach, vocabulary.functions)
        or anchored.unrecorded(claim.text, vocabulary.reach, vocabulary.functions)
        or handed.contradiction(claim.text, vocabulary.reach, vocabulary.functions, vocabulary.declarations)
        or overridden.bypassed(claim.text, vocabulary.reach)
    )
    false = false or ("" if claim.unknown else situated.unread_setting(claim.text, vocabulary, section))
    if false:
        claim.unknown = [f"{CONTRADICTS} {false}"]
    if claim.unknown:
        claim.why = "unknown"
    elif salvage.counts_places(claim.text):
        claim.why = "counted"
    elif hostile.instruction(claim.text) or (hostile.aimed_at_reader(prose) and _unchecked_words(prose, vocabulary)):
        claim.why = "instruction"
    elif not held and not vocabulary.knows_any_term(IDENTIFIER.findall(prose)) and not vocabulary.speaks_of(prose):
        claim.why = "unanchored"
    elif (kept := situated.situation_kept(claim.text, section, vocabulary)) != claim.text:
        claim.why, claim.text, claim.cut = ("", kept, True) if kept else ("unsituated", claim.text, False)
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


def _code_claim(block: str, vocabulary: Vocabulary, section: str, own: frozenset[str] = frozenset()) -> _Claim:
    body, language = split.fenced_body(block), split.language(block)
    claim = _Claim(block)
    urls = salvage.urls(body)
    if not all(vocabulary.quotes(url) for url in urls):  # code text, kept when the request holds it verbatim
        claim.why, claim.links = "empty", [hostile.link_to(url) for url in urls]
        return claim
    claim.unknown, held = _names_in_code(body, vocabulary, fenced=True, language=language, own=own)
    if not claim.unknown and (unread := situated.unread_setting(body, vocabulary, section)):
        claim.unknown = [f"{CONTRADICTS} {unread}"]
    if claim.unknown:
        claim.why = "unknown"
    elif salvage.counts_places(claim.text):
        claim.why = "counted"
    elif hostile.instruction(body):
        claim.why = "instruction"
    elif not held and not vocabulary.knows_any_term(IDENTIFIER.findall(body)):
        claim.why = "unanchored"
    return claim


def _with_neighbours(claims: list[_Claim]) -> None:
    """A paragraph's sentences read with the one before each: a sentence naming nothing that gives the reason for
    the kept one before it stays (`salvage.gives_reason`); a dropped one that limits the one before it takes that
    one with it (`salvage.qualifies`), from the last sentence back, unless the code refutes it: then the limit was
    false, and the sentence before it was checked on its own."""
    for index in range(1, len(claims)):
        if claims[index].why == "unanchored" and not claims[index - 1].why:
            if salvage.gives_reason(claims[index].text):
                claims[index].why = ""
    for index in range(len(claims) - 1, 0, -1):
        claim = claims[index]
        refuted = bool(claim.unknown) and all(name.startswith(CONTRADICTS) for name in claim.unknown)
        dropped = claim.why not in ("", "empty") or (claim.why == "empty" and bool(claim.links))
        dropped = dropped and not refuted
        if dropped and not claims[index - 1].why and salvage.qualifies(claim.text):
            claims[index - 1].why = "qualified"
    for before, claim in itertools.pairwise(claims):
        dropped = before.why not in ("", "empty") or (before.why == "empty" and bool(before.links))
        if dropped and claim.why in ("", "unanchored") and salvage.depends_on_before(claim.text, before.text):
            claim.why = "dependent"  # "Otherwise ..." of a dropped sentence refers to nothing (round 23, card 09)


def _keep_lead_ins(claims: list[_Claim]) -> None:
    """A short line that introduces what follows ("Callers:") names nothing itself: it stays when a claim after it
    in the block does."""
    for index, claim in enumerate(claims):
        short = claim.text.rstrip().endswith(":") and len(claim.text.split()) <= 8
        if claim.why == "unanchored" and short and any(not later.why for later in claims[index + 1 :]):
            claim.why = ""


def _keep_leading_into_blocks(blocks: list[tuple[str, list[_Claim]]]) -> None:
    """A paragraph's last sentence that introduces the list or code block after it ("It raises when:") stays when a
    claim of that block does, as a lead-in inside one block does (`_keep_lead_ins`)."""
    for (_, claims), (_, following) in itertools.pairwise(blocks):
        if claims and any(not later.why for later in following):
            _keep_lead_ins([claims[-1], *following])


def _drop_framed_lists(blocks: list[tuple[str, list[_Claim]]]) -> None:
    """A list that loses an item, after a lead-in speaking of its items together ("passes none of these:", "one
    of:"), goes whole with that lead-in and the sentence on what it leaves out ("Anything else is refused"): what
    they say of the items left is false without the one dropped (round 23, card 16). A list led into by a dropped
    "Otherwise ... when either:" goes with it."""
    for index in range(1, len(blocks)):
        kind, items = blocks[index]
        before = blocks[index - 1][1]
        if kind != "list" or blocks[index - 1][0] != "text" or not before:
            continue
        if before[-1].why == "dependent" and before[-1].text.rstrip(" *_").endswith(":"):
            for item in items:
                item.why = item.why or "dependent"  # the list an "Otherwise ... when either:" led into
            continue
        if not salvage.frames_the_whole(before[-1].text) or not any(item.why not in ("", "empty") for item in items):
            continue
        after = blocks[index + 1][1][:1] if index + 1 < len(blocks) and blocks[index + 1][0] == "text" else []
        for claim in [before[-1], *items, *(claim for claim in after if salvage.about_the_rest(claim.text))]:
            if not claim.why:
                claim.why = "framed"


def _drop_lead_ins_of_dropped_blocks(blocks: list[tuple[str, list[_Claim]]]) -> None:
    """A paragraph's last sentence ending with ":" goes when nothing is kept of the code blocks and lists after it
    (up to the next paragraph): "Install the package ...:" with its `pip install` block gone leads into nothing
    (round 24, card 21)."""
    for index, (kind, claims) in enumerate(blocks):
        if kind != "text" or not claims or claims[-1].why or not claims[-1].text.rstrip(" \t*_").endswith(":"):
            continue
        following = list(itertools.takewhile(lambda block: block[0] != "text", blocks[index + 1 :]))
        led = [claim for _, found in following for claim in found]  # every block up to the next paragraph
        if led and all(claim.why for claim in led):
            claims[-1].why = "lead-in"


def _drop_framed_examples(blocks: list[tuple[str, list[_Claim]]]) -> None:
    """Of several code blocks in a row, one dropped: the lead-in before them speaking of them together ("Compiling
    either of these templates raises the error:") and the sentence after them opening on them ("They give ...")
    go, as `_drop_framed_lists` does for a list's items (round 24, card 09: the `only` example went, and "either of
    these" and "They give `The 'only' option ...`" were left speaking of one template)."""
    index = 0
    while index < len(blocks):
        end = index
        while end < len(blocks) and blocks[end][0] == "code":
            end += 1
        run = [claim for _, claims in blocks[index:end] for claim in claims]
        if end - index >= 2 and any(claim.why for claim in run):
            before = blocks[index - 1][1] if index and blocks[index - 1][0] == "text" else []
            if before and not before[-1].why and salvage.speaks_for_several(before[-1].text):
                before[-1].why = "several"
            after = blocks[end][1] if end < len(blocks) and blocks[end][0] == "text" else []
            if after and not after[0].why and salvage.speaks_for_several(after[0].text, opening=True):
                after[0].why = "several"
        index = max(end, index + 1)


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
    for span, example in zip(spans, salvage.introduced_as_examples(text), strict=True):
        if vocabulary.quotes(span):
            held = True  # the evidence's own text, quoted
            continue
        if salvage.example_url(span, example):
            continue  # a URL that points nowhere (`https://example.com/`): no link, no name of the code
        span_unknown, span_held = _names_in_code(span.strip(), vocabulary, fenced=False, example=example)
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


def _names_in_code(
    code: str,
    vocabulary: Vocabulary,
    *,
    fenced: bool,
    language: str = "",
    own: frozenset[str] = frozenset(),
    example: bool = False,
) -> tuple[list[str], bool]:
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
        if not QUOTED_FILE_NAME.fullmatch(code.strip()):  # the example's own file, as in a Python string
            code = QUOTED_FILE_NAME.sub(r"\1\1", code)
        unknown, held = _names_by_pattern(code, vocabulary)
        return unknown, held or vocabulary.knows_any_term(IDENTIFIER.findall(code))
    if example:  # after "e.g.": the values it hands on are the example's own (`pk=(tenant_id, id)`)
        own = own | salvage.example_values(tree)
    return _names_in_python(tree, vocabulary, own_names=fenced, own=own)


def _python(code: str) -> ast.AST | None:
    """The code parsed as an expression or statements; a compound statement's header alone (`def f(sender,
    **kwargs):`, `with transaction.atomic():`, as a code span shows one) with an empty body, so that its names are
    read as Python (an example's own `my_receiver` is not read as the call `my_receiver(`)."""
    header = code.rstrip()
    attempts = [(code, "eval"), (code, "exec")]
    if header.endswith(":") and "\n" not in header:
        attempts.append((f"{header} ...", "exec"))
    for text, mode in attempts:
        try:
            return ast.parse(text, mode=mode)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None


def _names_in_python(
    tree: ast.AST, vocabulary: Vocabulary, *, own_names: bool, own: frozenset[str] = frozenset()
) -> tuple[list[str], bool]:
    """Every name the code reads and does not bind itself, every attribute, keyword argument and import, and the
    flags in its strings; those errorkb does not know, and whether one is held by the evidence. With `own_names` (a
    code block), a name the code binds (`def preflight_check`, `for item in ...`) is the example's own; a code span
    (`strict_mode=True`) names what exists."""
    bound: set[str] = set()
    read: list[str] = []
    called: set[str] = set()
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
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            called.add(node.func.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            always += [flag for flag in FLAG.findall(node.value) if not vocabulary.knows_flag(flag)]
    flags = [name for name in always if name.startswith("--")]
    read = [name for name in read if name not in bound and name not in own] if own_names else [*read, *sorted(bound)]
    # `some_author`, and after "e.g." a value the example hands on (`own`)
    read = [name for name in read if name in called or not (salvage.example_variable(name) or name in own)]
    names = [name for name in read + always if name and not name.startswith("--") and not placeholder(name)]
    unknown = [name for name in names if not _known(name, vocabulary)] + flags + list(dict.fromkeys(pairs))
    return unknown, any(vocabulary.holds_name(name) for name in names)


def _known(name: str, vocabulary: Vocabulary) -> bool:
    """A name the vocabulary has, one the code makes from a template it spells out (`get_next_by_<field>` from
    `"get_next_by_%s"`), or a lookup of known names (`pk__gt`)."""
    if vocabulary.knows_name(name):
        return True
    if stem := salvage.dynamic_stem(name):
        return vocabulary.knows_name(stem)
    parts = salvage.lookup_parts(name)
    return bool(parts) and all(vocabulary.knows_name(part) for part in parts)


def placeholder(name: str) -> bool:
    """A name an example uses for the reader's own (`OLD_NAME`, `YOUR_APP.models`, `MyView`, `YourModel`,
    `_placeholder_` for `<name>`, and names made from it: `<name>_ptr`)."""
    return any(
        part.startswith(salvage.PLACEHOLDER)
        or (part.isupper() and part.split("_", 1)[0] in PLACEHOLDER_WORDS)
        or PLACEHOLDER_CLASS.match(part) is not None
        for part in name.split(".")
    )


def _dotted(node: ast.Attribute) -> str:
    """`a.b.c` for an attribute chain of plain names; "" for anything else (a call, a subscript)."""
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    return ".".join([value.id, *reversed(parts)]) if isinstance(value, ast.Name) else ""
