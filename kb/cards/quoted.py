"""A sentence of the message quoted as a solution, its placeholders said in words (issue 29, round 25's cards 07, 18
and 19): a raw `{viewset}` in advice tells the reader nothing.

A placeholder that stands as a word of its own is said, in brackets (an editor's words in a quotation), by what the
site's evidence says it stands for: "[the `viewset` argument]", "[the class of your `GenericAPIView`]"; one that
cannot be said, or sits inside a longer token (`.{method_name}()`), is left out as "…". A sentence whose first word
is a placeholder that cannot be said is no quote at all: "… must be a list" says nothing a reader can act on."""

import re
from collections.abc import Sequence

from kb.cards import own_attributes
from kb.cards.never import never
from kb.cards.reader import Reader, entry_points, names_in, plain_said, raising_function, reader_of
from kb.models import RaiseSite
from kb.text.escaping import plain

# A placeholder, with the quotes a message puts around it: `'{name}'`, `"{x}"`, `“{value}”`, `` `{cls}` ``.
_PLACEHOLDER = re.compile(r"(['\"“`]?+)\{(\w*+)\}(['\"”`]?+)")
_TYPE_OF = re.compile(r"type\(([\w.]++)\)")
MAX_QUOTED = 300  # `solutions.MAX_ADVICE`: a sentence longer is no advice
MIN_WORDS = 4  # a quote left with fewer words of its own (placeholders said or left out) says nothing
# The words a placeholder is said in, in the shapes that name the value itself: "the `viewset` argument", "the
# `TemplateCommand`'s `app_or_project`", "the `GenericAPIView`'s own class", "your `Model`", "one of the items of the
# `force_insert` argument"; never a longer gloss ("the name of one of the keyword arguments it does not name").
_SAYABLE = re.compile(
    r"(?:the class of )?+(?:the `[^`]++` argument(?: of `[^`]++`)?+|the `[^`]++`'s (?:`[^`]++`|own class)"
    r"|your `[^`]++`|one of the (?:items|keys) of the `[^`]++` (?:argument|option)(?: of your `[^`]++`)?+)"
)
# After a determiner the placeholder is a word the message fills in ("make sure the {type} is"), not the value.
_DETERMINERS = frozenset("the a an this that your any each every another".split())
# A placeholder followed by one of these is the sentence's subject: "{route} cannot contain", "'{entry}' must".
_VERBS = frozenset(
    "must should cannot can't can is isn't are aren't was were has have needs need requires require does doesn't "
    "did didn't will may might could would".split()
)


def placeholder_words(sites: Sequence[RaiseSite]) -> dict[str, str]:
    """Markdown for each placeholder every site that fills it says alike, by what the expression filling it
    stands for in the reader's terms (`Reader.replacement`); a placeholder two sites say differently, or one
    cannot say, is left out."""
    said: dict[str, str | None] = {}
    for site in sites:
        evidence = site.evidence or {}
        reader: Reader | None = None
        for value in evidence.get("values") or []:
            if not isinstance(value, dict) or not isinstance(value.get("placeholder"), str):
                continue
            if reader is None:
                reader = _reader(site)
            words = _words(str(value.get("expression") or ""), reader, site.line)
            name = value["placeholder"]
            said[name] = words if said.get(name, words) == words else None
    return {name: words for name, words in said.items() if words}


def _reader(site: RaiseSite) -> Reader:
    """The reader the card's sections say a site's names for (`explain._view`): its first way in, not a hook."""
    evidence = site.evidence or {}
    points = [] if never(site) else [p for p in entry_points(evidence, path=site.path) if p.kind != "hook"]
    return reader_of(evidence, points[0] if points else raising_function(evidence, site.path))


def _words(expression: str, reader: Reader, line: int | None) -> str | None:
    """What a placeholder's expression stands for: a name or chain the reader can say ("the `viewset`
    argument"); the class of one (`type(x)`, `x.__class__`, their `__name__`), or a class's or function's
    `__name__` as what the name says; None for anything else."""
    for suffix in (".__name__", ".__qualname__"):
        expression = expression.removesuffix(suffix)
    typed = _TYPE_OF.fullmatch(expression)
    if typed:
        expression = typed[1] + ".__class__"
    subject = expression.removesuffix(".__class__")
    if subject == "self":  # "the `GenericAPIView`'s own class" (`Reader._own_class`)
        said = _said(expression, reader, line)
    else:
        said = _said(subject, reader, line)
        said = f"the class of {said}" if said and subject != expression else said
    return said if said and _SAYABLE.fullmatch(said) else None


def _said(name: str, reader: Reader, line: int | None) -> str | None:
    if names_in(name) != [name]:
        return None
    recorded = reader.evidence.get("function")
    function = str(recorded.get("name") or "") if isinstance(recorded, dict) else ""
    if name == "self" and not function.endswith(".__new__"):  # the object the method runs on: the reader's own
        owner = own_attributes.own_class(reader.evidence)
        return f"your `{owner}`" if owner else None
    said = reader.replacement(name, line)
    return plain_said(said) if said else None


