"""How a card says what the reader passed or holds, where the harvest's words are about code (issue 29): an entry
point's `*args` and `**kwargs` ("positional arguments are given"), a property setter's value ("the value assigned"),
a URL's part ("the `redirect_to` argument has a scheme") and a yes-or-no attribute ("the `QuerySet`'s query is
sliced", "the user is not active"). `kb.cards.reader` decides what each name stands for; this module words it."""

import ast
import re
from collections.abc import Callable

from kb.cards import marks
from kb.cards.parsed import expression
from kb.text import breadth
from kb.text.escaping import code

# An entry point's `*args` and `**kwargs` handed on as they are: what the reader passes, in plural.
ASSIGNED = "the value assigned"  # a property setter's value: `response.content = value`
CLASS_NAME = "the name of the class being defined"  # a metaclass's `name`: `class Article(Model)` hands `"Article"`
POSITIONALS = "positional arguments"
KEYWORDS = "keyword arguments"
# `**kwargs` beside named parameters holds only the keywords they do not take: `decode(token, algorithms=[...])`
# passes none of them (round 8's card 24).
EXTRA_KEYWORDS = "keyword arguments it does not name"
UNSAID = marks.UNSAID  # `phrased`: the sentence reads a name in a way no template says
URL_PARTS = frozenset({"scheme", "netloc", "hostname", "port", "path", "query", "fragment"})
URL_SPLIT = re.compile(r"(?:(?:urllib\.)?+parse\.)?+url(?:split|parse)\(\s*+(\w++)\s*+\)")
_URL_PART_OF = re.compile(r"the (scheme|netloc|hostname|port|path|query|fragment) of (the `\w++` argument)")
POPPED = re.compile(r"\A(\w++)\.(?:pop|get)\(\s*+'(\w++)'\s*+,?+\s*+")  # `kwargs.pop('child', ` of `...pop('child', x)`
_YES_NO = re.compile(r"is_[a-z][a-z0-9_]*+")  # `self.query.is_sliced`: an attribute named as a yes or a no
_WORD = re.compile(r"[a-z]{4,}+(?:_[a-z]{2,}+)?+")  # a local named by a word or two (`user`, `token`), not `m`
_YES_NO_MARK = marks.YES_NO  # marks a yes-or-no attribute's replacement (subject, \x02, adjective)
# \x05-\x07 are `own_attributes`' marks.
_OPTIONAL_MARK = marks.OPTIONAL  # marks an optional import's replacement (`optional_module`)
_CONTAINER_MARK = marks.CONTAINER  # marks a literal container's replacement (`container`)
MAX_LISTED = 5  # a container's items listed in full; of a larger one, the first few "such as"
_DOTTED_MODULE = re.compile(r"[A-Za-z_]\w{0,100}+(?:\.[A-Za-z_]\w{0,100}+){0,8}+")
_AFTER = re.compile(rf"`\w++` \({POSITIONALS} after [^()]++\)")
# `len(args) <op> len(b)` as the harvest says it ("`args` has more items than `b`"), said of how many are given.
_AS_MANY_SAID = {
    "has as many items as": "equals",
    "does not have as many items as": "is not",
    "has fewer items than": "is less than",
    "has more items than": "is greater than",
    "has at most as many items as": "is at most",
    "has at least as many items as": "is at least",
}
_AS_MANY = "(" + "|".join(_AS_MANY_SAID) + ")"
_OTHER = r"ZZGLOSS\d++ZZ|`[^`]{1,200}+`"  # the other collection: a name the card says (its stand-in), or code
_PLURAL = {"is": "are", "has": "have", "does": "do", "equals": "equal", "contains": "contain", "holds": "hold"}


def positionals(name: str, before: tuple[str, ...]) -> str:
    """An entry point's `*classes`: "positional arguments"; with named ones ahead (`f(converter, *classes)`),
    "`classes` (positional arguments after `converter`)", for a count of them is not a count of all."""
    if not before:
        return POSITIONALS
    return f"{code(name)} ({POSITIONALS} after {' and '.join(code(b) for b in before)})"


def is_positionals(said: str) -> bool:
    """Whether `said` is `positionals`' words for an entry point's `*args`."""
    return said == POSITIONALS or _AFTER.fullmatch(said) is not None


def is_yes_no(said: str) -> bool:
    return said.startswith(_YES_NO_MARK)


