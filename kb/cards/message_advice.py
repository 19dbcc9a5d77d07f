"""What a message itself says to do (issue 29, §3): the sentences that advise the reader ("Use DjangoTemplates
instead.", "If it is, try setting GDAL_LIBRARY_PATH in your settings.", the clause after "; you must"), a question
whether something is installed said as what to check, the rule a message states ("X must be Y"), and the choices it
lists. Each is quoted by `quoted`, its placeholders said in words or left out, never raw; never a sentence that
names a private name, nor one that only reports what failed."""

import re

from kb.cards.quoted import quote
from kb.text.escaping import code, plain


def offered(said: str, words: dict[str, str]) -> str:
    """A sentence of `advice` as a solution: a question whether something is installed or set up as what to check
    ("Is GDAL installed?": "Check that GDAL is installed."), anything else quoted; "" when it cannot be said."""
    if checked := _checked(said):
        return checked
    quoted = quote(said, words)
    return f"Do what the message asks: “{quoted}”" if quoted else ""


def replaced(message: str) -> str:
    """What a deprecation message says replaces what it deprecates, as what to do: "ChoicesMeta is deprecated in
    favor of ChoicesType." gives "Use `ChoicesType` instead of `ChoicesMeta`."; "The usage of log_action() is
    deprecated. Implement log_actions() instead." gives "Implement `log_actions()` instead of `log_action()`.". Only
    a whole message of that shape, both sides plain names (a call, a dotted name, "the X argument"); "" for
    anything else ("Use a string reference instead" names nothing to write)."""
    found = _DEPRECATED.fullmatch(message.strip())
    if found is None or (found["advice"] and not found["instead"]) or (not found["advice"] and found["instead"]):
        return ""
    old = code(found["old"])
    if found["verb"]:
        old = f"{found['verb'].lower()} {old}"
    elif found["noun"]:
        old = f"the {old} {found['noun']}"
    new = f"the {code(found['new'])} {found['new_noun']}" if found["new_noun"] else code(found["new"])
    if names_private(found["old"]) or names_private(found["new"]) or found["old"] == found["new"]:
        return ""
    if not (_named(found, "old", "noun") and _named(found, "new", "new_noun")):
        return ""
    return f"{(found['advice'] or 'Use').capitalize()} {new} instead of {old}."


def _named(found: re.Match[str], side: str, noun: str) -> bool:
    """Whether a side of a deprecation names code, not words: never a pronoun ("This function is deprecated; use
    `wait_readable` instead", anyio 4.x's _core/_sockets.py:705, said "instead of the `This` function"); else in
    backticks, followed by its kind ("the ordering argument"), or shaped as no English word is (a dot, a call, an
    underscore, a digit, a capital inside: `order_by`, `GeoIP2()`, `ChoicesType`). A bare word ("Use strings
    instead.", "The function is deprecated.") may be English: the message's own words say it then."""
    name = found[side]
    if name.lower() in _PRONOUNS:
        return False
    quoted = found.string[found.start(side) - 1 : found.start(side)] == "`"
    return quoted or bool(found[noun]) or _CODE_SHAPED.search(name) is not None


_PRONOUNS = frozenset("this that these those it its one which what".split())
_CODE_SHAPED = re.compile(r"[._()0-9]|(?<=[A-Za-z])[A-Z]")


# "X is deprecated in favor of Y.", "X is deprecated. Use Y instead.", "X is deprecated use Y instead." (Django
# 5.2.19's enums.py, fields/related.py, base/operations.py), X and Y each a name, a call or "the x argument".
_DOTTED = r"\.?+[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)*+(?:\(\))?+"  # `ChoicesType`, `GeoIP2.open()`, `.condition`
_NOUNS = r"argument|parameter|setting|option|attribute|method|function|class|property|setter"
_DEPRECATED = re.compile(
    r"(?<![\w.`])(?:(?P<usage>The usage of )|(?P<the>The )|(?P<verb>Overriding|Passing|Using|Calling|Setting) )?+"
    rf"`?+(?P<old>{_DOTTED})`?+(?: (?P<noun>{_NOUNS}))?+"
    r" is deprecated(?: in favou?+r of |[.;,]?+ (?P<advice>[Uu]se|Implement|Override) )"
    rf"(?:the )?+`?+(?P<new>{_DOTTED})`?+(?: (?P<new_noun>{_NOUNS}))?+"
    r"(?P<instead> instead)?+\.?+"
)


