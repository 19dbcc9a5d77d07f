"""What the documentation says of the argument a raise tests (issue 29): the library's word for what the reader
passed, and often why the value is refused. "`FilteredRelation.condition` is documented (…) as: “A Q object to
control the filtering.”", beside "Calling `FilteredRelation()` raises this when the `condition` argument is not
an instance of `Q`".

The harvest records the attributes the documentation defines under the very names a constructor is called with
(`parameter_docs`, kb/harvest/evidence/parameters.py), and the sentence of a function's description that names
its parameter as a literal (`reverse()`'s ``viewname``). A quote is made only where the card's own condition names
that argument of the entry point the reader calls: matched by names, never by loose words."""

import re
from collections.abc import Sequence

from kb.cards.links import place
from kb.cards.reader import EntryPoint
from kb.models import ErrorEntry, RaiseSite
from kb.text.escaping import code, plain

MAX_QUOTES = 2
SETTINGS = "settings"  # the owner of a setting's entry, as kb/harvest/evidence/parameters.py records it
# How the card names a setting and a constructor's argument kept on the object (`self.timezone`).
_SETTING_SAID = re.compile(r"the `([A-Z][A-Z0-9_]++)` setting|the setting `([A-Z][A-Z0-9_]++)`")
_KEPT_ARGUMENT = re.compile(r"the `(\w++)` argument of `([\w.]++)\(\)`")
# The class's own attribute, as `Reader` says it: "the `TemplateResponseMixin`'s `template_name`", "`Index.suffix`
# (by default ...)".
_OWN_ATTRIBUTE = re.compile(r"the `(\w++)`'s `(\w++)`|`(\w++)\.(\w++)` \(by default")
_CONSTRUCTORS = ("__init__", "__new__", "__post_init__", "__attrs_post_init__")


def documented_arguments(entry: ErrorEntry, views: Sequence[tuple[RaiseSite, EntryPoint | None, str]]) -> str:
    """Sentences quoting the documentation of each argument a site's condition (`deciding`, as the card says it)
    names, or "". `views`: (site, its public entry point, its condition in words)."""
    rows = [row for row in (entry.evidence or {}).get("parameter_docs") or [] if _usable(row)]
    if not rows:
        return ""
    documented = {(row["owner"], row["name"]): row for row in rows}
    quoted: list[str] = []
    done: set[tuple[str, str]] = set()
    for site, point, deciding in views:
        for owner, name in _tested(site, point, deciding):
            row = documented.get((owner, name))
            if row is None or len(quoted) == MAX_QUOTES or (owner, name) in done:
                continue
            said = plain(row["said"], 300)
            said = said[:-1] + "…" if said.endswith(":") else said  # what followed the colon is not quoted
            where = place(entry, row["path"], row.get("line"), entry.analysed_commit)
            if owner == SETTINGS:
                sentence = f"The {code(name)} setting is documented ({where}) as: “{said}”"
            elif row.get("of") == "callable":  # a sentence of the function's own description naming the argument
                sentence = f"The documentation of {code(owner + '()')} ({where}) says of {code(name)}: “{said}”"
            else:
                sentence = f"{code(owner + '.' + name)} is documented ({where}) as: “{said}”"
            sentence += "" if said.endswith((".", "!", "?", "…")) else "."
            done.add((owner, name))
            quoted.append(sentence)
    return " ".join(quoted)


def _usable(row: object) -> bool:
    return isinstance(row, dict) and all(isinstance(row.get(k), str) and row[k] for k in ("owner", "name", "said"))


def _tested(site: RaiseSite, point: EntryPoint | None, deciding: str) -> list[tuple[str, str]]:
    """(owner, name) pairs the condition `deciding` names: a setting; an argument a constructor kept on the object
    ("the `default_timezone` argument of `DateTimeField()`"); an attribute of the object's class ("the
    `TemplateResponseMixin`'s `template_name`"); an argument of the entry point `point`."""
    if not deciding:
        return []
    said = [(SETTINGS, found[1] or found[2]) for found in _SETTING_SAID.finditer(deciding)]
    said += [(owner.rpartition(".")[2], argument) for argument, owner in _KEPT_ARGUMENT.findall(deciding)]
    said += [(found[1] or found[3], found[2] or found[4]) for found in _OWN_ATTRIBUTE.finditer(deciding)]
    return said + _passed(site, point, deciding)


def _passed(site: RaiseSite, point: EntryPoint | None, deciding: str) -> list[tuple[str, str]]:
    """A function's or method's own argument; a constructor's, under the class called and under the class whose
    `__init__` raises (a subclass hands it on: `CharField(required=…)` reaches `Field.__init__`)."""
    if point is None:
        return []
    made = _constructed(point.function, point.kind)
    if not made and point.kind in ("function", "method"):  # its description's sentences on its parameters
        named = ".".join(point.function.split(".")[-2:]) if point.kind == "method" else point.function
        return [(named, a) for a in point.arguments.values() if _names(deciding, a)]
    if not made:
        return []
    function = site.evidence.get("function") if isinstance(site.evidence, dict) else None
    raising = _constructed(str(function.get("name") or ""), "") if isinstance(function, dict) else ""
    pairs = []
    for parameter, argument in point.arguments.items():
        if argument.startswith("*") or not _names(deciding, argument):
            continue
        pairs.append((made, argument))
        if raising and raising != made:
            pairs.append((raising, parameter))
    return pairs


def _names(deciding: str, argument: str) -> bool:
    """Whether the condition names `argument` as the entry point's own ("the `x` argument"), not as the argument
    another constructor kept ("the `x` argument of `C()`")."""
    said = f"the {code(argument)} argument"
    return any(not rest.startswith(" of `") for rest in deciding.split(said)[1:])


def _constructed(function: str, kind: str) -> str:
    owner, _, last = function.rpartition(".")
    if last in _CONSTRUCTORS:
        return owner.rpartition(".")[2]
    return last if kind == "constructor" and last[:1].isupper() else ""