def phrased(text: str, token: str, said: str) -> str:
    """The sentence with `token` (standing for `said`) worded by the template of its kind; "" when `said` is of no
    kind here; UNSAID when it is a yes-or-no attribute the sentence reads another way."""
    if is_yes_no(said):
        subject, _, adjective = said.removeprefix(_YES_NO_MARK).partition(marks.SEPARATOR)
        text = text.replace(f"{token} is true", f"{subject} is {adjective}").replace(
            f"{token} is empty or false", f"{subject} is not {adjective}"
        )
        return UNSAID if token in text else text
    if said.startswith(_OPTIONAL_MARK):
        return _optional(text, token, said)
    if said.startswith(_CONTAINER_MARK):
        return _contained(text, token, said)
    if said == ASSIGNED:  # "is true" of a value assigned: any value that is not empty
        return text.replace(f"{token} is true", f"{token} is not empty").replace(
            f"{token} is empty or false", f"{token} is empty"
        )
    if said in (KEYWORDS, EXTRA_KEYWORDS) or is_positionals(said):
        return _starred(text, token, said)
    if part_of := _URL_PART_OF.fullmatch(said):  # "`parsed.scheme` is true": the URL has a scheme
        return text.replace(f"{token} is true", f"{part_of[2]} has a {part_of[1]}").replace(
            f"{token} is empty or false", f"{part_of[2]} has no {part_of[1]}"
        )
    return ""


def yes_no_chains(written: str, owner: str, is_local: Callable[[str], bool]) -> dict[str, str]:
    """`self.is_bound`, `self.query.is_sliced`, `user.is_active`: a yes-or-no attribute said by its name ("the
    `QuerySet`'s query is sliced", "the user is not active"), marked for `phrased`. Of `self` where the class is
    public; of a local whose name is a word (`user`, `token.user`: the code that made it is not said)."""
    if "is_" not in written:
        return {}
    tree = expression(written)
    if tree is None:
        return {}
    called = {id(node.func) for node in breadth.walk(tree) if isinstance(node, ast.Call)}
    found: dict[str, str] = {}
    for node in breadth.walk(tree):
        if not isinstance(node, ast.Attribute) or id(node) in called or not _YES_NO.fullmatch(node.attr):
            continue
        inner = node.value
        middle = inner.attr if isinstance(inner, ast.Attribute) else ""
        base = inner.value if isinstance(inner, ast.Attribute) else inner
        if not isinstance(base, ast.Name) or middle.startswith("_"):
            continue
        if base.id == "self" and owner:  # a public class
            subject = f"the {code(owner)}"
        elif is_local(base.id) and _WORD.fullmatch(base.id):
            subject = f"the {base.id.replace('_', ' ')}"
        else:
            continue
        chain = f"{base.id}." + (f"{middle}." if middle else "") + node.attr
        subject += f"'s {middle.replace('_', ' ')}" if middle else ""
        found[chain] = f"{_YES_NO_MARK}{subject}{marks.SEPARATOR}{_complement(node.attr[3:].replace('_', ' '))}"
    return found


# The words after `is_` read as an adjective ("is sliced", "is active"); any other last word is a noun, said with
# its article ("is a relation", "is an abstract model"), as English wants.
_ADJECTIVE_ENDINGS = ("ed", "en", "ive", "able", "ible", "ic", "al", "ous", "ful", "less", "ent", "ant", "ish", "ing")
_ADJECTIVES = frozenset(
    "empty aware valid finite async absolute set ready open null same safe unique blank free full available public "
    "private hidden visible alive live new old staff dirty naive true false ok nan bound known due clean".split()
)


def _complement(words: str) -> str:
    """ "relation" -> "a relation", "abstract model" -> "an abstract model", "sliced" -> "sliced"."""
    last = words.rpartition(" ")[2]
    if last in _ADJECTIVES or last.endswith(_ADJECTIVE_ENDINGS) or not last.isalpha():
        return words
    return ("an " if words[:1] in "aeiou" else "a ") + words


def without(written: str, chains: dict[str, str]) -> str:
    """The code with each yes-or-no chain read as a constant, so that `self.query` is not a name to say."""
    for chain in chains:
        written = written.replace(chain, "True")
    return written