def quote(sentence: str, words: dict[str, str], *, every: bool = False) -> str:
    """The sentence as Markdown, escaped, each placeholder said in brackets where it names the value (the subject,
    or a slot the sentence ends or pauses at) or left out as "…"; "" when it starts with a placeholder that cannot
    be said, or keeps fewer than `MIN_WORDS` words of its own. `every`: "" when any placeholder cannot be said (a
    rule's subject: "Test … must be a test case" names no one)."""
    parts: list[str] = []
    at = 0
    sentence = sentence.strip()
    if len(sentence) > MAX_QUOTED:
        return ""  # the message's sentences are cut to this before; nothing longer is quoted whole
    if every and (left := _left_out(sentence, words)) is None:
        return ""
    sentence = left if every and left else sentence
    for found in _PLACEHOLDER.finditer(sentence):
        before, rest = sentence[at : found.start()], sentence[found.end() :]
        opened, closed = found[1], found[3]
        paired = (opened, closed) in (("", ""), ("'", "'"), ('"', '"'), ("“", "”"), ("`", "`"))
        said = words.get(found[2]) if paired and _names_value(sentence[: found.start()], rest) else None
        if said is None and (every or found.start() == 0):
            return ""  # "… should either include": no subject the reader can act on
        shown = f"\\[{said}\\]" if said else f"{_mark(opened)}…{_mark(closed)}" if paired else f"{_mark(opened)}…"
        if said is None and not paired and closed:
            at = found.end() - len(closed)  # `{field_name} = None`: the code span's fence stays with its code
        else:
            at = found.end()
        if shown == "…" and parts and parts[-1] == "…" and not before.strip():
            continue  # "{an} {app} name": one gap, not two
        parts.extend([_escaped(before), shown] if before else [shown])
    parts.append(_escaped(sentence[at:]))
    if "{" in sentence and len(re.findall(r"[A-Za-z]{2,}+", _PLACEHOLDER.sub(" ", sentence))) < MIN_WORDS:
        return ""
    return "".join(parts)


def _left_out(sentence: str, words: dict[str, str]) -> str | None:
    """A rule with each placeholder it cannot say taken out, where the rule reads as well without it: a word the
    value fills in before a noun ("“{value}” value must be an integer": "[The] value must be an integer"; "The
    {class_name} operation cannot ..."), or a name beside the noun it names ("Model {class_name} must specify ...":
    "[The model] must specify ..."); what the card puts in its place is in brackets. None when one is left that
    cannot be taken out."""
    while True:
        for found in _PLACEHOLDER.finditer(sentence):
            head, rest = sentence[: found.start()], sentence[found.end() :]
            paired = (found[1], found[3]) in (("", ""), ("'", "'"), ('"', '"'), ("“", "”"), ("`", "`"))
            if not (paired and found[2] in words and _names_value(head, rest)):
                break
        else:
            return sentence
        following = rest[1:].split(" ", 1)[0] if rest.startswith(" ") else ""
        if not paired or not following[:1].isalpha() or following.lower() in _NOT_NOUNS:
            return None
        verb = following.lower() in _VERBS
        first, _, others = head.partition(" ")
        if head.rstrip().rpartition(" ")[2].lower() in _PREPOSITIONS:
            return None  # "First argument in {tokens} must": the rule is of what the value names
        if not head and not verb:
            sentence = "[The] " + rest[1:]  # an editor's word in brackets, as in any quotation
        elif not verb and head.rstrip().rpartition(" ")[2] in ("The", "the"):
            sentence = head + rest[1:]
        elif verb and head and _words_alone(head) and first.lower() not in _PREPOSITIONS:
            if first.lower() not in _DETERMINERS:
                head = f"[The {first.lower() if first.istitle() else first} {others}".rstrip() + "] "
            sentence = head.rstrip() + rest
        else:
            return None


_PREPOSITIONS = frozenset("of in to for from with by on at into as than about".split())
_NOT_NOUNS = frozenset("only already not also never always just still either neither".split())


def _words_alone(head: str) -> bool:
    """Whether the text before a placeholder is one to five plain words and a space ("Generic detail view ",
    "Model "): the placeholder's noun phrase, nothing else before it."""
    words = head[:-1].split(" ") if head.endswith(" ") else []
    return 1 <= len(words) <= 5 and all(word.isascii() and word.isalpha() for word in words)


def _names_value(head: str, rest: str) -> bool:
    """Whether a placeholder stands for the value itself: a word of its own, not after a determiner, and the
    subject (first, or before a verb) or a slot the sentence ends or pauses at."""
    if head and not (head[-1].isspace() or head[-1] in "(\"'“`"):
        return False  # `.{method_name}()`, `--{USERNAME_FIELD}`: part of a longer token
    previous = head.rstrip(" '\"“`(").rpartition(" ")[2].lower()
    if previous in _DETERMINERS:
        return False
    after = rest.lstrip("'\"”`")
    if not after or after[0] in ",;:!?)" or (after[0] == "." and after[1:2] in ("", " ")):
        return True
    return after[0] == " " and after[1:].split(" ", 1)[0].lower() in _VERBS


def _mark(quote_mark: str) -> str:
    return plain(quote_mark) if quote_mark else ""


def _escaped(text: str) -> str:
    """Plain text kept with its edges' spaces (`plain` folds and strips them)."""
    if not text.strip():
        return " " if text else ""
    lead = " " if text[0].isspace() else ""
    trail = " " if text[-1].isspace() else ""
    return lead + plain(text, 600) + trail