def choices(message: str) -> str:
    """ "Use one of the values the message lists after “Choices are:”." where the message ends a sentence with the
    list it takes; "" elsewhere."""
    found = _CHOICES.search(message)
    if found is None or names_private(message[: found.end()]):
        return ""
    return f"Use one of the values the message lists after “{plain(found[1])}”."


# The message lists what it takes: "Choices are: {fields}", "Valid options are: {valid_options}", "Must be one of:
# {libraries}" (on the next line), 'Must be one of "{valid_formats}"'. The list is the message's at run time; the
# card points to it.
_CHOICES = re.compile(
    r"(?<![\w{])((?:Choices are|Valid (?:options|choices|values) are|[Mm]ust be one of)(?: ?:)?+)\s?+[\"'“]?+\{\w*+\}"
)
# "Is GDAL installed?", "Are time zone definitions for your database installed?": a question whose subject is named
# (not "it", not a placeholder) and whose last word says a state the reader can check.
_STATE = frozenset("installed configured enabled running set loaded registered available defined".split())
_PRONOUNS = frozenset("it this that these those they you there he she we i self".split())
MAX_SUBJECT = 6


def _checked(said: str) -> str:
    """What a question asks the reader to check: "Is GDAL installed?", "Does AUTHENTICATION_BACKENDS contain
    anything?", "Are you sure your INSTALLED_APPS setting is correct?", "Was the SpatiaLite initialization SQL
    loaded on this database?" (Django 5.2.19); "" for any other sentence, or one whose subject is a pronoun or a
    placeholder ("Is it installed?")."""
    words = said.removesuffix("?").split()
    if not said.endswith("?") or len(words) < 3 or any("{" in word for word in words):
        return ""
    first = words[0]
    if first in ("Is", "Are") and words[-1] in _STATE:
        return _check(words[1:-1], f"{first.lower()} {words[-1]}")
    if first == "Are" and words[1:3] == ["you", "sure"] and len(words) > 5:
        rest = words[4:] if words[3] == "that" else words[3:]
        return "" if rest[0].lower() in _PRONOUNS else f"Check that {plain(' '.join(rest))}."
    verbs = _DONE if first == "Does" else _STATE | {"created"} if first in ("Was", "Were") else frozenset()
    at = next((i for i, word in enumerate(words[2:], 2) if word in verbs), 0)
    if not at:
        return ""
    done = _third_person(words[at]) if first == "Does" else f"{first.lower()} {words[at]}"
    after = " ".join("something" if word == "anything" else word for word in words[at + 1 :])
    return _check(words[1:at], f"{done} {after}".rstrip())


# "Does AUTHENTICATION_BACKENDS contain anything?": the verbs whose question names a check of a value.
_DONE = frozenset("contain include exist have match support define".split())


def _third_person(verb: str) -> str:
    return "has" if verb == "have" else f"{verb}es" if verb.endswith(("s", "sh", "ch", "x")) else f"{verb}s"


def _check(subject: list[str], said: str) -> str:
    if not subject or len(subject) > MAX_SUBJECT or subject[0].lower() in _PRONOUNS:
        return ""
    return f"Check that {plain(' '.join(subject))} {said}."