def _starred(text: str, token: str, said: str) -> str:
    """The harvest's words on `args`/`kwargs` said of what the reader passes: "keyword arguments are given", "the
    `default` keyword argument is not given" (for `'default' not in kwargs`)."""
    if said in (KEYWORDS, EXTRA_KEYWORDS):
        text = re.sub(rf"{token} does not contain `'(\w+)'`", r"the `\1` keyword argument is not given", text)
        text = re.sub(rf"{token} contains `'(\w+)'`", r"the `\1` keyword argument is given", text)
    text = text.replace(f"{token} is true", f"{said} are given").replace(
        f"{token} is empty or false", f"no {said} are given"
    )
    # "`args` has fewer than 2 items": counted, in the plural.
    counts = "does not have exactly|has exactly|has fewer than|has more than|has at most|has at least"
    text = re.sub(rf"{token} ({counts}) (\d+) items?", lambda found: _counted(found[1], int(found[2]), said), text)
    # "`args` has more items than `fields`": how many are given, against the other's items; "the positional
    # arguments have more items than" read as if each argument held items (`len(args) > len(fields)`).
    text = re.sub(
        rf"{token} {_AS_MANY} ({_OTHER})",
        lambda found: f"the number of {said} given {_AS_MANY_SAID[found[1]]} the number of items in {found[2]}",
        text,
    )
    # Anything else the harvest says of them (`args == (None,)`), with its verb in the plural.
    return re.sub(
        rf"{token} (is|has|does|equals|contains|holds)\b", lambda found: f"the {said} {_PLURAL[found[1]]}", text
    )


def _counted(how: str, number: int, said: str) -> str:
    """ "fewer than 2 positional arguments are given"; "exactly 1 positional argument is given"."""
    how = {"does not have exactly": "not exactly"}.get(how, how.removeprefix("has "))
    one = number == 1 and how in ("more than", "at most", "not exactly", "exactly")
    if one:  # "positional argument", also inside "`classes` (positional argument after `converter`)"
        said = said.replace(POSITIONALS, POSITIONALS.removesuffix("s")).replace(KEYWORDS, KEYWORDS.removesuffix("s"))
    return f"{how} {number} {said} {'is' if one else 'are'} given"


def url_part(name: str, definition: Callable[[str], str | None], argument: Callable[[str], str]) -> str:
    """ "the scheme of the `redirect_to` argument" for `parsed.scheme`, where `parsed` is `urlsplit(url)` (or
    `urlparse`) of an argument, as it is or through `str()`; "" otherwise. `definition`: a local's one definition
    reaching the test ("" for none, None when several may); `argument`: an entry point's argument by parameter."""
    root, _, part = name.partition(".")
    if part not in URL_PARTS:
        return ""
    split = URL_SPLIT.fullmatch(definition(root) or "")
    if not split:
        return ""
    given = split[1]
    for _step in range(3):  # `redirect_to_str = str(redirect_to)`: the argument, converted
        defined = definition(given)
        if defined == "":
            break
        conversion = re.fullmatch(r"str\(\s*+(\w++)\s*+\)", defined or "")
        if conversion is None:
            return ""
        given = conversion[1]
    # The site's parameter the entry point hands on (the evidence lists a parameter the test reads directly).
    said = argument(given)
    starred = said in (KEYWORDS, EXTRA_KEYWORDS, ASSIGNED) or is_positionals(said)
    return f"the {part} of {said}" if said and not starred else ""


def popped(name: str, defined: str, argument: Callable[[str], str]) -> str:
    """`self.child = kwargs.pop('child', copy.deepcopy(self.child))` in the function, of its `**kwargs`: "the
    `child` keyword argument (when not given, the class's `child`)"; "" for anything else."""
    found = POPPED.match(defined)
    if not found or not defined.endswith(")") or argument(found[1]) != KEYWORDS:
        return ""
    key, default = found[2], (defined[found.end() : -1].strip() or "None")
    attribute = name.partition(".")[2]
    if default == "None":
        return f"the {code(key)} keyword argument (`None` when not given)"
    if default in (name, f"copy.deepcopy({name})", f"copy.copy({name})") and attribute == key:
        return f"the {code(key)} keyword argument (when not given, the class's {code(attribute)})"
    return ""


def optional_module(row: dict) -> str:
    """A module-level name whose value says whether a module could be imported (the harvest's "module_names" row of
    kind "optional"), marked for `phrased`; "" for a row that does not say it."""
    module, installed, missing = (str(row.get(key) or "") for key in ("module", "installed", "missing"))
    if not _DOTTED_MODULE.fullmatch(module) or installed not in ("True", "module") or missing not in ("None", "False"):
        return ""
    installs = "1" if row.get("installs") == module and "." not in module else ""
    return _OPTIONAL_MARK + marks.SEPARATOR.join((module, installs, installed, missing))


def _optional(text: str, token: str, said: str) -> str:
    """ "the `msgpack` package is not installed" where the message itself names the package to install; "the `yaml`
    module cannot be imported (not installed)" where nothing proves the package's name (never a pip name guessed)."""
    module, installs, installed, missing = said.removeprefix(_OPTIONAL_MARK).split(marks.SEPARATOR)
    if installs:
        yes, no = f"the {code(module)} package is installed", f"the {code(module)} package is not installed"
    else:
        yes, no = f"the {code(module)} module can be imported", f"the {code(module)} module cannot be imported"
        no += "" if "." in module else " (not installed)"
    pairs = [(f"{token} is empty or false", no), (f"{token} is true", yes)]
    if missing == "None":
        pairs += [(f"{token} is not `None`", yes), (f"{token} is `None`", no)]
    elif installed == "True":
        pairs += [(f"{token} is not `False`", yes), (f"{token} is `False`", no), (f"{token} is `True`", yes)]
    for old, new in pairs:
        text = text.replace(old, new)
    return UNSAID if token in text else text


def container(name: str, row: dict) -> str:
    """A module-level literal container the module never changes (the harvest's "module_names" row of kind
    "literal"), marked for `phrased`; "" for a row that does not say it."""
    items = [str(item) for item in row.get("items") or [] if isinstance(item, str)]
    count = row.get("count")
    if not items or not isinstance(count, int) or count < len(items) or row.get("type") not in _HELD:
        return ""
    return _CONTAINER_MARK + marks.SEPARATOR.join((name, str(row["type"]), str(count), *items))


_HELD = {"dict": "keys", "tuple": "values", "list": "values", "set": "values", "frozenset": "values"}


def listed(said: str) -> str:
    """A container's items as a reader reads them: "`'csv'`, `'json'` or `'toml'`"; of a larger one, "the 10 keys of
    `converters` (`'json'`, `'jsn'`, `'yaml'`, …)"."""
    name, kind, count, *items = said.removeprefix(_CONTAINER_MARK).split(marks.SEPARATOR)
    shown = [code(item) for item in items]
    if int(count) == len(items) and len(items) <= MAX_LISTED:
        return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    return f"the {count} {_HELD[kind]} of {code(name)} ({', '.join(shown[:4])}, …)"


def is_marked(said: str) -> bool:
    """Whether `said` is an optional import's or a container's replacement, which only `phrased` can word."""
    return said.startswith((_OPTIONAL_MARK, _CONTAINER_MARK))


def _contained(text: str, token: str, said: str) -> str:
    """ "`x` is not one of `'csv'` or `'json'`" for the harvest's "`NAME` does not contain `x`"."""
    values = listed(said)
    text = re.sub(
        rf"{re.escape(token)} (does not contain|contains) (`[^`\n]++`|\w++)",
        lambda found: f"{found[2]} {'is not' if found[1] == 'does not contain' else 'is'} one of {values}",
        text,
    )
    return UNSAID if token in text else text


ARGUMENT_GLOSS = " is an argument"  # `Reader`'s gloss of a name that is the site function's own argument


def aside(glosses: list[str]) -> str:
    """What the names of a condition stand for, as one aside after it: " (`loader` is `MigrationLoader(None)`)".
    The arguments among them are said together, "`app_label` and `migration_name` are arguments", not one
    "`x` is the argument of that name" each (round 31's card 07); "" for none."""
    arguments = [gloss.removesuffix(ARGUMENT_GLOSS) for gloss in glosses if gloss.endswith(ARGUMENT_GLOSS)]
    if len(arguments) > 1:  # said together where the first of them was
        at = next(i for i, gloss in enumerate(glosses) if gloss.endswith(ARGUMENT_GLOSS))
        rest = [gloss for gloss in glosses if not gloss.endswith(ARGUMENT_GLOSS)]
        rest.insert(at, f"{', '.join(arguments[:-1])} and {arguments[-1]} are arguments")
        glosses = rest
    return f" ({'; '.join(glosses)})" if glosses else ""


# What two arguments are said to be, the same words each: "the `a` argument is given and the `b` argument is given"
# is said "the `a` and `b` arguments are given" (round 31's card 07).
_SHARED = ("is given and not empty", "is not given (or empty)", "is given", "is not given", "is true", "is false")