_RULE = re.compile(
    r"\b(?:must|should|cannot|can't|needs? to|has to|have to|is required|are required|requires?|only accepts?)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r",\s|\s\(")
MIN_RULE_WORDS = 4
MAX_SUBJECT_NOUNS = 2  # "{class_name} HTTP handlers must": the words between a rule's value and its verb
# A rule cut before its value must not end mid-phrase ("must be one of", "must be a").
_DANGLING = frozenset("of to a an the be is are in with for from by one either than as and or".split())


def requirement(message: str) -> str:
    """The first sentence of a message that states a rule ("Signal receivers must accept keyword arguments"), cut
    before the clause that reports the value given (", not '{klass}'", ", but got {x}", " (received {n})"); "" when
    there is none, or the rule itself is a value the code fills in. A placeholder before the rule is its subject
    ("'{class_name}' should either include ..."), kept for `quote` to say."""
    for said in _SENTENCE_END.split(message.strip()[: MAX_ADVICE * 4]):
        rule = _RULE.search(said)
        if rule is None or len(said) > MAX_ADVICE or "\n" in said.strip() or names_private(said):
            continue
        # A value the rule is of is its subject, or names the subject's noun ("“{value}” value must"); not one a
        # clause before reports ("App {app_label} has no migration, cannot update last migration").
        between = said[said.rfind("}", 0, rule.start()) + 1 : rule.start()] if "{" in said[: rule.start()] else ""
        if "," in between or ";" in between or len(between.split()) > MAX_SUBJECT_NOUNS:
            continue
        if "{" in said[: rule.start()] and _failed(said[rule.start() :]):
            continue  # "Related model {model} cannot be resolved": what failed, not a rule to meet
        if "{" in said[rule.end() :]:
            head = said[: said.index("{", rule.end())]
            ends = [m.start() for m in _CLAUSE_END.finditer(head) if m.start() > rule.end()]
            if not ends:
                continue
            said = head[: ends[-1]]
        said = said.strip().rstrip(".")
        words = said.split()
        if len(words) >= MIN_RULE_WORDS and "{" not in said[rule.end() :] and words[-1].lower() not in _DANGLING:
            return said + "."
    return ""


def _failed(rule: str) -> bool:
    """ "cannot be resolved", "cannot be found": a report that the code failed at something, no rule the reader
    meets ("cannot be empty" is one)."""
    words = rule.strip().rstrip(".").split()
    return len(words) == 3 and words[1] == "be" and (words[2].endswith("ed") or words[2] == "found")


# A sentence of the message that tells the reader what to do: the library's own advice ("Use DjangoTemplates
# instead.", "Please supply the NAME value.", "Did you mean to pass an empty string or omit the value?").
_IMPERATIVE = frozenset(
    "Use Set Pass Add Remove Install Define Specify Provide Call Make Try Consider Rename Move Change Override "
    "Declare Run Ensure Please Update Upgrade Include Register Configure Enable Disable Give Supply Import Wrap "
    "Avoid Replace Create Delete Put Return Implement Subclass Write Mark Convert Increase Reduce Choose Select "
    "Apply Restart Reinstall Downgrade Look".split()
)
_ADVISES = re.compile(
    r"\b(?:you (?:must|should|need to|may (?:want|need) to|might want to|can)|please)\b|^did you \w", re.I
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s++")
# A sentence the message labels as its hint: "Hint: Look at the output of 'django-admin sqlflush'." (Django 5.2.19,
# core/management/commands/flush.py): the advice after the label.
_HINT = re.compile(r"(?:Hint|HINT|Tip):[ \t]++")
MAX_ADVICE = 300


# A sentence that opens with a condition or a purpose before its advice: "If it is, try setting GDAL_LIBRARY_PATH
# in your settings.", "To fix this warning, avoid executing queries in AppConfig.ready()".
_LEAD_IN = re.compile(r"(?:If|To|Otherwise|Unless|When|Instead)\b[^,;\n]{0,200}+,\s++(\w++)")
# Advice after a clause that reports the failure: "...has no filesystem location, you must configure this app ...",
# "...filesystem locations ({paths}); you must configure ...": said from there, without the report and its values.
_CLAUSE_ADVISES = re.compile(r"(?:;|,(?= ?+(?:you|please)\b))\s++(\w++)", re.I)
MIN_CLAUSE_WORDS = 5  # "please create it first" alone leaves the reader asking what "it" is


def advice(message: str) -> list[str]:
    """The sentences of a message that advise the reader, in order, each from where its advice begins; a
    one-sentence message that only states a rule ("X must be Y") is not advice."""
    found = []
    for said in _SENTENCE_END.split(message.strip()[: MAX_ADVICE * 4]):
        said = said.strip()
        said = said[hint.end() :] if (hint := _HINT.match(said)) else said
        if len(said) > MAX_ADVICE or "\n" in said or names_private(said):
            continue
        first = said.split(" ", 1)[0]
        lead = _LEAD_IN.match(said)
        if _advises(first, said, first_word=True) or (lead and _advises(lead[1], said[lead.start(1) :])):
            found.append(said)
        elif clause := next((m for m in _CLAUSE_ADVISES.finditer(said) if _advises(m[1], said[m.start(1) :])), None):
            # Cut only where the report before it holds a value ("The app module {module} has ..."): a rule
            # before it ("You cannot use --pdb with parallel tests; pass ...") is part of the advice.
            rest = said[clause.start(1) :]
            cut = "{" in said[: clause.start()] and len(rest.split()) >= MIN_CLAUSE_WORDS
            found.append(rest if cut else said)
        elif _ADVISES.search(said) or _checked(said):
            found.append(said)
    return found


def _advises(word: str, clause: str, *, first_word: bool = False) -> bool:
    imperative = (word if first_word else word.capitalize()) in _IMPERATIVE and not _reports(clause)
    return imperative or _ADVISES.match(clause) is not None


# Verbs that take a clause of their own: "Ensure {f}.Meta.model is set", "Consider if elements of ... are".
_TAKES_A_CLAUSE = frozenset({"ensure", "make", "consider", "please", "check"})
_FINITE = frozenset("is are was were has have had does did".split())
# Verbs that want an object, so "to" after them makes them nouns: "Call to deprecated function {func}." (round 32's
# card 25, pydash 8.1.0 helpers.py:325), "Use to ..." never advises; "Change to ..." and "Move to ..." may.
_NOUNS_TO = frozenset({"call", "use", "import", "access"})


def _reports(clause: str) -> bool:
    """Whether a clause whose first word can be an imperative ("Use", "Run", "call", "select") reads as a report of
    what happened, that word a noun: "Use of the … construct ... is not yet supported", "Run variable "…" has no
    value", "Call to deprecated function …", "; call denied.", "; select #… has … columns" (sqlalchemy 2.1.9,
    anyio 4.16.0, pyrate_limiter 4.5.1)."""
    words = clause.split()[:4]
    if len(words) > 1 and (words[1].lower() == "of" or (words[1].lower() == "to" and words[0].lower() in _NOUNS_TO)):
        return True
    if len(words) == 2 and words[1].rstrip(".!").lower().endswith("ed"):
        return True  # a noun and what befell it: "call denied."
    return words[0].lower() not in _TAKES_A_CLAUSE and any(w.lower() in _FINITE for w in words[1:])


# `_schedule_next_run`, `obj._meta`, `__mangled`: a private name (a dunder such as `__init__` is not).
_PRIVATE = re.compile(r"(?<![\w{])_\w++")
# "subclasses must provide a _get() method": a hook a subclass defines is the library's contract, not its internals.
_SUBCLASS_HOOK = re.compile(r"\b(?:subclass|provide|implement|override|define)", re.IGNORECASE)


def names_private(said: str) -> bool:
    """Whether advice asks the reader to use a private function, method or attribute ("must run _schedule_next_run
    before", round 19's card 21): no one outside the library can follow it. Defining a private hook in a subclass
    is the exception."""
    private = [name for name in _PRIVATE.findall(said) if not (name.startswith("__") and name.endswith("__"))]
    return bool(private) and _SUBCLASS_HOOK.search(said) is None