def paired(text: str) -> str:
    """A sentence or a condition with two neighbours that say the same of two arguments said as one clause. Run on
    what the card shows, never on a condition other rules still read by its words ("the `x` argument")."""
    if " is not " in text:
        text = _neither(text)
    if " and the `" not in text:
        return text
    first, *others = text.split(" and the `")
    out = [first]
    for other in others:
        merged = _pair(out[-1], "the `" + other)
        if merged:
            out[-1] = merged
        else:
            out.append("the `" + other)
    return " and ".join(out)


_NOUNS = ("argument", "keyword argument", "flag")  # what the two are: "the `--a` and `--b` flags are set"


def _pair(first: str, second: str) -> str:
    """ "... the `a` and `b` arguments are given, ..." of "... the `a` argument is given" and "the `b` argument is
    given, ..."; "" where they are not two such clauses."""
    for noun in _NOUNS:
        for shared in (*_SHARED, "is set"):
            ending = f"` {noun} {shared}"
            if not first.endswith(ending):
                continue
            lead, found, a = first.removesuffix(ending).rpartition("the `")
            b, tick, rest = second.removeprefix("the `").partition(ending)
            if not (found and tick and _plain_name(a) and _plain_name(b) and a != b and _ends_a_clause(rest)):
                continue
            return f"{lead}the `{a}` and `{b}` {noun}s {shared.replace('is', 'are', 1)}{rest}"
    return ""


def _neither(text: str) -> str:
    """ "the value assigned is neither an instance of `int` nor `None`" of "the value assigned is not an instance of
    `int` and the value assigned is not `None`" (round 37's card 03), and "`x` is not one of `'a'`, `'b'` or `'c'`"
    of three or more literals so denied: neighbouring clauses that deny things of one subject, said once."""
    parts = text.split(" and ")
    out = [parts[0]]
    run: list[str] = []  # [lead, subject, denied...] of the clauses being merged into out[-1]
    rest = ""
    for part in parts[1:]:
        subject, found, denied = part.partition(" is not ")
        end = min((at for mark in (" (", ", ", ". ", "; ") if (at := denied.find(mark)) >= 0), default=len(denied))
        value = denied[:end].removesuffix(".")
        tail = denied[len(value) :]
        fits = found and subject and _denied(value) and (not tail or _ends_a_clause(tail))
        if fits and run and not rest and subject == run[1] and value not in run[2:]:
            run.append(value)
            rest = tail
            out[-1] = _denial(run, rest)
            continue
        lead, said, first = out[-1].rpartition(f"{subject} is not ")
        if fits and said and (not lead or lead.endswith(_CLAUSE_STARTS)) and _denied(first) and first != value:
            # the whole subject (`lead` ends a clause's start: not "the length of `x`"'s `x`), its last clause
            run, rest = [lead, subject, first, value], tail
            out[-1] = _denial(run, rest)
        else:
            run, rest = [], ""
            out.append(part)
    return " and ".join(out)


def _denial(run: list[str], rest: str) -> str:
    lead, subject, *values = run
    if len(values) == 2:
        return f"{lead}{subject} is neither {values[0]} nor {values[1]}{rest}"
    if all(v.startswith("`") and v.endswith("`") and v.count("`") == 2 for v in values):
        return f"{lead}{subject} is not one of {', '.join(values[:-1])} or {values[-1]}{rest}"
    return " and ".join([f"{lead}{subject} is not {values[0]}", *(f"{subject} is not {v}" for v in values[1:])]) + rest


_CLAUSE_STARTS = ("when ", "if ", "where ", "- ", "unless ", "once ")


def _denied(what: str) -> bool:
    """What a clause may deny for `_neither`: a value or a kind in a few words, no clause of its own."""
    return bool(what) and len(what) <= 60 and not any(w in what for w in (" is ", " or ", " nor ", "(", ",", ";"))


def _ends_a_clause(rest: str) -> bool:
    """What may follow a clause: nothing, punctuation, an aside or another condition, never the rest of a longer
    predicate ("is given" of "is given and not empty")."""
    return (
        not rest
        or rest.startswith((" (", ",", ".", ";"))
        or (rest.startswith(" and ") and not rest.startswith(" and not "))
    )


def _plain_name(name: str) -> bool:
    """An argument's or a flag's name alone (`app_label`, `--run-syncdb`), no code around it."""
    return bool(name) and name.removeprefix("--").replace("-", "_").isidentifier()
